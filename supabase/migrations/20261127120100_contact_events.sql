-- Contact events and the first-contact clock (issue 32). Until now the back office recorded no
-- contact with the patient at all. Now:
--   * a WhatsApp message sent from the back office (public.log_whatsapp_message) and a call with
--     its outcome (public.log_call) are timeline events of new kinds ('whatsapp', 'call'), by the
--     staff member who made them, at the database's time; private.contact_event_kinds lists the
--     kinds that are contacts (a later feature may add its own);
--   * contact_requests.first_contacted_at is stamped by trigger, once, by the first human contact:
--     a contact event with a staff author, or a status change off 'new' made by a signed-in staff
--     member through the API as themselves. The earliest wins; it is never cleared or moved later.
--     A bulk change (bulk_update_requests runs as its owner, past the caller), a script, the
--     service role and the patient's own actions never stamp it;
--   * contact_requests.first_contact_due_at: when a request nobody has contacted turns red. Set on
--     insert for requests from the public forms (not for staff entries, which begin with a
--     conversation, nor while held as doubtful: from their release), as the moment the agency's
--     first-contact threshold (default 15 minutes) of working time has passed, in the agency's
--     hours and time zone (private.first_contact_settings, owners change them with
--     public.save_first_contact_settings, which moves the due time of waiting requests);
--   * contact_requests.last_contacted_at: the latest contact, so every open screen hears of each
--     contact through the request's broadcast.
-- Stamping these times does not bump the request's version: the version guards the fields the
-- dialog edits (status, notes, assignment, follow-up), and a WhatsApp message must not make the
-- sender's or a colleague's open dialog refuse its save.

insert into private.request_event_kinds (kind) values ('whatsapp'), ('call');

-- The timeline kinds that are a contact with the patient: the first one with a staff author stamps
-- first_contacted_at. A feature that adds a contact kind inserts it here too.
create table private.contact_event_kinds (
  kind text primary key references private.request_event_kinds (kind)
);
comment on table private.contact_event_kinds is
  'Timeline kinds that are a human contact with the patient (they stamp first_contacted_at).';
alter table private.contact_event_kinds enable row level security;
insert into private.contact_event_kinds (kind) values ('whatsapp'), ('call');

alter table public.contact_requests
  add column first_contacted_at timestamptz,
  add column last_contacted_at timestamptz,
  add column first_contact_due_at timestamptz;
comment on column public.contact_requests.first_contacted_at is
  'The first human contact (a WhatsApp or call event, or a status change off new), by trigger.';
comment on column public.contact_requests.first_contact_due_at is
  'When an uncontacted request turns red: the first-contact threshold in working time; null when not measured.';

-- The requests waiting for their first contact, by due time (the red list, the alerts and the
-- escalation read them); small, since a contact or a status change takes a request out.
create index contact_requests_awaiting_contact_idx
  on public.contact_requests (first_contact_due_at)
  where first_contacted_at is null and first_contact_due_at is not null and status = 'new';

-- The agency's working hours and first-contact thresholds (one row). `work_days` are ISO days
-- (1 Monday … 7 Sunday); the day runs from `day_start` to `day_end` in `time_zone`. A request turns
-- red after `contact_minutes` of working time without a contact; the owner is mailed once after
-- `escalate_minutes`.
create table private.first_contact_settings (
  id boolean primary key default true check (id),
  time_zone text not null default 'Europe/Berlin',
  work_days smallint[] not null default '{1,2,3,4,5,6,7}',
  day_start time not null default '09:00',
  day_end time not null default '21:00',
  contact_minutes integer not null default 15,
  escalate_minutes integer not null default 60,
  updated_at timestamptz not null default now(),
  updated_by text,
  constraint first_contact_settings_days check (
    work_days <@ '{1,2,3,4,5,6,7}'::smallint[] and cardinality(work_days) >= 1
    and cardinality(work_days) <= 7
  ),
  constraint first_contact_settings_hours check (day_start < day_end),
  constraint first_contact_settings_minutes check (
    contact_minutes >= 1 and contact_minutes <= 1440
    and escalate_minutes >= contact_minutes + 1 and escalate_minutes <= 10080
  )
);
comment on table private.first_contact_settings is
  'Working hours, time zone and first-contact thresholds of the agency (one row; owners edit).';
insert into private.first_contact_settings default values;
alter table private.first_contact_settings enable row level security;

-- The moment `_minutes` of working time have passed since `_from` (the agency's days and hours in
-- its time zone); null when `_from` or `_minutes` is null. Counted in local wall time, day by day.
create function private.working_deadline(_from timestamptz, _minutes integer)
returns timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s private.first_contact_settings;
  cursor_at timestamp;
  day date;
  opens timestamp;
  closes timestamp;
  remaining interval := make_interval(mins => _minutes);
