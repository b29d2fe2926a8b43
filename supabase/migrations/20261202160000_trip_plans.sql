-- The trip, built from the chosen quote (issue 44, ARCHITECTURE section 16): one plan per request.
-- Staff propose the dates and write the places (clinic and hotel, with the address in the local
-- language for the driver), the transfer, the interpreter, the 24/7 number and a day-by-day plan;
-- the patient confirms the dates and adds their flights and companions (a first name and how they
-- are related: never a passport number, which the checks refuse). Staff writes follow the write
-- protocol (20261202100000_staff_write_protocol.sql): a save names the plan's version it was made
-- on and a stale one is refused with private.refuse_stale (who changed it and when). Every change
-- is a timeline event. The plan references the request with on delete cascade, so the admin
-- export and erasure (local/person-data.ts finds it from the catalog) and the retention reach it.
--
-- No API role reads or writes the table directly: staff through public.request_trip and
-- public.save_trip_plan, the patient through public.patient_trip, public.patient_confirm_trip
-- and public.patient_save_trip_travel, keyed by their link's token and limited like the page's
-- other actions.

-- The limits of a plan's fields, one source for the checks below and the editor.
create function private.trip_limits()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'text_max', 200,
    'address_max', 300,
    'note_max', 300,
    'days_max', 30,
    'flights_max', 6,
    'companions_max', 4,
    'name_max', 60,
    'nights_max', 60
  )
$$;
comment on function private.trip_limits() is
  'The limits of a trip plan''s fields (issue 44), shared by the checks and the editor.';

