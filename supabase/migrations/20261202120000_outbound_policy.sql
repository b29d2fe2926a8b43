-- One recipient policy for every automatic message (issue 42, ARCHITECTURE section 15). A stranger
-- can type anyone's e-mail address into a form, so a message the product sends by itself to an
-- address a visitor gave is a message an attacker can aim. Before this migration sixty leads from
-- ten addresses with one victim's e-mail mailed that inbox 14 times in 8 s, each with a working
-- private link and the attacker's first word as the "name".
--
-- Now every automatic message to a person (the patient's confirmation today; link recovery,
-- "quotes ready" and WhatsApp templates later) asks one function before it leaves its outbox:
--   private.outbound_verdict(kind, lead_id, address, message_key)
--     -> (verdict 'send' | 'wait' | 'drop', reason, not_before)
-- It decides from rows only this policy writes (private.outbound_messages, one per message, keyed
-- by a keyed hash of the normalized address), per kind (private.outbound_kinds: a cap per
-- recipient per day, "none while an earlier link to this recipient was never opened", quiet hours
-- in the recipient's time zone), and per request (stopped by staff, in the bin after a
-- withdrawal, erased). A 'send' reserves the message: concurrent workers serialize on the
-- recipient, so a distributed attack on one inbox gets one message. The worker then reports the
-- delivery with private.outbound_sent(kind, message_key), which writes the timeline event; a drop
-- writes its own event with the reason. A new kind of message inserts one row into
-- private.outbound_kinds and calls the two functions from its claim and finish functions.
--
-- The greeting's name goes through the same policy: private.outbound_greeting_name(name) is the
-- first word of the name when it is a plausible name, else null (the mail greets without a name).

-- The kinds of automatic message and their limits, one row each, tunable with one UPDATE.
create table private.outbound_kinds (
  kind text primary key check (kind ~ '^[a-z_]{1,40}$'),
  channel text not null check (channel in ('email', 'whatsapp')),
  per_recipient_per_day integer not null check (per_recipient_per_day between 1 and 20),
  needs_opened_link boolean not null default false,
  quiet_hours boolean not null default false
);
comment on table private.outbound_kinds is
  'The kinds of automatic message to a person and their limits: at most per_recipient_per_day per recipient in any 24 hours, none while an earlier message of the kind to that recipient carried a link never opened (needs_opened_link), and held until morning in the recipient''s time zone (quiet_hours).';
alter table private.outbound_kinds enable row level security;
revoke all on table private.outbound_kinds from public, anon, authenticated;

-- The confirmation answers the patient's own action: it goes at once, quiet hours do not apply.
insert into private.outbound_kinds (kind, channel, per_recipient_per_day, needs_opened_link, quiet_hours)
values ('patient_confirmation', 'email', 1, true, false);

-- The limits across kinds, one row.
create table private.outbound_settings (
  id boolean primary key default true check (id),
  messages_per_recipient_per_day integer not null default 3
    check (messages_per_recipient_per_day between 1 and 50),
  quiet_from time not null default '21:00',
  quiet_until time not null default '08:00',
  default_time_zone text not null default 'Asia/Riyadh',
  -- The key of the recipient hash: made here, never leaves the database.
  hash_key bytea not null default extensions.gen_random_bytes(32)
    check (octet_length(hash_key) = 32)
);
comment on table private.outbound_settings is
  'Limits of automatic messages across kinds: at most messages_per_recipient_per_day of all kinds per recipient in 24 hours; quiet hours quiet_from–quiet_until in the recipient''s time zone (default_time_zone when unknown); the key of the recipient hash.';
insert into private.outbound_settings default values;
alter table private.outbound_settings enable row level security;
revoke all on table private.outbound_settings from public, anon, authenticated;

-- The recipient's time zone by the calling code of the number stored with the request.
create table private.outbound_time_zones (
  country_code text primary key check (country_code ~ '^\+[0-9]{1,4}$'),
  time_zone text not null
);
comment on table private.outbound_time_zones is
  'The time zone of a recipient by the calling code stored with the request, for quiet hours.';