begin
  if _from is null or _minutes is null then
    return null;
  end if;
  select * into strict s from private.first_contact_settings;
  cursor_at := _from at time zone s.time_zone;
  for step in 0..400 loop
    day := cursor_at::date;
    if extract(isodow from day)::smallint = any (s.work_days) then
      opens := greatest(day + s.day_start, cursor_at);
      closes := day + s.day_end;
      if opens < closes then
        if closes - opens >= remaining then
          return (opens + remaining) at time zone s.time_zone;
        end if;
        remaining := remaining - (closes - opens);
      end if;
    end if;
    cursor_at := (day + 1)::timestamp;
  end loop;
  return null;
end
$$;

-- Minutes of working time between `_from` and `_to` (0 when `_to` is not later). The reports'
-- "time to first contact": a lead that arrives at night and is answered at 09:05 waited 5 minutes.
create function private.working_minutes(_from timestamptz, _to timestamptz)
returns numeric
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s private.first_contact_settings;
  cursor_at timestamp;
  ends_at timestamp;
  day date;
  opens timestamp;
  closes timestamp;
  total interval := interval '0';
begin
  if _from is null or _to is null then
    return null;
  end if;
  if _to <= _from then
    return 0;
  end if;
  select * into strict s from private.first_contact_settings;
  cursor_at := _from at time zone s.time_zone;
  ends_at := _to at time zone s.time_zone;
  for step in 0..400 loop
    exit when cursor_at >= ends_at;
    day := cursor_at::date;
    if extract(isodow from day)::smallint = any (s.work_days) then
      opens := greatest(day + s.day_start, cursor_at);
      closes := least(day + s.day_end, ends_at);
      if opens < closes then
        total := total + (closes - opens);
      end if;
    end if;
    cursor_at := (day + 1)::timestamp;
  end loop;
  return round((extract(epoch from total) / 60)::numeric, 2);
end
$$;

-- Before an update of a request, as the caller (security invoker: current_user is the API role of
-- a signed-in staff member only when the statement is theirs, not a security-definer function's
-- such as bulk_update_requests):
--   * first_contacted_at is never cleared and never moved later (the earliest wins);
--   * a status change off 'new' by a signed-in staff member through the API stamps it.
create function private.stamp_first_contact()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.first_contacted_at is not null then
    new.first_contacted_at := least(
      old.first_contacted_at, coalesce(new.first_contacted_at, old.first_contacted_at)
    );
  end if;
  if old.status = 'new' and new.status is distinct from 'new'
    and current_user = 'authenticated' and public.my_staff_id() is not null
  then
    new.first_contacted_at := least(coalesce(new.first_contacted_at, now()), now());
  end if;
  return new;
end
$$;

create trigger stamp_first_contact
before update on public.contact_requests
for each row execute function private.stamp_first_contact();

-- Before an update of a request, after stamp_first_contact (triggers fire by name):
--   * a request released from the held queue starts its first-contact clock then;
--   * a change of the contact times alone keeps the request's version (see the header).
create function private.keep_version_for_contact_times()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  times constant text[] := array[
    'first_contacted_at', 'last_contacted_at', 'first_contact_due_at', 'version', 'updated_at',
    -- Generated columns are computed after the before triggers: not comparable here.
    'phone_key', 'search_text'
  ];
begin
  if old.held_reason is not null and new.held_reason is null and new.first_contacted_at is null
    and new.first_contact_due_at is null and new.entry_channel is null and new.status = 'new'
  then
    new.first_contact_due_at := private.working_deadline(
      now(), (select s.contact_minutes from private.first_contact_settings s)
    );
  end if;
  if (new.first_contacted_at, new.last_contacted_at, new.first_contact_due_at)
      is distinct from (old.first_contacted_at, old.last_contacted_at, old.first_contact_due_at)
    and (to_jsonb(new) - times) = (to_jsonb(old) - times)
  then
    new.version := old.version;
  end if;
  return new;
end
$$;

create trigger start_first_contact_clock
before update on public.contact_requests
for each row execute function private.keep_version_for_contact_times();

-- Before a request is inserted (after the lead's hold and a staff entry's stamp, by name): a
-- request from the public forms that is not held gets its first-contact due time.
create function private.start_first_contact_clock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.first_contacted_at := null;
  new.last_contacted_at := null;
  new.first_contact_due_at := case
    when new.entry_channel is null and new.held_reason is null and new.status = 'new'
      then private.working_deadline(
        new.created_at, (select s.contact_minutes from private.first_contact_settings s)
      )
  end;
  return new;