-- Whether a day-by-day plan is well formed: an array of at most days_max entries, each
-- {on: date, time: "HH:MM" or null, kind: one of the plan's kinds, note: text up to note_max}.
create function private.trip_days_valid(_days jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(_days) = 'array'
    and jsonb_array_length(_days) <= (private.trip_limits() ->> 'days_max')::integer
    and not exists (
      select 1 from jsonb_array_elements(_days) d
      where jsonb_typeof(d) <> 'object'
         or coalesce(d ->> 'on', '') !~ '^\d{4}-\d{2}-\d{2}$'
         or (d ? 'time' and jsonb_typeof(d -> 'time') <> 'null'
             and coalesce(d ->> 'time', '') !~ '^([01]\d|2[0-3]):[0-5]\d$')
         or coalesce(d ->> 'kind', '') not in
           ('arrival', 'consultation', 'procedure', 'checkup', 'first_wash', 'rest', 'departure')
         or char_length(coalesce(d ->> 'note', '')) > (private.trip_limits() ->> 'note_max')::integer
    )
$$;
comment on function private.trip_days_valid(jsonb) is
  'Whether a trip''s day-by-day plan is an array of {on, time, kind, note} entries within the limits.';

-- Whether the patient's flights are well formed: at most flights_max of
-- {direction: arrival | departure, number: an IATA flight number such as TK 145, at: local
-- date and time "YYYY-MM-DDTHH:MM"}.
create function private.trip_flights_valid(_flights jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(_flights) = 'array'
    and jsonb_array_length(_flights) <= (private.trip_limits() ->> 'flights_max')::integer
    and not exists (
      select 1 from jsonb_array_elements(_flights) f
      where jsonb_typeof(f) <> 'object'
         or coalesce(f ->> 'direction', '') not in ('arrival', 'departure')
         or coalesce(f ->> 'number', '') !~ '^[A-Z0-9]{2} ?[0-9]{1,4}[A-Z]?$'
         or coalesce(f ->> 'at', '') !~ '^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$'
    )
$$;
comment on function private.trip_flights_valid(jsonb) is
  'Whether the patient''s flights are an array of {direction, number, at} within the limits.';

-- Whether the companions are well formed: at most companions_max of {name, relation}; a name is
-- letters (no digits, so no document number), a relation one of the listed ones.
create function private.trip_companions_valid(_companions jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(_companions) = 'array'
    and jsonb_array_length(_companions) <= (private.trip_limits() ->> 'companions_max')::integer
    and not exists (
      select 1 from jsonb_array_elements(_companions) c
      where jsonb_typeof(c) <> 'object'
         or char_length(btrim(coalesce(c ->> 'name', '')))
              not between 1 and (private.trip_limits() ->> 'name_max')::integer
         or coalesce(c ->> 'name', '') ~ '[0-9٠-٩]'
         or coalesce(c ->> 'relation', '') not in
           ('spouse', 'parent', 'child', 'sibling', 'relative', 'friend')
    )
$$;
comment on function private.trip_companions_valid(jsonb) is
  'Whether the companions are an array of {name, relation}; a name holds no digits (no passport number).';

-- One trip plan per request.
create table public.trip_plans (
  request_id uuid primary key references public.contact_requests (id) on delete cascade,
  quote_id uuid references public.quotes (id) on delete set null,
  quote_version integer,
  arrival_on date,
  procedure_on date,
  departure_on date,
  dates_confirmed_at timestamptz,
  clinic_name text,
  clinic_address text,
  clinic_address_local text,
  hotel_name text,
  hotel_address text,
  hotel_address_local text,
  transfer text,
  interpreter text,
  emergency_phone text,
  days jsonb not null default '[]',
  flights jsonb not null default '[]',
  companions jsonb not null default '[]',
  version integer not null default 1,
  created_at timestamptz not null default now(),
  created_by uuid references private.admin_users (id) on delete set null,
  updated_at timestamptz not null default now(),
  updated_by uuid references private.admin_users (id) on delete set null,
  patient_updated_at timestamptz,
  constraint trip_plans_dates check (
    (arrival_on is null or departure_on is null or arrival_on <= departure_on)
    and (procedure_on is null or arrival_on is null or arrival_on <= procedure_on)
    and (procedure_on is null or departure_on is null or procedure_on <= departure_on)
    and (arrival_on is null or departure_on is null
         or departure_on - arrival_on <= (private.trip_limits() ->> 'nights_max')::integer)
  ),
  constraint trip_plans_texts check (
    char_length(coalesce(clinic_name, '')) <= (private.trip_limits() ->> 'text_max')::integer
    and char_length(coalesce(hotel_name, '')) <= (private.trip_limits() ->> 'text_max')::integer
    and char_length(coalesce(transfer, '')) <= (private.trip_limits() ->> 'text_max')::integer
    and char_length(coalesce(interpreter, '')) <= (private.trip_limits() ->> 'text_max')::integer
    and char_length(coalesce(clinic_address, '')) <= (private.trip_limits() ->> 'address_max')::integer
    and char_length(coalesce(clinic_address_local, '')) <= (private.trip_limits() ->> 'address_max')::integer
    and char_length(coalesce(hotel_address, '')) <= (private.trip_limits() ->> 'address_max')::integer
    and char_length(coalesce(hotel_address_local, '')) <= (private.trip_limits() ->> 'address_max')::integer
  ),
  constraint trip_plans_emergency_phone check (
    emergency_phone is null or emergency_phone ~ '^\+[1-9][0-9]{7,14}$'
  ),
  constraint trip_plans_days check (private.trip_days_valid(days)),
  constraint trip_plans_flights check (private.trip_flights_valid(flights)),
  constraint trip_plans_companions check (private.trip_companions_valid(companions)),
  constraint trip_plans_version check (version >= 0)
);
comment on table public.trip_plans is
  'The trip of a request (issue 44): dates proposed by staff and confirmed by the patient, places, transfer, interpreter, the 24/7 number, a day-by-day plan, and the patient''s flights and companions (no passport data). Read and written only through the trip functions.';
comment on column public.trip_plans.version is
  'Raised by each staff save; a save naming another version is refused (stale_version).';
comment on column public.trip_plans.dates_confirmed_at is
  'When the patient confirmed the dates now in the plan; cleared when staff change a date.';
create index trip_plans_quote_idx on public.trip_plans (quote_id);
create index trip_plans_created_by_idx on public.trip_plans (created_by);
create index trip_plans_updated_by_idx on public.trip_plans (updated_by);
alter table public.trip_plans enable row level security;
revoke all on table public.trip_plans from public, anon, authenticated;
grant select, insert, update, delete on table public.trip_plans to service_role;

insert into private.request_event_kinds (kind) values ('trip_plan'), ('patient_trip');

-- The plan as the screens read it (staff and patient alike), with who saved it last.
create function private.trip_json(_plan public.trip_plans)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select to_jsonb(_plan) - 'created_by' - 'updated_by'
    || jsonb_build_object(
      'updated_by_name', (select a.username from private.admin_users a where a.id = _plan.updated_by)
    )
$$;
comment on function private.trip_json(public.trip_plans) is
  'A trip plan as JSON for the screens, with who saved it last (a username).';

-- What the chosen quote brings to the plan: its clinic, version, hotel, nights, transfer,
-- interpreter, and what it includes and excludes. Null when no quote is chosen.
create function private.trip_chosen_quote(_request_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'quote_id', q.id, 'version', v.version,
    'clinic', jsonb_build_object('name_ar', c.name_ar, 'name_en', c.name_en,
                                 'city_ar', c.city_ar, 'city_en', c.city_en),
    'hotel', v.hotel, 'nights', v.nights, 'transfer', v.transfer, 'interpreter', v.interpreter,
    'included', to_jsonb(v.included), 'not_included', to_jsonb(v.not_included)
  )
  from public.quotes q
  join public.clinics c on c.id = q.clinic_id
  join public.quote_versions v on v.quote_id = q.id and v.version = q.chosen_version
  where q.request_id = _request_id and q.status = 'chosen'
  limit 1
$$;
comment on function private.trip_chosen_quote(uuid) is
  'The chosen quote of a request as the trip plan uses it (clinic, hotel, nights, included), or null.';

-- Staff: the request's plan (null when none yet) and the chosen quote it is built from.
create function public.request_trip(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  plan public.trip_plans;
begin
  perform private.require_staff();
  if not exists (
    select 1 from public.contact_requests r where r.id = _request_id and r.deleted_at is null
  ) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  select * into plan from public.trip_plans p where p.request_id = _request_id;
  return jsonb_build_object(
    'plan', case when plan.request_id is null then null else private.trip_json(plan) end,
    'chosen', private.trip_chosen_quote(_request_id),
    'limits', private.trip_limits()
  );
end
$$;
comment on function public.request_trip(uuid) is
  'Staff: the request''s trip plan (or null) and the chosen quote it is built from.';

-- A text field of the plan: trimmed, empty as null.
create function private.trip_text(_fields jsonb, _key text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(btrim(_fields ->> _key), '')
$$;
comment on function private.trip_text(jsonb, text) is
  'A trimmed text field of a trip plan''s fields, null when empty.';

-- Staff save the plan over the version they opened (`_version`; null: they opened none and a new
-- plan is started, which needs a chosen quote: hint trip_no_chosen_quote). A plan saved by
-- someone since (or started by someone meanwhile) is not overwritten: refuse_stale (PT409,
-- stale_version) says who saved it and when. `_fields`: arrival_on, procedure_on, departure_on,
-- clinic_name, clinic_address, clinic_address_local, hotel_name, hotel_address,
-- hotel_address_local, transfer, interpreter, emergency_phone, days; a missing key is empty. The
-- patient's flights and companions are theirs and not touched. A changed date clears the
-- patient's confirmation. The timeline gets one entry naming the fields that changed; the first
-- plan moves the patient's page to "travel" unless it is further on. Returns the plan.
create function public.save_trip_plan(_request_id uuid, _version integer, _fields jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  f jsonb := coalesce(_fields, '{}');
  plan public.trip_plans;
  saved public.trip_plans;
  chosen jsonb;
  changed text[];
  old_step text;
begin
  perform private.require_staff();
  select s.id into staff_id from private.current_staff() s;
  if not exists (
    select 1 from public.contact_requests r where r.id = _request_id and r.deleted_at is null
  ) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('trip:' || _request_id, 0));
  select * into plan from public.trip_plans p where p.request_id = _request_id;
  if plan.request_id is not null and _version is distinct from plan.version then
    perform private.refuse_stale('trip_plan', plan.version, plan.updated_by, plan.updated_at);
  end if;
  if plan.request_id is null and _version is not null then
    perform private.refuse_stale('trip_plan', null, null, null, jsonb_build_object('state', 'gone'));
  end if;
  if plan.request_id is null then
    chosen := private.trip_chosen_quote(_request_id);
    if chosen is null then
      raise exception 'a trip is built from the chosen quote; no quote is chosen'
        using errcode = 'PT409', hint = 'trip_no_chosen_quote';
    end if;
    insert into public.trip_plans (request_id, quote_id, quote_version, created_by, updated_by, version)
    values (_request_id, (chosen ->> 'quote_id')::uuid, (chosen ->> 'version')::integer,
            staff_id, staff_id, 0)
    returning * into plan;
  end if;
  update public.trip_plans p set
    arrival_on = nullif(f ->> 'arrival_on', '')::date,
    procedure_on = nullif(f ->> 'procedure_on', '')::date,
    departure_on = nullif(f ->> 'departure_on', '')::date,
    clinic_name = private.trip_text(f, 'clinic_name'),
    clinic_address = private.trip_text(f, 'clinic_address'),
    clinic_address_local = private.trip_text(f, 'clinic_address_local'),
    hotel_name = private.trip_text(f, 'hotel_name'),
    hotel_address = private.trip_text(f, 'hotel_address'),
    hotel_address_local = private.trip_text(f, 'hotel_address_local'),
    transfer = private.trip_text(f, 'transfer'),
    interpreter = private.trip_text(f, 'interpreter'),
    emergency_phone = private.trip_text(f, 'emergency_phone'),
    days = coalesce(f -> 'days', '[]'::jsonb),
    version = p.version + 1,
    updated_by = staff_id,
    updated_at = now()
  where p.request_id = _request_id
  returning * into saved;
  if (saved.arrival_on, saved.procedure_on, saved.departure_on)
     is distinct from (plan.arrival_on, plan.procedure_on, plan.departure_on) then
    update public.trip_plans p set dates_confirmed_at = null
    where p.request_id = _request_id
    returning * into saved;
  end if;
  select coalesce(array_agg(key order by key), '{}') into changed
  from jsonb_each(to_jsonb(saved)) n
  join jsonb_each(to_jsonb(plan)) o using (key)
  where key not in ('version', 'updated_at', 'updated_by', 'created_at', 'created_by',
                    'dates_confirmed_at', 'quote_id', 'quote_version')
    and n.value is distinct from o.value;
  perform private.add_request_event(
    _request_id, 'trip_plan',
    case when plan.version = 0 then null else plan.version::text end,
    case when plan.version = 0 then 'created' else array_to_string(changed, ',') end
  );
  if plan.version = 0 then
    select p.step into old_step
    from private.patient_pages p join public.contact_requests r on r.lead_id = p.lead_id
    where r.id = _request_id;
    if old_step is null or old_step in ('documents', 'quotes', 'decision') then
      update private.patient_pages p set step = 'travel', step_at = now()
      from public.contact_requests r
      where r.id = _request_id and p.lead_id = r.lead_id;
      perform private.add_request_event(_request_id, 'patient_step', old_step, 'travel');
    end if;
  end if;
  return private.trip_json(saved);
end
$$;
comment on function public.save_trip_plan(uuid, integer, jsonb) is
  'Staff: saves the trip plan over the version the caller opened (stale: PT409 stale_version).';

-- The patient's trip for their link: the plan (null when there is none yet), what the chosen
-- quote includes and excludes, and the manager. Null for a dead link.
create function public.patient_trip(_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
  request public.contact_requests;
  plan public.trip_plans;
begin
  if lead is null then
    return null;
  end if;
  select * into request from public.contact_requests r where r.lead_id = lead;
  select * into plan from public.trip_plans p where p.request_id = request.id;
  if plan.request_id is null then
    return jsonb_build_object('plan', null);
  end if;
  return jsonb_build_object(
    'plan', private.trip_json(plan) - 'request_id' - 'quote_id' - 'updated_by_name',
    'chosen', private.trip_chosen_quote(request.id) - 'quote_id',
    'reference', request.reference
  );
end
$$;
comment on function public.patient_trip(text) is
  'The patient''s trip plan for their link (null plan when none yet; null for a dead link).';

-- The patient confirms the dates of the plan version their page showed (`_version`): a plan
-- changed since answers PT409 (trip_changed: the page shows the new one), no plan PT404
-- (trip_not_found). Confirming twice is done once. Limited like the page's other actions.
create function public.patient_confirm_trip(_token text, _version integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  req uuid;
  plan public.trip_plans;
begin
  lead := private.admit_patient_action(_token, 'trip');
  if lead is null then
    return null;
  end if;
  select r.id into req from public.contact_requests r where r.lead_id = lead;
  select * into plan from public.trip_plans p where p.request_id = req for update;
  if plan.request_id is null then
    raise exception 'no trip plan yet' using errcode = 'PT404', hint = 'trip_not_found';
  end if;
  if plan.version is distinct from _version then
    raise exception 'the plan changed; confirm the latest dates'
      using errcode = 'PT409', hint = 'trip_changed';
  end if;
  if plan.arrival_on is null or plan.departure_on is null then
    raise exception 'the plan has no dates to confirm yet'
      using errcode = '23514', hint = 'trip_no_dates';
  end if;
  if plan.dates_confirmed_at is not null then
    return jsonb_build_object('ok', true, 'changed', false);
  end if;
  update public.trip_plans p set dates_confirmed_at = now(), patient_updated_at = now()
  where p.request_id = req;
  perform private.add_request_event(
    req, 'patient_trip', null,
    'dates_confirmed:' || plan.arrival_on || '/' || plan.departure_on
  );
  return jsonb_build_object('ok', true, 'changed', true);
end
$$;
comment on function public.patient_confirm_trip(text, integer) is
  'The patient confirms the trip''s dates of the version they saw (changed since: PT409 trip_changed).';

-- The patient's flights and companions, replaced as a whole (their own list; staff never write
-- it). Refused with a named hint when malformed: trip_flights (an IATA number such as TK 145 and
-- a local date and time), trip_companions (a name of letters only: no passport number, and a
-- relation). Limited like the page's other actions; the timeline gets what changed in counts.
create function public.patient_save_trip_travel(_token text, _flights jsonb, _companions jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  req uuid;
  plan public.trip_plans;
  new_flights jsonb;
  new_companions jsonb;
begin
  lead := private.admit_patient_action(_token, 'trip');
  if lead is null then
    return null;
  end if;
  select r.id into req from public.contact_requests r where r.lead_id = lead;
  select * into plan from public.trip_plans p where p.request_id = req for update;
  if plan.request_id is null then
    raise exception 'no trip plan yet' using errcode = 'PT404', hint = 'trip_not_found';
  end if;
  -- Flight numbers as airlines print them: upper case, one space after the airline's code.
  select coalesce(jsonb_agg(jsonb_build_object(
      'direction', f ->> 'direction',
      'number', regexp_replace(upper(btrim(coalesce(f ->> 'number', ''))), '^([A-Z0-9]{2}) ?', '\1 '),
      'at', f ->> 'at')), '[]'::jsonb)
  into new_flights
  from jsonb_array_elements(case when jsonb_typeof(_flights) = 'array' then _flights else '[]' end) f;
  if jsonb_typeof(coalesce(_flights, 'null')) <> 'array' or not private.trip_flights_valid(new_flights) then
    raise exception 'a flight needs a flight number such as TK 145 and its local date and time'
      using errcode = '23514', hint = 'trip_flights';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'name', btrim(c ->> 'name'), 'relation', c ->> 'relation')), '[]'::jsonb)
  into new_companions
  from jsonb_array_elements(case when jsonb_typeof(_companions) = 'array' then _companions else '[]' end) c;
  if jsonb_typeof(coalesce(_companions, 'null')) <> 'array'
     or not private.trip_companions_valid(new_companions) then
    raise exception 'a companion is a first name (letters only, no document number) and a relation'
      using errcode = '23514', hint = 'trip_companions';
  end if;
  if new_flights = plan.flights and new_companions = plan.companions then
    return jsonb_build_object('ok', true, 'changed', false);
  end if;
  update public.trip_plans p set flights = new_flights, companions = new_companions,
    patient_updated_at = now()
  where p.request_id = req;
  perform private.add_request_event(
    req, 'patient_trip', null,
    'travel:' || jsonb_array_length(new_flights) || '/' || jsonb_array_length(new_companions)
  );
  return jsonb_build_object('ok', true, 'changed', true);
end
$$;
comment on function public.patient_save_trip_travel(text, jsonb, jsonb) is
  'The patient''s flights and companions, replaced as a whole (malformed: 23514 trip_flights / trip_companions).';

revoke execute on function public.request_trip(uuid) from public, anon;
revoke execute on function public.save_trip_plan(uuid, integer, jsonb) from public, anon;
grant execute on function public.request_trip(uuid) to authenticated, service_role;
grant execute on function public.save_trip_plan(uuid, integer, jsonb) to authenticated, service_role;
revoke execute on function public.patient_trip(text) from public;
revoke execute on function public.patient_confirm_trip(text, integer) from public;
revoke execute on function public.patient_save_trip_travel(text, jsonb, jsonb) from public;
grant execute on function public.patient_trip(text) to anon, authenticated, service_role;
grant execute on function public.patient_confirm_trip(text, integer) to anon, authenticated, service_role;
grant execute on function public.patient_save_trip_travel(text, jsonb, jsonb)
  to anon, authenticated, service_role;

revoke execute on all functions in schema private from public;
