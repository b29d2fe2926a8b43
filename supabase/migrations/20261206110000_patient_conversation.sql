-- The patient's messages and the manager's replies, one conversation per request (issue 43,
-- item 4). Until now a patient's message was only a timeline event ('patient_message') and the
-- answer never reached their page. Both directions are now rows of public.patient_messages: the
-- patient writes with public.patient_send_message (its throttle kept), staff reply from the
-- request dialog with public.reply_to_patient (the write protocol's idempotency key: a repeat is
-- the same reply), and the page reads the thread with public.patient_conversation by its token.
-- Each message stays a timeline event too ('patient_message', 'patient_reply').
--
-- A table, not the timeline, because the timeline is the staff's record (versions, authors,
-- every kind of change) and the page must read only this conversation. The rows reference the
-- request with on delete cascade, so the admin export and erasure (local/person-data.ts finds
-- them from the catalog), the bin's purge, the patient's withdrawal and the retention reach them
-- with the request (docs/decisions/patient-conversation-table.md).

create table public.patient_messages (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  -- 'patient': written on the patient's page; 'staff': a reply from the request dialog.
  direction text not null,
  -- Who replied (staff only); the name stays when the account goes.
  author_id uuid references private.admin_users (id) on delete set null,
  author text,
  body text not null,
  created_at timestamptz not null default now(),
  constraint patient_messages_direction check (direction in ('patient', 'staff')),
  constraint patient_messages_author check (direction = 'staff' or (author_id is null and author is null)),
  -- The limit of src/lib/field-rules.ts (conversationFields.body), for both directions.
  constraint patient_messages_body_length check (char_length(btrim(body)) between 1 and 1000)
);

comment on table public.patient_messages is
  'The conversation of a request between the patient (their page) and staff (the request dialog), issue 43.';

create index patient_messages_request_idx on public.patient_messages (request_id, created_at);

alter table public.patient_messages enable row level security;
revoke all on table public.patient_messages from public, anon, authenticated;
grant select on table public.patient_messages to authenticated;
grant select, insert, update, delete on table public.patient_messages to service_role;

-- Staff read the conversation of a request they may read (the request's own RLS decides: never
-- one in the bin); nobody writes the table but the functions below.
create policy "Staff read the patient conversation of requests they may read"
on public.patient_messages
for select
to authenticated
using (
  (select public.is_admin((select auth.uid())))
  and exists (select 1 from public.contact_requests r where r.id = patient_messages.request_id)
);

-- The messages patients wrote before the conversation existed join it, as they were written.
insert into public.patient_messages (request_id, direction, body, created_at)
select e.request_id, 'patient', e.new_value, e.created_at
from public.request_events e
where e.kind = 'patient_message' and char_length(btrim(coalesce(e.new_value, ''))) between 1 and 1000;

-- A reply on the timeline (its text, as the patient's message is).
insert into private.request_event_kinds (kind) values ('patient_reply') on conflict do nothing;

-- An open dialog hears of its conversation live: the request's and the message's ids and the
-- direction (nothing anyone wrote) on the private staff topic staff:patient_messages.
create function private.broadcast_patient_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('request_id', new.request_id, 'message_id', new.id, 'direction', new.direction),
    tg_op,
    'staff:patient_messages',
    true
  );
  return null;
end
$$;

comment on function private.broadcast_patient_message() is
  'Tells open request dialogs that a patient conversation has a new message (ids only), issue 43.';

revoke all on function private.broadcast_patient_message() from public;

create trigger broadcast_patient_message
after insert on public.patient_messages
for each row execute function private.broadcast_patient_message();

create policy "admins receive patient conversation broadcasts"
on realtime.messages
for select
to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select realtime.topic()) = 'staff:patient_messages'
  and (select public.is_admin((select auth.uid())))
);

-- A message for the manager (1–1000 characters): now in the conversation, and on the timeline
-- as before; the same limit per link and per address (private.admit_patient_action).
create or replace function public.patient_send_message(_token text, _message text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  text_sent text := btrim(private.without_bidi_controls(coalesce(_message, '')));
  lead uuid;
  request uuid;
begin
  if char_length(text_sent) not between 1 and 1000 then
    raise exception 'A message has 1 to 1000 characters'
      using errcode = '23514', hint = 'patient_message_length';
  end if;
  lead := private.admit_patient_action(_token, 'message');
  if lead is null then
    return null;
  end if;
  select id into request from public.contact_requests where lead_id = lead;
  insert into public.patient_messages (request_id, direction, body) values (request, 'patient', text_sent);
  perform private.add_request_event(request, 'patient_message', null, text_sent);
  return jsonb_build_object('ok', true);
end
$$;

-- A reply to the patient from the request dialog, shown on their page. Staff who may see the
-- request (a coordinator: not in the bin; an owner: the bin too, private.request_in_view).
-- 1–1000 characters after trimming (23514, hint patient_reply_length). `_idempotency_key`: a
-- repeat (a lost answer, a second press) is the same reply, answered with the stored message
-- and `replayed`. Returns the message (its patient_messages row) as JSON.
create function public.reply_to_patient(_request_id uuid, _body text, _idempotency_key text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  text_sent text := btrim(private.without_bidi_controls(coalesce(_body, '')));
  staff record;
  saved public.patient_messages;
  replay jsonb;
begin
  perform private.require_live_staff();
  if _request_id is null or not private.request_in_view(_request_id) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  replay := private.replayed_answer('reply_to_patient', _idempotency_key);
  if replay is not null then
    return replay;
  end if;
  if char_length(text_sent) not between 1 and 1000 then
    raise exception 'a reply has 1 to 1000 characters'
      using errcode = '23514', hint = 'patient_reply_length';
  end if;
  select s.id, s.username into staff from private.current_staff() s;
  insert into public.patient_messages (request_id, direction, author_id, author, body)
  values (_request_id, 'staff', staff.id, staff.username, text_sent)
  returning * into saved;
  perform private.add_request_event(_request_id, 'patient_reply', null, text_sent);
  return private.remember_answer('reply_to_patient', _idempotency_key, to_jsonb(saved));
end
$$;

comment on function public.reply_to_patient(uuid, text, text) is
  'A staff reply to the patient''s messages, shown on their page; once per idempotency key (issue 43).';

revoke all on function public.reply_to_patient(uuid, text, text) from public, anon;
grant execute on function public.reply_to_patient(uuid, text, text) to authenticated, service_role;

-- The conversation as the patient's page shows it: the last 20 messages, oldest first, each with
-- who wrote it ('patient' or 'staff': the page names the manager by role, never by account), its
-- text and time. Null for a wrong, revoked or expired token, like the other patient functions.
create function public.patient_conversation(_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
begin
  if lead is null then
    return null;
  end if;
  return jsonb_build_object('messages', coalesce((
    select jsonb_agg(
      jsonb_build_object('id', m.id, 'from', m.direction, 'text', m.body, 'at', m.created_at)
      order by m.created_at, m.id
    )
    from (
      select pm.*
      from public.patient_messages pm
      join public.contact_requests r on r.id = pm.request_id
      where r.lead_id = lead
      order by pm.created_at desc, pm.id desc
      limit 20
    ) m
  ), '[]'::jsonb));
end
$$;

comment on function public.patient_conversation(text) is
  'The patient''s conversation with their manager for their link (the last 20 messages; null for a dead link), issue 43.';

revoke all on function public.patient_conversation(text) from public;
grant execute on function public.patient_conversation(text) to anon, authenticated, service_role;
