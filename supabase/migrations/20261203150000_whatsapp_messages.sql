-- WhatsApp through the Cloud API, inbound (issue 46, ARCHITECTURE section 17). Meta posts each
-- message a patient writes to the agency's number to the whatsapp-webhook edge function, which
-- checks Meta's signature over the raw body and hands each message to public.whatsapp_receive with
-- the service key. The message joins the request of its number's phone_key (any spelling, and the
-- person's merged requests: private.person_request_ids); a number with no live request becomes a
-- new lead with the source 'whatsapp' and the lawful basis "wrote to us on WhatsApp", so the
-- first-contact clock, routing, escalation and the agency's mail cover it exactly like a form
-- lead. A message id Meta sends again (a retry, a replay) is stored once (unique wa_message_id).
-- Meta's delivery states of the messages the agency sends (sent, delivered, read, failed with
-- Meta's reason) arrive through public.whatsapp_status.
--
-- Messages are the person's data: they reference the request with on delete cascade, so the admin
-- export and erasure (local/person-data.ts finds them from the catalog), the bin's purge, the
-- patient's own erasure and the retention reach them. Staff read a conversation only where they may
-- read the request (the policy asks the request under its own RLS); no API role writes the table.

create table public.whatsapp_messages (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  -- 'in': the patient wrote it; 'out': the agency sent it through the Cloud API.
  direction text not null,
  -- Meta's message id (wamid.…); an outbound message has it once Meta accepted the send.
  wa_message_id text unique,
  kind text not null,
  -- The text, or a medium's caption; a template's rendered text for an outbound template.
  body text,
  -- A medium as Meta names it: its id (fetched from the Graph API), type and file name.
  media_id text,
  media_type text,
  media_name text,
  -- A location the patient shared: stored as a message, never shared on.
  latitude double precision,
  longitude double precision,
  place_name text,
  place_address text,
  -- The number, as the phone rule compares numbers (public.canonical_phone).
  phone_key text not null,
  -- When the patient sent it (Meta's timestamp) or when staff asked for the send.
  sent_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  state text not null,
  state_at timestamptz not null default now(),
  -- Meta's reason for a failed message (its error's code, title and details).
  error_code integer,
  error_title text,
  error_detail text,
  author_id uuid references private.admin_users (id) on delete set null,
  author text,
  template_name text,
  template_language text,
  constraint whatsapp_messages_direction check (direction in ('in', 'out')),
  constraint whatsapp_messages_kind check (
    kind in ('text', 'image', 'document', 'audio', 'video', 'location', 'template')
  ),
  constraint whatsapp_messages_state check (
    (direction = 'in' and state = 'received')
    or (direction = 'out' and state in ('queued', 'sent', 'delivered', 'read', 'failed'))
  ),
  constraint whatsapp_messages_wa_message_id_length check (char_length(wa_message_id) between 1 and 200),
  constraint whatsapp_messages_inbound_has_id check (direction = 'out' or wa_message_id is not null),
  constraint whatsapp_messages_body_length check (char_length(body) <= 4096),
  constraint whatsapp_messages_media_length check (
    char_length(media_id) <= 200 and char_length(media_type) <= 100 and char_length(media_name) <= 240
  ),
  constraint whatsapp_messages_place_length check (
    char_length(place_name) <= 300 and char_length(place_address) <= 500
  ),
  constraint whatsapp_messages_location check (
    (kind = 'location') = (latitude is not null and longitude is not null)
    and (latitude is null or latitude between -90 and 90)
    and (longitude is null or longitude between -180 and 180)
  ),
  constraint whatsapp_messages_phone_key check (phone_key ~ '^[0-9]{6,15}$'),
  constraint whatsapp_messages_error_length check (
    char_length(error_title) <= 300 and char_length(error_detail) <= 1000
  ),
  constraint whatsapp_messages_template check (
    (kind = 'template') = (template_name is not null)
    and char_length(template_name) <= 512 and char_length(template_language) <= 20
  )
);
comment on table public.whatsapp_messages is
  'The WhatsApp conversation of a request through the Cloud API (issue 46): what the patient wrote and what the agency sent, with Meta''s delivery state.';

