-- The patient gets their link back without a human (issue 43, item 2). Before this migration a
-- lost link (the e-mail is optional, so for most patients the thank-you page was the only copy)
-- needed a WhatsApp message to staff. Now the dead-link page and /r/ ask
--   public.request_patient_link(_contact)   (anon: the phone number or e-mail of the request)
-- which answers the same whether or not a request has that contact (nothing, or PT429 over a limit
-- that counts every ask, matched or not), and queues, for each live request with that contact, one
-- "your link again" message in private.patient_link_resends. The message goes only to the
-- request's own contact, never to what was typed: by e-mail when the request has one (the
-- delivery worker, public.claim_patient_link_resends / public.finish_patient_link_resend, through
-- the recipient policy private.outbound_verdict with the kind 'patient_link_again'); a request
-- without an e-mail queues a 'whatsapp' row that waits for the WhatsApp worker (issue 45: it claims
-- the rows with channel 'whatsapp' and asks the policy with a WhatsApp kind), else it is given up
-- after 24 hours like every other outbox row.
--
-- The link is replaced when the policy lets the message go (not when it is asked for, so an ask
-- the policy refuses never kills a working link): a new token is made here, its hash replaces the
-- old one (which stops working at once), the raw token lives only in the outbox row until the mail
-- is delivered or given up. Staff see the ask and the new link on the request's timeline
-- ('patient_link' asked_again / reissued) and the delivery ('automatic_message' sent, by the
-- policy).
--
-- Limits: per caller address per hour and per typed contact (number or address) per day, counted
-- in private.patient_link_asks by a keyed hash (private.outbound_recipient_hash, the policy's key;
-- no lead, no clear text; kept one day); per recipient, the policy's caps (3 of this kind a day,
-- and its cap across kinds).

insert into private.outbound_kinds (kind, channel, per_recipient_per_day, needs_opened_link, quiet_hours)
values ('patient_link_again', 'email', 3, false, false);

alter table private.patient_page_limits
  add column link_asks_per_address_per_hour integer not null default 10
    check (link_asks_per_address_per_hour > 0),
  add column link_asks_per_contact_per_day integer not null default 5
    check (link_asks_per_contact_per_day > 0);

-- Every ask for a link again, matched or not, for the limits. The contact is a keyed hash of the
-- normalized number or address: nothing here names a person or says whether a request matched.
create table private.patient_link_asks (
  id bigint generated always as identity primary key,
  contact_hash bytea not null check (octet_length(contact_hash) = 32),
  client_address text,
  asked_at timestamptz not null default now()
);
comment on table private.patient_link_asks is
  'Asks for a patient link again (public.request_patient_link), matched or not, for its limits: the keyed hash of the typed contact and the caller''s address; kept one day.';
create index patient_link_asks_contact_idx on private.patient_link_asks (contact_hash, asked_at desc);
create index patient_link_asks_address_idx on private.patient_link_asks (client_address, asked_at desc);
alter table private.patient_link_asks enable row level security;
revoke all on table private.patient_link_asks from public, anon, authenticated;

-- The outbox of "your link again": one open row per request at most. link_token holds the new raw
-- token from the moment the policy let the message go until it is delivered or given up.
create table private.patient_link_resends (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.offer_leads (id) on delete cascade,
  asked_at timestamptz not null default now(),
  channel text not null check (channel in ('email', 'whatsapp')),
  link_token text,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  gave_up_at timestamptz,
  constraint patient_link_resends_token_wiped check (
    link_token is null or (sent_at is null and gave_up_at is null)
  )
);
comment on table private.patient_link_resends is
  'The outbox of the patient''s link sent again on their ask (public.request_patient_link): to the request''s own e-mail (or WhatsApp, channel whatsapp, for the WhatsApp worker); the raw new token only until delivered or given up.';
create unique index patient_link_resends_one_open on private.patient_link_resends (lead_id)
  where sent_at is null and gave_up_at is null;
create index patient_link_resends_due_idx on private.patient_link_resends (next_attempt_at)
  where sent_at is null and gave_up_at is null;
alter table private.patient_link_resends enable row level security;
revoke all on table private.patient_link_resends from public, anon, authenticated;