insert into private.outbound_time_zones (country_code, time_zone) values
  ('+966', 'Asia/Riyadh'), ('+971', 'Asia/Dubai'), ('+965', 'Asia/Kuwait'), ('+974', 'Asia/Qatar'),
  ('+973', 'Asia/Bahrain'), ('+968', 'Asia/Muscat'), ('+962', 'Asia/Amman'), ('+964', 'Asia/Baghdad'),
  ('+20', 'Africa/Cairo'), ('+961', 'Asia/Beirut'), ('+963', 'Asia/Damascus'), ('+967', 'Asia/Aden'),
  ('+212', 'Africa/Casablanca'), ('+216', 'Africa/Tunis'), ('+213', 'Africa/Algiers'),
  ('+218', 'Africa/Tripoli'), ('+249', 'Africa/Khartoum'), ('+90', 'Europe/Istanbul'),
  ('+49', 'Europe/Berlin'), ('+44', 'Europe/London');
alter table private.outbound_time_zones enable row level security;
revoke all on table private.outbound_time_zones from public, anon, authenticated;

-- One row per automatic message the policy decided on: sent (or reserved while its delivery is
-- retried) or refused with the reason. Keyed by the lead, so erasure and export reach it.
create table private.outbound_messages (
  id bigint generated always as identity primary key,
  kind text not null references private.outbound_kinds (kind),
  message_key text not null check (char_length(message_key) between 1 and 200),
  lead_id uuid references public.offer_leads (id) on delete cascade,
  recipient_hash bytea not null check (octet_length(recipient_hash) = 32),
  decided_at timestamptz not null default now(),
  decision text not null check (decision in ('send', 'drop')),
  reason text check (reason ~ '^[a-z_]{1,40}$'),
  sent_at timestamptz,
  constraint outbound_messages_one_per_message unique (kind, message_key),
  constraint outbound_messages_reason_when_dropped check ((decision = 'drop') = (reason is not null))
);
comment on table private.outbound_messages is
  'Every automatic message the recipient policy decided on (private.outbound_verdict): reserved or sent (decision send, sent_at once delivered) or refused (drop, with the reason); the caps count these rows by recipient_hash, a keyed hash of the normalized address.';
create index outbound_messages_recipient_idx
  on private.outbound_messages (recipient_hash, decided_at desc) where decision = 'send';
create index outbound_messages_lead_idx on private.outbound_messages (lead_id);
alter table private.outbound_messages enable row level security;
revoke all on table private.outbound_messages from public, anon, authenticated;

-- Requests whose automatic messages staff stopped.
create table private.outbound_stops (
  lead_id uuid primary key references public.offer_leads (id) on delete cascade,
  stopped_at timestamptz not null default now(),
  stopped_by uuid references private.admin_users (id) on delete set null
);
comment on table private.outbound_stops is
  'Requests that get no automatic message any more (public.stop_automatic_messages).';
create index outbound_stops_stopped_by_idx on private.outbound_stops (stopped_by);
alter table private.outbound_stops enable row level security;
revoke all on table private.outbound_stops from public, anon, authenticated;

insert into private.request_event_kinds (kind) values ('automatic_message');