create index whatsapp_messages_request_idx on public.whatsapp_messages (request_id, sent_at);
create index whatsapp_messages_phone_key_idx on public.whatsapp_messages (phone_key, sent_at desc);

alter table public.whatsapp_messages enable row level security;
revoke all on table public.whatsapp_messages from public, anon, authenticated;
grant select on table public.whatsapp_messages to authenticated;
grant select, insert, update, delete on table public.whatsapp_messages to service_role;

create policy "Staff read the conversation of requests they may read"
on public.whatsapp_messages
for select
to authenticated
using (
  (select public.is_admin((select auth.uid())))
  and exists (select 1 from public.contact_requests r where r.id = whatsapp_messages.request_id)
);

-- The timeline says a message arrived (its kind, never its text: the conversation shows that).
-- It is no contact by staff: an inbound message leaves the first-contact clock running.
insert into private.request_event_kinds (kind) values ('whatsapp_in');

-- An open dialog hears of its conversation live: the request's and the message's ids and the
-- state (nothing the patient wrote) on the private staff topic staff:whatsapp_messages.
create function private.broadcast_whatsapp_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.state is not distinct from old.state then
    return null;
  end if;
  perform realtime.send(
    jsonb_build_object('request_id', new.request_id, 'message_id', new.id, 'state', new.state),
    tg_op,
    'staff:whatsapp_messages',
    true
  );
  return null;
end
$$;

create trigger broadcast_whatsapp_message
after insert or update of state on public.whatsapp_messages
for each row execute function private.broadcast_whatsapp_message();

create policy "admins receive whatsapp broadcasts"
on realtime.messages
for select
to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select realtime.topic()) = 'staff:whatsapp_messages'
  and (select public.is_admin((select auth.uid())))
);

-- A lead opened by a WhatsApp message (public.whatsapp_receive sets rihla.whatsapp_lead to its
-- id): the person agreed to no privacy policy on a form, so none is recorded as agreed (these
-- triggers run after record_lead_consent and stamp_staff_entry, by name); the request's lawful
-- basis is that they wrote to the agency, when, and from which number.
create function private.whatsapp_lead_basis()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  basis jsonb := nullif(current_setting('rihla.whatsapp_lead', true), '')::jsonb;
begin
  if basis is null then
    return new;
  end if;
  if tg_table_name = 'offer_leads' and basis ->> 'lead_id' = new.id::text then
    new.policy_version := null;
    new.consented_at := null;
  elsif tg_table_name = 'contact_requests' and basis ->> 'lead_id' = new.lead_id::text then
    new.consent_how := 'wrote to us on WhatsApp';
    new.consent_given_at := (basis ->> 'at')::timestamptz;
    new.consent_given_by := basis ->> 'number';
  end if;
  return new;
end
$$;

create trigger whatsapp_lead_basis
before insert on public.offer_leads
for each row execute function private.whatsapp_lead_basis();

create trigger whatsapp_lead_basis
before insert on public.contact_requests
for each row execute function private.whatsapp_lead_basis();