-- The patient asks for their link again by the phone number or e-mail of their request. Answers
-- nothing, the same whether or not a request has that contact; refuses a contact that is neither
-- (22023, hint patient_link_contact) and too many asks (PT429, hint rate_limited), both before
-- anything is looked up.
create function public.request_patient_link(_contact text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  typed text := btrim(coalesce(_contact, ''));
  address text := host(private.client_address());
  limits private.patient_page_limits;
  is_email boolean := position('@' in btrim(coalesce(_contact, ''))) > 0;
  typed_email text;
  typed_phone text;
  national boolean := false;
  contact bytea;
  recent integer;
  matched record;
begin
  if char_length(typed) > 200 then
    typed := '';
  end if;
  if is_email then
    typed_email := private.outbound_normal_address('email', typed);
    contact := private.outbound_recipient_hash('email', typed);
  elsif typed <> '' then
    typed_phone := public.canonical_phone(null, typed);
    if typed_phone !~ '^[0-9]{7,15}$' then
      typed_phone := null;
    end if;
    -- Typed without its country code (0501234567): matched by its national digits.
    national := (public.normalize_phone(typed)).country_code is null
      and typed !~ '^[\s\u00a0\u200e\u200f\u2066-\u2069]*(\+|\uff0b|00|٠٠|۰۰)';
    contact := private.outbound_recipient_hash('whatsapp', typed_phone);
  end if;
  if contact is null then
    raise exception 'Type the phone number or e-mail address of your request'
      using errcode = '22023', hint = 'patient_link_contact';
  end if;

  select * into limits from private.patient_page_limits;
  perform pg_advisory_xact_lock(hashtextextended('patient_link_ask:' || encode(contact, 'hex'), 0));
  if address is not null then
    select count(*) into recent from private.patient_link_asks a
    where a.client_address = address and a.asked_at > now() - interval '1 hour';
    if recent >= limits.link_asks_per_address_per_hour then
      raise exception 'Too many asks for a link from this address, try again later'
        using errcode = 'PT429', hint = 'rate_limited',
              detail = format('limit: %s asks per address per hour', limits.link_asks_per_address_per_hour);
    end if;
  end if;
  select count(*) into recent from private.patient_link_asks a
  where a.contact_hash = contact and a.asked_at > now() - interval '24 hours';
  if recent >= limits.link_asks_per_contact_per_day then
    raise exception 'Too many asks for a link for this contact, try again tomorrow'
      using errcode = 'PT429', hint = 'rate_limited',
            detail = format('limit: %s asks per number or address per day', limits.link_asks_per_contact_per_day);
  end if;
  insert into private.patient_link_asks (contact_hash, client_address) values (contact, address);
  delete from private.patient_link_asks a where a.asked_at < now() - interval '1 day';

  -- The live requests with that contact (not in the bin, not held, within retention: the ones
  -- whose link would open), the newest three.
  for matched in
    select r.id, r.lead_id, r.email
    from public.contact_requests r
    cross join private.retention_settings s
    where r.deleted_at is null
      and r.held_reason is null
      and r.updated_at >= now() - make_interval(
        months => case when r.status = 'cancelled' then s.keep_cancelled_months else s.keep_months end)
      and case
        when is_email then r.email is not null
          and private.outbound_normal_address('email', r.email) = typed_email
        else r.phone_key = typed_phone
          or (national and char_length(typed_phone) >= 8
              and public.same_national_digits(r.phone_key, typed_phone))
      end
    order by r.created_at desc
    limit 3
  loop
    insert into private.patient_link_resends (lead_id, channel)
    values (matched.lead_id, case when matched.email is not null then 'email' else 'whatsapp' end)
    on conflict (lead_id) where sent_at is null and gave_up_at is null do nothing;
    perform private.add_request_event(matched.id, 'patient_link', null, 'asked_again');
  end loop;
end
$$;
comment on function public.request_patient_link(text) is
  'Anyone: sends the patient link of the live requests with this phone number or e-mail again, to each request''s own contact (through the outbox and the recipient policy); answers the same whether or not one exists; limited per caller address and per typed contact.';

-- The delivery worker claims due e-mail rows. For each, the recipient policy decides; a 'send'
-- replaces the request's link (the old one dies here) unless this row already holds its new
-- token (a retry); a 'wait' moves the row; a 'drop' gives it up and the old link keeps working.
create function public.claim_patient_link_resends(_limit integer default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
  decision record;
  raw text;
  allowed bigint[] := '{}';
  claimed_rows jsonb;
begin
  update private.patient_link_resends q
  set gave_up_at = now(), claimed_until = null, link_token = null,
      last_error = coalesce(q.last_error, 'not delivered within 24 hours')
  where q.sent_at is null and q.gave_up_at is null
    and q.asked_at < now() - interval '24 hours'
    and (q.claimed_until is null or q.claimed_until < now());

  for due in
    select q.id, q.lead_id, q.link_token, r.id as request_id, r.email
    from private.patient_link_resends q
    join public.contact_requests r on r.lead_id = q.lead_id
    where q.channel = 'email' and q.sent_at is null and q.gave_up_at is null
      and q.next_attempt_at <= now()
      and (q.claimed_until is null or q.claimed_until < now())
    order by q.next_attempt_at
    limit greatest(1, least(coalesce(_limit, 20), 100))
    for update of q skip locked
  loop
    select * into decision
    from private.outbound_verdict('patient_link_again', due.lead_id, due.email, 'link-again:' || due.id);
    if decision.verdict = 'send' then
      if due.link_token is null then
        raw := private.new_patient_token();
        insert into private.patient_pages (lead_id, token_hash, token_issued_at, token_issued_by)
        values (due.lead_id, private.patient_token_hash(raw), now(), null)
        on conflict (lead_id) do update
          set token_hash = excluded.token_hash, token_issued_at = excluded.token_issued_at,
              token_issued_by = null;
        -- A confirmation not yet delivered carries the live link too.
        update private.patient_confirmations c set link_token = raw
        where c.lead_id = due.lead_id and c.sent_at is null and c.gave_up_at is null;
        update private.patient_link_resends q set link_token = raw where q.id = due.id;
        perform private.add_request_event(due.request_id, 'patient_link', null, 'reissued');
      end if;
      allowed := allowed || due.id;
    elsif decision.verdict = 'wait' then
      update private.patient_link_resends q set next_attempt_at = decision.not_before
      where q.id = due.id;
    else
      update private.patient_link_resends q
      set gave_up_at = now(), claimed_until = null, link_token = null,
          last_error = 'policy: ' || decision.reason
      where q.id = due.id;
    end if;
  end loop;

  with claimed as (
    update private.patient_link_resends q
    set attempts = q.attempts + 1, claimed_until = now() + interval '2 minutes'
    where q.id = any (allowed)
    returning q.id, q.lead_id, q.attempts, q.link_token
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', c.id, 'lead_id', c.lead_id, 'attempt', c.attempts, 'link_token', c.link_token,
    'language', r.language, 'first_name', private.outbound_greeting_name(r.name), 'email', r.email,
    'reference', r.reference
  )), '[]'::jsonb)
  into claimed_rows
  from claimed c
  join public.contact_requests r on r.lead_id = c.lead_id
  where r.email is not null;
  return claimed_rows;