-- The address as one inbox or one phone receives it: an e-mail lower-cased (NFKC), without a
-- +tag, and for Gmail without dots (Gmail delivers a.b+x@gmail.com to ab@gmail.com); a phone as
-- its digits. Null for what is not an address of the channel.
create function private.outbound_normal_address(_channel text, _address text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  address text := lower(normalize(btrim(coalesce(_address, '')), nfkc));
  local_part text;
  domain text;
begin
  if _channel = 'whatsapp' then
    address := regexp_replace(address, '[^0-9]', '', 'g');
    return case when char_length(address) between 8 and 15 then address end;
  end if;
  if address !~ '^[^@\s]+@[^@\s]+$' then
    return null;
  end if;
  local_part := split_part(split_part(address, '@', 1), '+', 1);
  domain := rtrim(split_part(address, '@', 2), '.');
  if domain in ('gmail.com', 'googlemail.com') then
    local_part := replace(local_part, '.', '');
    domain := 'gmail.com';
  end if;
  if local_part = '' or domain = '' then
    return null;
  end if;
  return local_part || '@' || domain;
end
$$;
comment on function private.outbound_normal_address(text, text) is
  'The normalized recipient of an address on a channel (email: lower-case NFKC, no +tag, Gmail without dots; whatsapp: digits), or null.';

-- The keyed hash of a recipient, what the caps count by.
create function private.outbound_recipient_hash(_channel text, _address text)
returns bytea
language sql
stable
security definer
set search_path = ''
as $$
  select extensions.hmac(
    convert_to(_channel || ':' || private.outbound_normal_address(_channel, _address), 'UTF8'),
    s.hash_key, 'sha256')
  from private.outbound_settings s
  where private.outbound_normal_address(_channel, _address) is not null
$$;
comment on function private.outbound_recipient_hash(text, text) is
  'HMAC-SHA-256 (key in private.outbound_settings) of the normalized recipient, or null when the address is none.';

-- The first word of a name when it is a plausible name to greet someone with: 2 to 30 characters,
-- letters of the Latin, Arabic or Cyrillic script (with their marks, such as tashkeel), an inner
-- apostrophe or hyphen, and at least two letters that are not the Arabic tatweel. Else null: the
-- message greets without a name. A name is what a stranger typed; nothing else of it may reach
-- the inbox of someone else.
create function private.outbound_greeting_name(_name text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  word text := split_part(regexp_replace(btrim(coalesce(_name, '')), '\s+', ' ', 'g'), ' ', 1);
  letters text;
begin
  if char_length(word) not between 2 and 30
     or word !~ '^[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0400-\u04ff\u0621-\u063a\u0640-\u065f\u0670-\u06d3\u06fa-\u06fc]+([''’-][A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0400-\u04ff\u0621-\u063a\u0640-\u065f\u0670-\u06d3\u06fa-\u06fc]+)*$' then
    return null;
  end if;
  -- What is left without tatweel, tashkeel and the apostrophe or hyphen.
  letters := regexp_replace(word, '[\u0640\u064b-\u065f\u0670''’-]', '', 'g');
  if char_length(letters) < 2 then
    return null;
  end if;
  return word;
end
$$;
comment on function private.outbound_greeting_name(text) is
  'The first word of a name when it is a plausible name (letters, 2–30 characters, not only tatweel), else null: automatic messages greet without a name.';

-- The recipient policy. Decides whether the automatic message `_message_key` of `_kind` about lead
-- `_lead_id` may go to `_address` now:
--   ('send', null, null)      reserved: send it, then report it with private.outbound_sent;
--                             asking again for the same message (a retry) answers 'send' again
--                             while the request still wants messages;
--   ('wait', 'quiet_hours', t) not before t (morning in the recipient's time zone);
--   ('drop', reason, null)    never: erased, in_bin (withdrawn or deleted), stopped, no_address,
--                             recipient_daily_cap, recipient_all_kinds_cap, unopened_link.
-- Every drop is recorded and written on the request's timeline. Serialized per recipient.
create function private.outbound_verdict(
  _kind text, _lead_id uuid, _address text, _message_key text
)
returns table (verdict text, reason text, not_before timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  kind_row private.outbound_kinds;
  settings private.outbound_settings;
  request_id uuid;
  request_deleted_at timestamptz;
  request_country_code text;
  recipient bytea;
  refusal text;
  local_now timestamp;
  wait_until timestamptz;
  zone text;
begin
  select * into kind_row from private.outbound_kinds k where k.kind = _kind;
  if kind_row.kind is null then
    raise exception 'unknown kind of automatic message: %', _kind using errcode = '22023';
  end if;
  select * into settings from private.outbound_settings;
  select r.id, r.deleted_at, r.country_code into request_id, request_deleted_at, request_country_code
  from public.contact_requests r where r.lead_id = _lead_id;
  recipient := private.outbound_recipient_hash(kind_row.channel, _address);

  if request_id is null then
    -- Erased (or never fanned out): nothing is recorded about a person who is gone.
    return query select 'drop'::text, 'erased'::text, null::timestamptz;
    return;
  elsif request_deleted_at is not null then
    refusal := 'in_bin';
  elsif exists (select 1 from private.outbound_stops s where s.lead_id = _lead_id) then
    refusal := 'stopped';
  elsif recipient is null then
    refusal := 'no_address';
  end if;

  if refusal is null then
    perform pg_advisory_xact_lock(hashtextextended('outbound:' || encode(recipient, 'hex'), 0));
    if exists (
      select 1 from private.outbound_messages m
      where m.kind = _kind and m.message_key = _message_key and m.decision = 'send'
    ) then
      return query select 'send'::text, null::text, null::timestamptz;
      return;
    end if;
    if (select count(*) from private.outbound_messages m
        where m.recipient_hash = recipient and m.kind = _kind and m.decision = 'send'
          and m.decided_at > now() - interval '24 hours') >= kind_row.per_recipient_per_day then
      refusal := 'recipient_daily_cap';
    elsif (select count(*) from private.outbound_messages m
           where m.recipient_hash = recipient and m.decision = 'send'
             and m.decided_at > now() - interval '24 hours') >= settings.messages_per_recipient_per_day then
      refusal := 'recipient_all_kinds_cap';
    elsif kind_row.needs_opened_link and exists (
      select 1 from private.outbound_messages m
      join private.patient_pages p on p.lead_id = m.lead_id
      where m.recipient_hash = recipient and m.kind = _kind and m.decision = 'send'
        and m.sent_at is not null and m.lead_id <> _lead_id and p.last_opened_at is null
    ) then
      refusal := 'unopened_link';
    end if;
  end if;

  if refusal is not null then
    if recipient is not null then
      insert into private.outbound_messages (kind, message_key, lead_id, recipient_hash, decision, reason)
      values (_kind, _message_key, _lead_id, recipient, 'drop', refusal)
      on conflict on constraint outbound_messages_one_per_message do nothing;
    end if;
    perform private.add_request_event(request_id, 'automatic_message', _kind, 'not_sent:' || refusal);
    return query select 'drop'::text, refusal, null::timestamptz;
    return;
  end if;

  if kind_row.quiet_hours then
    zone := coalesce(
      (select z.time_zone from private.outbound_time_zones z where z.country_code = request_country_code),
      settings.default_time_zone);
    local_now := now() at time zone zone;
    if (settings.quiet_from > settings.quiet_until
          and (local_now::time >= settings.quiet_from or local_now::time < settings.quiet_until))
       or (settings.quiet_from < settings.quiet_until
          and local_now::time >= settings.quiet_from and local_now::time < settings.quiet_until) then
      wait_until := ((case when local_now::time >= settings.quiet_until
                          then local_now::date + 1 else local_now::date end)
                     + settings.quiet_until) at time zone zone;
      return query select 'wait'::text, 'quiet_hours'::text, wait_until;
      return;
    end if;
  end if;

  insert into private.outbound_messages (kind, message_key, lead_id, recipient_hash, decision)
  values (_kind, _message_key, _lead_id, recipient, 'send')
  on conflict on constraint outbound_messages_one_per_message do update
    set decision = 'send', reason = null, decided_at = now(), recipient_hash = excluded.recipient_hash;
  return query select 'send'::text, null::text, null::timestamptz;
end
$$;
comment on function private.outbound_verdict(text, uuid, text, text) is
  'The recipient policy of every automatic message: send (reserved), wait until not_before (quiet hours) or drop with a reason; serialized per recipient, every drop on the timeline.';

-- Records the delivery of a message the policy let go, and writes it on the request's timeline.
create function private.outbound_sent(_kind text, _message_key text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
begin
  update private.outbound_messages m set sent_at = now()
  where m.kind = _kind and m.message_key = _message_key and m.decision = 'send' and m.sent_at is null
  returning m.lead_id into lead;
  if lead is not null then
    perform private.add_request_event(
      (select r.id from public.contact_requests r where r.lead_id = lead),
      'automatic_message', _kind, 'sent');
  end if;
end
$$;
comment on function private.outbound_sent(text, text) is
  'Marks a message the recipient policy let go as delivered and writes the timeline event.';

-- Staff stop (or allow again) every automatic message of a request; written on its timeline.
create function public.stop_automatic_messages(_request_id uuid, _stop boolean default true)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  staff_id uuid;
begin
  perform private.require_staff();
  select r.lead_id into lead from public.contact_requests r
  where r.id = _request_id and r.deleted_at is null;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  select s.id into staff_id from private.current_staff() s;
  if _stop then
    insert into private.outbound_stops (lead_id, stopped_by) values (lead, staff_id)
    on conflict (lead_id) do nothing;
    if found then
      perform private.add_request_event(_request_id, 'automatic_message', null, 'stopped');
    end if;
  else
    delete from private.outbound_stops s where s.lead_id = lead;
    if found then
      perform private.add_request_event(_request_id, 'automatic_message', 'stopped', 'allowed');
    end if;
  end if;
end
$$;
comment on function public.stop_automatic_messages(uuid, boolean) is
  'Staff: no automatic message (confirmation, reminders, templates) goes to this request''s patient any more (_stop false allows them again).';

-- The patient's confirmation now asks the policy for each due row: sent rows are claimed as
-- before, a refused one is given up at once (its token wiped), a held one waits. The name in the
-- answer is the greeting's (null when not a plausible name).
create or replace function public.claim_patient_confirmations(_lead_id uuid default null, _limit integer default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
  decision record;
  allowed uuid[] := '{}';
  claimed_rows jsonb;
begin
  update private.patient_confirmations c
  set gave_up_at = now(), claimed_until = null, link_token = null
  where c.sent_at is null and c.gave_up_at is null
    and c.created_at < now() - interval '24 hours'
    and (c.claimed_until is null or c.claimed_until < now());

  for due in
    select c.lead_id, r.email
    from private.patient_confirmations c
    left join public.contact_requests r on r.lead_id = c.lead_id
    where c.sent_at is null and c.gave_up_at is null
      and c.next_attempt_at <= now()
      and (c.claimed_until is null or c.claimed_until < now())
      and (_lead_id is null or c.lead_id = _lead_id)
    order by c.next_attempt_at
    limit greatest(1, least(coalesce(_limit, 20), 100))
    for update of c skip locked
  loop
    select * into decision
    from private.outbound_verdict('patient_confirmation', due.lead_id, due.email, due.lead_id::text);
    if decision.verdict = 'send' then
      allowed := allowed || due.lead_id;
    elsif decision.verdict = 'wait' then
      update private.patient_confirmations c set next_attempt_at = decision.not_before
      where c.lead_id = due.lead_id;
    else
      update private.patient_confirmations c
      set gave_up_at = now(), claimed_until = null, link_token = null,
          last_error = 'policy: ' || decision.reason
      where c.lead_id = due.lead_id;
    end if;
  end loop;

  with claimed as (
    update private.patient_confirmations c
    set attempts = c.attempts + 1, claimed_until = now() + interval '2 minutes'
    where c.lead_id = any (allowed)
    returning c.lead_id, c.attempts, c.link_token
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'lead_id', c.lead_id, 'attempt', c.attempts, 'link_token', c.link_token,
    'language', r.language, 'first_name', private.outbound_greeting_name(r.name), 'email', r.email,
    'reference', r.reference, 'service', r.service, 'received_at', r.created_at,
    'manager_name', case when a.id is not null
      then coalesce(nullif(btrim(a.display_name), ''), a.username) end,
    'manager_whatsapp', a.whatsapp
  )), '[]'::jsonb)
  into claimed_rows
  from claimed c
  join public.contact_requests r on r.lead_id = c.lead_id
  left join private.admin_users a on a.id = r.assigned_to
  where r.email is not null;
  return claimed_rows;
end
$$;

-- A delivered confirmation is reported to the policy (its timeline event).
create or replace function public.finish_patient_confirmation(_lead_id uuid, _sent boolean, _error text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update private.patient_confirmations c
  set sent_at = case when _sent then now() end,
      link_token = case when _sent then null else c.link_token end,
      claimed_until = null,
      last_error = case when _sent then null else left(coalesce(_error, 'unknown error'), 500) end,
      next_attempt_at = case
        when _sent then c.next_attempt_at
        else now() + least(interval '30 seconds' * power(2, greatest(c.attempts - 1, 0)), interval '1 hour')
      end
  where c.lead_id = _lead_id and c.sent_at is null;
  if found and _sent then
    perform private.outbound_sent('patient_confirmation', _lead_id::text);
  end if;
end
$$;

revoke execute on function private.outbound_normal_address(text, text) from public;
revoke execute on function private.outbound_recipient_hash(text, text) from public;
revoke execute on function private.outbound_greeting_name(text) from public;
revoke execute on function private.outbound_verdict(text, uuid, text, text) from public;
revoke execute on function private.outbound_sent(text, text) from public;
revoke execute on function public.stop_automatic_messages(uuid, boolean) from public, anon;
grant execute on function public.stop_automatic_messages(uuid, boolean) to authenticated, service_role;
revoke execute on function public.claim_patient_confirmations(uuid, integer) from public, anon, authenticated;
revoke execute on function public.finish_patient_confirmation(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.claim_patient_confirmations(uuid, integer) to service_role;
grant execute on function public.finish_patient_confirmation(uuid, boolean, text) to service_role;