end
$$;

create trigger time_first_contact
before insert on public.contact_requests
for each row execute function private.start_first_contact_clock();

-- After a timeline event: a contact kind with a staff author stamps the request's first contact
-- (the earliest wins) and its latest contact. Events by the system (author null) never do.
create function private.note_contact_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.author_id is null
    or not exists (select 1 from private.contact_event_kinds k where k.kind = new.kind)
    or not exists (select 1 from private.admin_users a where a.id = new.author_id)
  then
    return null;
  end if;
  update public.contact_requests r
  set first_contacted_at = least(coalesce(r.first_contacted_at, new.created_at), new.created_at),
      last_contacted_at = greatest(coalesce(r.last_contacted_at, new.created_at), new.created_at)
  where r.id = new.request_id;
  return null;
end
$$;

create trigger note_contact_event
after insert on public.request_events
for each row execute function private.note_contact_event();

-- The request a staff member may act on: live staff, the request exists and is not in the bin.
create function private.staff_request(_request_id uuid)
returns public.contact_requests
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found_request public.contact_requests;
begin
  perform private.require_live_staff();
  select * into found_request from public.contact_requests r
  where r.id = _request_id and r.deleted_at is null;
  if found_request.id is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  return found_request;
end
$$;

-- Records a WhatsApp message the caller sent from the back office with the template `_template_id`
-- (null: the chat opened without a template), as a 'whatsapp' event by the caller (new value: the
-- template's Arabic title as it was). The same message recorded again within 30 seconds (a retry
-- after a lost answer) returns the first entry instead of a second one. Returns the event.
create function public.log_whatsapp_message(_request_id uuid, _template_id uuid default null)
returns public.request_events
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.contact_requests := private.staff_request(_request_id);
  staff record;
  title text;
  recorded public.request_events;
begin
  select s.id, s.username into staff from private.current_staff() s;
  if _template_id is not null then
    select t.title_ar into title from public.message_templates t
    where t.id = _template_id and t.archived_at is null;
    if title is null then
      raise exception 'template not found' using errcode = 'PT404', hint = 'template_not_found';
    end if;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('contact:' || target.id::text, 0));
  select * into recorded from public.request_events e
  where e.request_id = target.id and e.kind = 'whatsapp' and e.author_id = staff.id
    and e.new_value is not distinct from title and e.created_at > now() - interval '30 seconds'
  order by e.id desc limit 1;
  if recorded.id is not null then
    return recorded;
  end if;
  insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
  values (target.id, target.version, staff.id, staff.username, 'whatsapp', null, title)
  returning * into recorded;
  return recorded;
end
$$;

-- Records a call the caller made and its outcome: 'answered', 'no_answer', 'wrong_number' or
-- 'call_back' (with `_call_back_at`, later than now and within a year, as the old value). A call
-- back also becomes the request's follow-up time unless `_set_follow_up` is false (the dialog puts
-- it into its own follow-up field instead). The same outcome again within 30 seconds returns the
-- first entry. Returns the event.
create function public.log_call(
  _request_id uuid, _outcome text, _call_back_at timestamptz default null,
  _set_follow_up boolean default true
)
returns public.request_events
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.contact_requests := private.staff_request(_request_id);
  staff record;
  at_text text;
  recorded public.request_events;
