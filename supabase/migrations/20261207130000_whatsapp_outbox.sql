-- WhatsApp outbound from the request dialog (issue 46 item 3, ARCHITECTURE section 17). Staff
-- write in the dialog's WhatsApp composer; public.send_whatsapp_message stores the message in
-- public.whatsapp_messages (direction 'out', state 'queued': the table is the outbox) under the
-- write protocol's idempotency key (a repeat answers the stored row, replayed), after the database
-- itself applied the customer-service window: free text only within 24 hours of the patient's last
-- message (of the person's requests, as request_whatsapp counts it), otherwise only a template Meta
-- approved (private.whatsapp_templates). The whatsapp-send edge function claims due rows
-- (public.claim_whatsapp_sends), calls Meta's Graph API and finishes each with Meta's message id or
-- Meta's refusal (public.finish_whatsapp_send); a send Meta could not be reached for is retried
-- with growing delays, five attempts in all. Meta's status webhooks then move the row to sent,
-- delivered, read or failed with Meta's reason (public.whatsapp_status, 20261203150000).

alter table public.whatsapp_messages
  add column attempts integer not null default 0,
  add column next_attempt_at timestamptz,
  add column claimed_until timestamptz,
  add column last_error text,
  add constraint whatsapp_messages_attempts check (attempts between 0 and 20),
  add constraint whatsapp_messages_last_error_length check (char_length(last_error) <= 1000);
comment on column public.whatsapp_messages.next_attempt_at is
  'An outbound message not yet accepted by Meta: when the whatsapp-send worker tries it (again).';

create index whatsapp_messages_due_idx on public.whatsapp_messages (next_attempt_at)
  where direction = 'out' and state = 'queued' and wa_message_id is null;

-- The templates the agency submitted to Meta, by name and language, with the text they render
-- (what the record keeps) and whether Meta approved them. Only an approved one may go out: the
-- owner sets `approved` once Meta's WhatsApp Manager shows the template approved (README checklist).
create table private.whatsapp_templates (
  name text not null,
  language public.site_language not null,
  body text not null,
  approved boolean not null default false,
  -- false: a template of the product's own automatic messages (20261207130500), not for the composer.
  for_staff boolean not null default true,
  primary key (name, language),
  constraint whatsapp_templates_name check (name ~ '^[a-z0-9_]+$' and char_length(name) <= 512),
  constraint whatsapp_templates_body check (char_length(body) between 1 and 1024)
);
comment on table private.whatsapp_templates is
  'WhatsApp message templates submitted to Meta (name, language, rendered text) and whether Meta approved them (issue 46).';
alter table private.whatsapp_templates enable row level security;
revoke all on table private.whatsapp_templates from public, anon, authenticated;
grant select on table private.whatsapp_templates to service_role;

-- What the product submits for approval (utility templates without variables, so the text that
-- went out is the text stored). Not approved until Meta says so.
insert into private.whatsapp_templates (name, language, body) values
  ('rihla_follow_up', 'ar', 'مرحباً، هنا رحلة كير. نتابع طلبك ويسعدنا الرد على أسئلتك. اكتب لنا هنا متى شئت.'),
  ('rihla_follow_up', 'en', 'Hello, this is Rihla Care. We are following up on your request and are happy to answer your questions. Write to us here any time.'),
  ('rihla_reach_you', 'ar', 'مرحباً، هنا رحلة كير. حاولنا التواصل معك بخصوص طلبك. متى يناسبك أن نتحدث؟'),
  ('rihla_reach_you', 'en', 'Hello, this is Rihla Care. We tried to reach you about your request. When would suit you to talk?');

-- A message sent from the dialog is a contact with the patient on the timeline (as a logged wa.me
-- message is), so the first-contact clock stops when staff answer through the Cloud API.
insert into private.request_event_kinds (kind) values ('whatsapp_out');
insert into private.contact_event_kinds (kind) values ('whatsapp_out');

-- The approved templates staff may send, for the composer (outside the window, the only choice).
create function public.whatsapp_templates()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_live_staff();
  return coalesce((
    select jsonb_agg(jsonb_build_object('name', t.name, 'language', t.language, 'body', t.body)
      order by t.name, t.language)
    from private.whatsapp_templates t
    where t.approved and t.for_staff
  ), '[]'::jsonb);
end
$$;
comment on function public.whatsapp_templates() is
  'The WhatsApp templates Meta approved, for the dialog''s composer (issue 46).';

-- Queues one WhatsApp message to the patient of `_request_id`: free text `_text`, or the approved
-- template `_template` in `_template_language` (the request's language when null). Refusals, by
-- name: request_not_found (PT404: not a request the caller may act on), whatsapp_message_choice
-- (22023: neither or both), whatsapp_text_length (23514: 1 to 4096 characters),
-- whatsapp_window_closed (23514: free text more than 24 hours after the patient last wrote, or
-- before they ever wrote; detail: when the patient last wrote), whatsapp_template_not_approved
-- (PT404), whatsapp_no_number (23514: the request holds no number WhatsApp can reach). A repeat of
-- `_idempotency_key` answers the stored message, replayed, and queues nothing.
create function public.send_whatsapp_message(
  _request_id uuid,
  _text text,
  _template text,
  _template_language text,
  _idempotency_key text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.contact_requests := private.staff_request(_request_id);
  replay jsonb;
  staff record;
  text_sent text := nullif(btrim(private.without_bidi_controls(coalesce(_text, ''))), '');
  template private.whatsapp_templates;
  last_inbound timestamptz;
  saved public.whatsapp_messages;
begin
  replay := private.replayed_answer('send_whatsapp_message', _idempotency_key);
  if replay is not null then
    return replay;
  end if;
  if (text_sent is null) = (_template is null) then
    raise exception 'a WhatsApp message is a text or a template'
      using errcode = '22023', hint = 'whatsapp_message_choice';
  end if;
  if coalesce(target.phone_key, '') !~ '^[0-9]{6,15}$' then
    raise exception 'this request holds no number WhatsApp can reach'
      using errcode = '23514', hint = 'whatsapp_no_number';
  end if;
  select max(m.sent_at) into last_inbound
  from public.whatsapp_messages m
  join public.contact_requests r on r.id = m.request_id and r.deleted_at is null
  where m.direction = 'in'
    and m.request_id in (select p.id from private.person_request_ids(target.id) p);

  if text_sent is not null then
    if char_length(text_sent) > 4096 then
      raise exception 'a WhatsApp message has 1 to 4096 characters'
        using errcode = '23514', hint = 'whatsapp_text_length';
    end if;
    -- Meta's customer-service window: free text only within 24 hours of the patient's last message.
    if last_inbound is null or last_inbound <= now() - interval '24 hours' then
      raise exception 'free text only within 24 hours of the patient''s last message'
        using errcode = '23514', hint = 'whatsapp_window_closed',
              detail = coalesce(to_char(last_inbound at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'never');
    end if;
  else
    select * into template from private.whatsapp_templates t
    where t.name = _template and t.approved and t.for_staff
      and t.language = coalesce(nullif(_template_language, ''), target.language::text)::public.site_language;
    if template.name is null then
      raise exception 'no approved WhatsApp template %', _template
        using errcode = 'PT404', hint = 'whatsapp_template_not_approved';
    end if;
  end if;

  select s.id, s.username into staff from private.current_staff() s;
  insert into public.whatsapp_messages (
    request_id, direction, kind, body, phone_key, state, author_id, author,
    template_name, template_language, next_attempt_at
  )
  values (
    target.id, 'out', case when template.name is null then 'text' else 'template' end,
    coalesce(text_sent, template.body), target.phone_key, 'queued', staff.id, staff.username,
    template.name, template.language::text, now()
  )
  returning * into saved;
  perform private.add_request_event(target.id, 'whatsapp_out', null, saved.kind);
  return private.remember_answer(
    'send_whatsapp_message', _idempotency_key, to_jsonb(saved) - 'phone_key'
  );
end
$$;
comment on function public.send_whatsapp_message(uuid, text, text, text, text) is
  'Queues a WhatsApp message to a request''s patient under the 24-hour window, once per idempotency key (issue 46).';

-- Claims up to `_limit` due outbound messages for two minutes (the worker's claim; a claim not
-- finished in time is claimed again), counting the attempt. A message whose request went (erased,
-- in the bin) is never sent: the cascade removed it, the bin's are skipped.
create function public.claim_whatsapp_sends(_limit integer default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed jsonb;
begin
  with due as (
    select m.id from public.whatsapp_messages m
    join public.contact_requests r on r.id = m.request_id and r.deleted_at is null
    where m.direction = 'out' and m.state = 'queued' and m.wa_message_id is null
      and m.next_attempt_at <= now()
      and (m.claimed_until is null or m.claimed_until < now())
    order by m.next_attempt_at
    limit greatest(1, least(coalesce(_limit, 20), 100))
    for update of m skip locked
  ), updated as (
    update public.whatsapp_messages m
    set claimed_until = now() + interval '2 minutes', attempts = m.attempts + 1
    from due where m.id = due.id
    returning m.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'message_id', u.id, 'to', u.phone_key, 'kind', u.kind, 'body', u.body,
    'template_name', u.template_name, 'template_language', u.template_language,
    'attempts', u.attempts
  ) order by u.next_attempt_at), '[]'::jsonb)
  into claimed from updated u;
  return claimed;
end
$$;
comment on function public.claim_whatsapp_sends(integer) is
  'Claims due outbound WhatsApp messages for the whatsapp-send worker (issue 46).';

-- Finishes one claimed send. `_wa_message_id`: Meta accepted it (its states follow by webhook).
-- Else `_error` ({ code, title, details }) is Meta's refusal or what went wrong: with `_retry`
-- (Meta not reached, a 5xx, a rate limit) the message waits 30 s × 2^attempts and is tried again,
-- up to five attempts; otherwise, or after the fifth, it is failed with that reason, which the
-- dialog shows. Idempotent: a message already accepted or failed stays as it is.
create function public.finish_whatsapp_send(
  _message_id uuid, _wa_message_id text, _error jsonb default null, _retry boolean default false
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  message public.whatsapp_messages;
begin
  select * into message from public.whatsapp_messages m
  where m.id = _message_id and m.direction = 'out' for update;
  if message.id is null then
    return 'gone';
  end if;
  if message.wa_message_id is not null or message.state <> 'queued' then
    return message.state;
  end if;
  if nullif(_wa_message_id, '') is not null then
    update public.whatsapp_messages m
    set wa_message_id = left(_wa_message_id, 200), claimed_until = null, next_attempt_at = null,
        last_error = null
    where m.id = _message_id;
    return 'accepted';
  end if;
  if coalesce(_retry, false) and message.attempts < 5 then
    update public.whatsapp_messages m
    set claimed_until = null,
        next_attempt_at = now() + make_interval(secs => 30 * power(2, greatest(message.attempts - 1, 0))),
        last_error = left(concat_ws(': ', _error ->> 'code', _error ->> 'title', _error ->> 'details'), 1000)
    where m.id = _message_id;
    return 'retry';
  end if;
  update public.whatsapp_messages m
  set state = 'failed', state_at = now(), claimed_until = null, next_attempt_at = null,
      error_code = case when coalesce(_error ->> 'code', '') ~ '^-?[0-9]{1,9}$'
        then (_error ->> 'code')::integer end,
      error_title = left(coalesce(_error ->> 'title', 'not sent'), 300),
      error_detail = left(_error ->> 'details', 1000)
  where m.id = _message_id;
  return 'failed';
end
$$;
comment on function public.finish_whatsapp_send(uuid, text, jsonb, boolean) is
  'Records the whatsapp-send worker''s outcome of one send: Meta''s id, a retry or the failure (issue 46).';

revoke execute on function public.whatsapp_templates() from public, anon;
revoke execute on function public.send_whatsapp_message(uuid, text, text, text, text) from public, anon;
revoke execute on function public.claim_whatsapp_sends(integer) from public, anon, authenticated;
revoke execute on function public.finish_whatsapp_send(uuid, text, jsonb, boolean) from public, anon, authenticated;
grant execute on function public.whatsapp_templates() to authenticated, service_role;
grant execute on function public.send_whatsapp_message(uuid, text, text, text, text) to authenticated, service_role;
grant execute on function public.claim_whatsapp_sends(integer) to service_role;
grant execute on function public.finish_whatsapp_send(uuid, text, jsonb, boolean) to service_role;