-- The live request a number's message joins: of every request of the number (any spelling) and
-- of the people those were merged with, the newest not in the bin; null when there is none.
create function private.whatsapp_request_for(_phone_key text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select r.id
  from public.contact_requests r
  where r.deleted_at is null
    and r.id in (
      select p.id
      from public.contact_requests seed
      cross join lateral private.person_request_ids(seed.id) p
      where seed.phone_key = _phone_key
    )
  order by r.created_at desc, r.id desc
  limit 1
$$;

-- One inbound message, as the webhook normalized it from Meta's payload:
--   { id, from, timestamp, type, name?, body?, media?: { id, mime_type, filename? },
--     location?: { latitude, longitude, name?, address? } }
-- → { message_id, request_id, duplicate, new_request }. The same id again changes nothing.
create function public.whatsapp_receive(_message jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  wa_id text := _message ->> 'id';
  sender text := _message ->> 'from';
  message_kind text := _message ->> 'type';
  number_key text;
  sent timestamptz;
  target public.contact_requests;
  existing public.whatsapp_messages;
  saved public.whatsapp_messages;
  new_lead uuid;
  profile_name text := nullif(btrim(left(_message ->> 'name', 100)), '');
  text_body text := nullif(btrim(_message ->> 'body'), '');
  opened boolean := false;
begin
  if _message is null or jsonb_typeof(_message) <> 'object'
     or coalesce(wa_id, '') = '' or coalesce(sender, '') !~ '^[0-9]{6,15}$'
     or coalesce(message_kind, '') not in ('text', 'image', 'document', 'audio', 'video', 'location')
     or coalesce(_message ->> 'timestamp', '') !~ '^[0-9]{1,12}$'
  then
    raise exception 'not a WhatsApp message this product stores'
      using errcode = '22023', hint = 'whatsapp_message_invalid';
  end if;
  number_key := public.canonical_phone(null, '+' || sender);
  -- Meta's time of the message, never later than now (the 24-hour window is counted from it).
  sent := least(to_timestamp((_message ->> 'timestamp')::double precision), now());

  -- One number at a time: two messages of a new patient open one request, not two.
  perform pg_advisory_xact_lock(hashtextextended('whatsapp:' || number_key, 0));
  select * into existing from public.whatsapp_messages m where m.wa_message_id = wa_id;
  if existing.id is not null then
    return jsonb_build_object('message_id', existing.id, 'request_id', existing.request_id,
      'duplicate', true, 'new_request', false);
  end if;

  select * into target from public.contact_requests r
  where r.id = private.whatsapp_request_for(number_key);
  if target.id is null then
    new_lead := gen_random_uuid();
    perform set_config('rihla.whatsapp_lead', jsonb_build_object(
      'lead_id', new_lead, 'at', sent, 'number', '+' || sender)::text, true);
    begin
      insert into public.offer_leads (id, name, phone, source, language, notes)
      values (
        new_lead, coalesce(profile_name, 'واتساب +' || sender), '+' || sender, 'whatsapp',
        -- Arabic first; a message written in Latin letters only is answered in English.
        case when coalesce(text_body, '') ~ '[A-Za-z]' and coalesce(text_body, '') !~ '[\u0600-\u06FF]'
          then 'en' else 'ar' end::public.site_language,
        left(text_body, 2000)
      );
    exception when check_violation then
      -- A profile name the lead's checks refuse (one letter, only symbols): the number instead.
      insert into public.offer_leads (id, name, phone, source, language, notes)
      values (new_lead, 'واتساب +' || sender, '+' || sender, 'whatsapp', 'ar', left(text_body, 2000));
    end;
    perform set_config('rihla.whatsapp_lead', '', true);
    select * into strict target from public.contact_requests r where r.lead_id = new_lead;
    opened := true;
  end if;

  insert into public.whatsapp_messages (
    request_id, direction, wa_message_id, kind, body, media_id, media_type, media_name,
    latitude, longitude, place_name, place_address, phone_key, sent_at, state
  )
  values (
    target.id, 'in', wa_id, message_kind, left(text_body, 4096),
    left(_message -> 'media' ->> 'id', 200),
    left(_message -> 'media' ->> 'mime_type', 100),
    left(nullif(btrim(_message -> 'media' ->> 'filename'), ''), 240),
    (_message -> 'location' ->> 'latitude')::double precision,
    (_message -> 'location' ->> 'longitude')::double precision,
    left(nullif(btrim(_message -> 'location' ->> 'name'), ''), 300),
    left(nullif(btrim(_message -> 'location' ->> 'address'), ''), 500),
    number_key, sent, 'received'
  )
  returning * into saved;
  insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
  values (target.id, target.version, null, null, 'whatsapp_in', null, message_kind);
  return jsonb_build_object('message_id', saved.id, 'request_id', saved.request_id,
    'duplicate', false, 'new_request', opened);
end
$$;
comment on function public.whatsapp_receive(jsonb) is
  'Stores one inbound WhatsApp message on the request of its number (or a new one); the webhook''s call, service key only (issue 46).';

-- One of Meta's status notifications about a message the agency sent:
--   { id, status: sent|delivered|read|failed, timestamp, errors?: [{ code, title, message,
--     error_data: { details } }] } → true when it changed the message's state. A state never goes
-- back (read stays read when a late "delivered" arrives); failed is final.
create function public.whatsapp_status(_status jsonb)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  next_state text := _status ->> 'status';
  rank_of constant jsonb := '{"queued": 0, "sent": 1, "delivered": 2, "read": 3, "failed": 4}';
  error jsonb := _status -> 'errors' -> 0;
  changed integer;
begin
  if _status is null or jsonb_typeof(_status) <> 'object' or coalesce(_status ->> 'id', '') = ''
     or coalesce(next_state, '') not in ('sent', 'delivered', 'read', 'failed')
     or coalesce(_status ->> 'timestamp', '') !~ '^[0-9]{1,12}$'
  then
    raise exception 'not a WhatsApp status this product stores'
      using errcode = '22023', hint = 'whatsapp_status_invalid';
  end if;
  update public.whatsapp_messages m
  set state = next_state,
      state_at = least(to_timestamp((_status ->> 'timestamp')::double precision), now()),
      error_code = case when next_state = 'failed' then (error ->> 'code')::integer end,
      error_title = case when next_state = 'failed'
        then left(coalesce(error ->> 'title', error ->> 'message'), 300) end,
      error_detail = case when next_state = 'failed'
        then left(error -> 'error_data' ->> 'details', 1000) end
  where m.wa_message_id = _status ->> 'id'
    and m.direction = 'out'
    and m.state <> 'failed'
    and (rank_of ->> next_state)::integer > (rank_of ->> m.state)::integer;
  get diagnostics changed = row_count;
  return changed > 0;
end
$$;
comment on function public.whatsapp_status(jsonb) is
  'Applies one of Meta''s delivery states to a message the agency sent; the webhook''s call, service key only (issue 46).';

-- The conversation staff see in a request's dialog: the messages of the person's requests (the
-- number's and merged ones) that the caller may read, oldest first, and when the patient last
-- wrote (the 24-hour customer-service window is counted from it).
create function public.request_whatsapp(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  target public.contact_requests := private.staff_request(_request_id);
  messages jsonb;
  last_inbound timestamptz;
begin
  select coalesce(jsonb_agg(to_jsonb(m) - 'phone_key' order by m.sent_at, m.created_at), '[]'),
         max(m.sent_at) filter (where m.direction = 'in')
  into messages, last_inbound
  from public.whatsapp_messages m
  join public.contact_requests r on r.id = m.request_id and r.deleted_at is null
  where m.request_id in (select p.id from private.person_request_ids(target.id) p);
  return jsonb_build_object(
    'messages', messages,
    'last_inbound_at', last_inbound,
    'window_open', coalesce(last_inbound > now() - interval '24 hours', false),
    'window_closes_at', last_inbound + interval '24 hours'
  );
end
$$;
comment on function public.request_whatsapp(uuid) is
  'The WhatsApp conversation of a request''s person and the 24-hour window, for staff (issue 46).';

revoke execute on function public.whatsapp_receive(jsonb) from public, anon, authenticated;
revoke execute on function public.whatsapp_status(jsonb) from public, anon, authenticated;
revoke execute on function public.request_whatsapp(uuid) from public, anon;
grant execute on function public.whatsapp_receive(jsonb) to service_role;
grant execute on function public.whatsapp_status(jsonb) to service_role;
grant execute on function public.request_whatsapp(uuid) to authenticated, service_role;
revoke execute on function private.broadcast_whatsapp_message() from public;
revoke execute on function private.whatsapp_lead_basis() from public;
revoke execute on function private.whatsapp_request_for(text) from public;