begin
  if _outcome is null or _outcome not in ('answered', 'no_answer', 'wrong_number', 'call_back') then
    raise exception 'unknown call outcome' using errcode = '22023', hint = 'call_outcome';
  end if;
  if _outcome = 'call_back' and (
    _call_back_at is null or _call_back_at <= now() or _call_back_at > now() + interval '1 year'
  ) then
    raise exception 'a call back needs a time in the coming year'
      using errcode = '22023', hint = 'call_back_time';
  end if;
  if _outcome = 'call_back' then
    at_text := to_char(_call_back_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
  end if;
  select s.id, s.username into staff from private.current_staff() s;
  perform pg_advisory_xact_lock(hashtextextended('contact:' || target.id::text, 0));
  select * into recorded from public.request_events e
  where e.request_id = target.id and e.kind = 'call' and e.author_id = staff.id
    and e.new_value = _outcome and e.old_value is not distinct from at_text
    and e.created_at > now() - interval '30 seconds'
  order by e.id desc limit 1;
  if recorded.id is not null then
    return recorded;
  end if;
  insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
  values (target.id, target.version, staff.id, staff.username, 'call', at_text, _outcome)
  returning * into recorded;
  if _outcome = 'call_back' and coalesce(_set_follow_up, true) then
    update public.contact_requests set follow_up_at = _call_back_at where id = target.id;
  end if;
  return recorded;
end
$$;

-- What a message template can be filled with for one request, for staff: the patient's first
-- name, the treatment, the reference and language, the manager (the assignee's display name,
-- else username; null while unassigned) and how many of its quotes were sent (issue 31). The page
-- link is never here: only its hash is stored.
create function public.message_context(_request_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'name', split_part(btrim(r.name), ' ', 1),
    'treatment', r.service,
    'reference', r.reference,
    'language', r.language,
    'manager', case when a.id is not null
      then coalesce(nullif(btrim(a.display_name), ''), a.username) end,
    'quotes_sent', (
      select count(*) from public.quotes q where q.request_id = r.id and q.first_sent_at is not null
    )
  )
  from private.staff_request(_request_id) r
  left join private.admin_users a on a.id = r.assigned_to
$$;

-- The first-contact settings as owners and coordinators see them (staff only).
create function public.first_contact_settings()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform private.require_live_staff();
  select jsonb_build_object(
    'time_zone', s.time_zone, 'work_days', to_jsonb(s.work_days),
    'day_start', to_char(s.day_start, 'HH24:MI'), 'day_end', to_char(s.day_end, 'HH24:MI'),
    'contact_minutes', s.contact_minutes, 'escalate_minutes', s.escalate_minutes,
    'updated_at', s.updated_at, 'updated_by', s.updated_by
  ) into answer
  from private.first_contact_settings s;
  return answer;
end
$$;

-- Saves the agency's hours and thresholds (owners only): `_settings` may hold time_zone (a name
-- PostgreSQL knows, e.g. 'Asia/Riyadh'), work_days, day_start, day_end ("HH:MM"), contact_minutes
-- and escalate_minutes; what is missing stays. The requests still waiting for their first contact
-- get their due time again under the new rules. Returns the settings.
create function public.save_first_contact_settings(_settings jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.assert_owner();
  if _settings is null or jsonb_typeof(_settings) <> 'object' then
    raise exception 'settings must be a JSON object' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_object_keys(_settings) k
    where k not in (
      'time_zone', 'work_days', 'day_start', 'day_end', 'contact_minutes', 'escalate_minutes'
    )
  ) then
    raise exception 'unknown setting' using errcode = '22023', hint = 'unknown_field';
  end if;
  if _settings ? 'time_zone' and not exists (
    select 1 from pg_catalog.pg_timezone_names z where z.name = _settings ->> 'time_zone'
  ) then
    raise exception 'unknown time zone %', _settings ->> 'time_zone'
      using errcode = '22023', hint = 'time_zone';
  end if;
  update private.first_contact_settings s set
    time_zone = coalesce(_settings ->> 'time_zone', s.time_zone),
    work_days = case when _settings ? 'work_days'
      then array(select distinct d::smallint from jsonb_array_elements_text(_settings -> 'work_days') d order by 1)
      else s.work_days end,
    day_start = coalesce((_settings ->> 'day_start')::time, s.day_start),
    day_end = coalesce((_settings ->> 'day_end')::time, s.day_end),
    contact_minutes = coalesce((_settings ->> 'contact_minutes')::integer, s.contact_minutes),
    escalate_minutes = coalesce((_settings ->> 'escalate_minutes')::integer, s.escalate_minutes),
    updated_at = now(),
    updated_by = (select c.username from private.current_staff() c);
  -- Waiting requests follow the new rules (contact times only: their versions stay).
  update public.contact_requests r
  set first_contact_due_at = private.working_deadline(
    r.created_at, (select s.contact_minutes from private.first_contact_settings s)
  )
  where r.first_contacted_at is null and r.first_contact_due_at is not null and r.status = 'new'
    and r.deleted_at is null;
  return public.first_contact_settings();
end
$$;

revoke execute on function public.log_whatsapp_message(uuid, uuid) from public, anon;
revoke execute on function public.log_call(uuid, text, timestamptz, boolean) from public, anon;
revoke execute on function public.message_context(uuid) from public, anon;
revoke execute on function public.first_contact_settings() from public, anon;
revoke execute on function public.save_first_contact_settings(jsonb) from public, anon;
grant execute on function public.log_whatsapp_message(uuid, uuid) to authenticated, service_role;
grant execute on function public.log_call(uuid, text, timestamptz, boolean) to authenticated, service_role;
grant execute on function public.message_context(uuid) to authenticated, service_role;
grant execute on function public.first_contact_settings() to authenticated, service_role;
grant execute on function public.save_first_contact_settings(jsonb) to authenticated;

revoke execute on all functions in schema private from public;