end
$$;
comment on function public.claim_patient_link_resends(integer) is
  'Service role: claims due "your link again" e-mails the recipient policy lets go, replacing each request''s link (the old one stops) and handing the new token to the worker once.';

-- The worker reports a delivery (the policy's timeline event; the token is wiped) or a failure
-- (retried with backoff until 24 hours after the ask).
create function public.finish_patient_link_resend(_id bigint, _sent boolean, _error text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update private.patient_link_resends q
  set sent_at = case when _sent then now() end,
      link_token = case when _sent then null else q.link_token end,
      claimed_until = null,
      last_error = case when _sent then null else left(coalesce(_error, 'unknown error'), 500) end,
      next_attempt_at = case
        when _sent then q.next_attempt_at
        else now() + least(interval '30 seconds' * power(2, greatest(q.attempts - 1, 0)), interval '1 hour')
      end
  where q.id = _id and q.sent_at is null and q.gave_up_at is null;
  if found and _sent then
    perform private.outbound_sent('patient_link_again', 'link-again:' || _id);
  end if;
end
$$;
comment on function public.finish_patient_link_resend(bigint, boolean, text) is
  'Service role: marks a "your link again" e-mail delivered (its token wiped, the policy''s timeline event) or failed (retried later).';

revoke execute on function public.request_patient_link(text) from public;
grant execute on function public.request_patient_link(text) to anon, authenticated, service_role;
revoke execute on function public.claim_patient_link_resends(integer) from public, anon, authenticated;
revoke execute on function public.finish_patient_link_resend(bigint, boolean, text) from public, anon, authenticated;
grant execute on function public.claim_patient_link_resends(integer) to service_role;
grant execute on function public.finish_patient_link_resend(bigint, boolean, text) to service_role;
