-- Quotes (issue 31, ARCHITECTURE section 14): one quote per clinic per request, in versions. A
-- coordinator writes a draft version (technique, units, surgeon or team, nights and hotel,
-- transfers, interpreter, included and not included, price and currency, valid until, a note in the
-- patient's language) and sends it; a sent version never changes, a correction is a new version,
-- and the patient sees the latest sent one (public.patient_quotes, 20261127110200_…). A quote is
-- draft until its first version is sent, then sent, then chosen or declined; a sent quote whose
-- latest version is past its "valid until" reads as expired (worked out when read, so nothing has
-- to run at midnight). The database refuses a new quote, and the sending of any version, for a
-- clinic that is inactive or holds no accreditation valid today.
--
-- Everything staff do to quotes goes through the functions below (security definer, each refusing a
-- caller without a live admin session first), so the states, the version numbers, the stamps
-- (who sent, when; the request's first quote) and the timeline are the database's alone. Each change
-- is broadcast to the staff topic staff:quotes, which only live admin sessions may join.

-- A quote of one clinic for one request. `first_sent_at` is when its first version went to the
-- patient (the 48-hour promise is measured from the request to the earliest of these); `chosen_version`
-- the version the patient chose.
create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  clinic_id uuid not null references public.clinics (id),
  status text not null default 'draft',
  chosen_version integer,
  decided_at timestamptz,
  first_sent_at timestamptz,
  created_at timestamptz not null default now(),
  created_by uuid references private.admin_users (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint quotes_one_per_clinic unique (request_id, clinic_id),
  constraint quotes_status check (status in ('draft', 'sent', 'chosen', 'declined')),
  constraint quotes_chosen_version check ((status = 'chosen') = (chosen_version is not null)),
  constraint quotes_sent_before_decided check (status = 'draft' or first_sent_at is not null)
);
create index quotes_clinic_idx on public.quotes (clinic_id);
create index quotes_created_by_idx on public.quotes (created_by);
create index quotes_first_sent_idx on public.quotes (request_id, first_sent_at);

comment on table public.quotes is
  'One clinic''s quote for one request (issue 31); its content is in quote_versions.';

-- One version of a quote. At most one draft (sent_at null) per quote; a sent version is frozen.
create table public.quote_versions (
  quote_id uuid not null references public.quotes (id) on delete cascade,
  version integer not null,
  technique text,
  units integer,
  unit_kind text,
  team text,
  nights integer,
  hotel text,
  transfer boolean not null default false,
  interpreter boolean not null default false,
  included text[] not null default '{}',
  not_included text[] not null default '{}',
  price numeric(12, 2),
  currency public.quote_currency not null,
  valid_until date,
  note text,
  note_language public.site_language not null default 'ar',
  created_at timestamptz not null default now(),
  created_by uuid references private.admin_users (id) on delete set null,
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  sent_by uuid references private.admin_users (id) on delete set null,
  primary key (quote_id, version),
  constraint quote_versions_version check (version >= 1),
  constraint quote_versions_technique check (char_length(technique) between 1 and 160),
  constraint quote_versions_units check (units between 1 and 100000),
  constraint quote_versions_unit_kind check (
    unit_kind in ('grafts', 'implants', 'veneers', 'crowns', 'sessions', 'procedures', 'cycles')
  ),
  constraint quote_versions_units_with_kind check ((units is null) = (unit_kind is null)),
  constraint quote_versions_team check (char_length(team) between 1 and 160),
  constraint quote_versions_nights check (nights between 0 and 60),
  constraint quote_versions_hotel check (char_length(hotel) between 1 and 160),
  constraint quote_versions_lists check (cardinality(included) <= 20 and cardinality(not_included) <= 20),
  constraint quote_versions_price check (price > 0 and price < 10000000),
  constraint quote_versions_note check (char_length(note) between 1 and 1000),
  constraint quote_versions_sent_complete check (
    sent_at is null or (price is not null and valid_until is not null)
  )
);
create unique index quote_versions_one_draft on public.quote_versions (quote_id) where sent_at is null;
create index quote_versions_created_by_idx on public.quote_versions (created_by);
create index quote_versions_sent_by_idx on public.quote_versions (sent_by);

comment on table public.quote_versions is
  'The versions of a quote: one draft at most, sent versions frozen; the patient sees the latest sent.';

-- The timeline's kinds for quotes: a version sent, a status staff set, the patient's choice.
insert into private.request_event_kinds (kind) values
  ('quote_sent'), ('quote_status'), ('patient_quote_choice');

alter table public.quotes enable row level security;
alter table public.quote_versions enable row level security;

-- Staff read the quotes of the requests they can see (not of binned ones).
create policy "Staff can read the quotes of requests not in the bin"
on public.quotes for select to authenticated
using (
  (select public.is_admin((select auth.uid())))
  and exists (select 1 from public.contact_requests r where r.id = quotes.request_id)
);

-- Staff read the versions of the quotes they can see.
create policy "Staff can read the versions of quotes they can see"
on public.quote_versions for select to authenticated
using (
  (select public.is_admin((select auth.uid())))
  and exists (select 1 from public.quotes q where q.id = quote_versions.quote_id)
);

-- Reads only: every write goes through the functions below.
revoke all on table public.quotes from public, anon, authenticated;
revoke all on table public.quote_versions from public, anon, authenticated;
grant select on table public.quotes to authenticated, service_role;
grant select on table public.quote_versions to authenticated, service_role;

-- The status a patient or coordinator reads: a sent quote whose latest sent version is past its
-- "valid until" is expired (the last day counts).
create function private.quote_shown_status(_status text, _valid_until date)
returns text
language sql
stable
set search_path = ''
as $$
  select case when _status = 'sent' and _valid_until < current_date then 'expired' else _status end
$$;

-- The latest sent version of a quote, or null.
create function private.latest_sent_version(_quote_id uuid)
returns public.quote_versions
language sql
stable
security definer
set search_path = ''
as $$
  select v.* from public.quote_versions v
  where v.quote_id = _quote_id and v.sent_at is not null
  order by v.version desc limit 1
$$;

-- Refuses (23514) a clinic that cannot be quoted today: inactive (hint clinic_inactive) or without an
-- accreditation valid today (hint clinic_not_accredited).
create function private.require_quotable_clinic(_clinic_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.clinics c where c.id = _clinic_id and c.active) then
    raise exception 'this clinic is not an active partner'
      using errcode = '23514', hint = 'clinic_inactive';
  end if;
  if not private.clinic_accredited(_clinic_id) then
    raise exception 'this clinic holds no accreditation valid today'
      using errcode = '23514', hint = 'clinic_not_accredited';
  end if;
end
$$;

-- Tells the staff screens that a request's quotes changed (staff:quotes, private): the request,
-- the quote, its status and version, and what happened. No patient data: the screens read the rest.
create function private.broadcast_quote_change(
  _request_id uuid, _quote_id uuid, _event text, _version integer default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object(
      'request_id', _request_id,
      'quote_id', _quote_id,
      'event', _event,
      'version', _version,
      'status', (select q.status from public.quotes q where q.id = _quote_id)
    ),
    _event,
    'staff:quotes',
    true
  );
end
$$;

-- A quote's clinic and version for a timeline entry, as JSON text.
create function private.quote_event_value(_quote_id uuid, _version integer)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'quote_id', q.id, 'clinic', c.name_ar, 'clinic_en', c.name_en, 'version', v.version,
    'price', v.price, 'currency', v.currency
  )::text
  from public.quotes q
  join public.clinics c on c.id = q.clinic_id
  left join public.quote_versions v on v.quote_id = q.id and v.version = _version
  where q.id = _quote_id
$$;

-- The request of a quote, if the caller may see it (raises PT404 otherwise).
create function private.visible_quote_request(_quote_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found uuid;
begin
  select q.request_id into found
  from public.quotes q
  join public.contact_requests r on r.id = q.request_id and r.deleted_at is null
  where q.id = _quote_id;
  if found is null then
    raise exception 'quote not found' using errcode = 'PT404', hint = 'quote_not_found';
  end if;
  return found;
end
$$;

-- A list of short texts from JSON: trimmed, without bidi controls or empty items, each 1–120
-- characters (23514, hint quote_list_item otherwise).
create function private.quote_text_list(_value jsonb)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  items text[];
begin
  if _value is null or jsonb_typeof(_value) <> 'array' then
    return '{}';
  end if;
  select coalesce(array_agg(item order by n), '{}') into items
  from (
    select btrim(private.without_bidi_controls(e.value)) as item, e.n
    from jsonb_array_elements_text(_value) with ordinality as e(value, n)
  ) x
  where item <> '';
  if exists (select 1 from unnest(items) i where char_length(i) > 120) then
    raise exception 'an item of a quote''s list has at most 120 characters'
      using errcode = '23514', hint = 'quote_list_item';
  end if;
  return items;
end
$$;

-- A text field of a quote from JSON: trimmed, without bidi controls, null when empty.
create function private.quote_text(_fields jsonb, _key text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(btrim(private.without_bidi_controls(_fields ->> _key)), '')
$$;

-- Saves the coordinator's draft of the quote of `_clinic_id` for `_request_id`: creates the quote
-- (the clinic must be active and accredited today) and its draft version when there is none,
-- otherwise rewrites the draft. A quote already sent gets a new draft version: the correction,
-- which the patient sees only once it is sent. `_fields`: technique, units, unit_kind, team, nights,
-- hotel, transfer, interpreter, included, not_included (arrays of text), price, currency,
-- valid_until, note, note_language; a missing key is empty. Returns {quote_id, version}.
create function public.save_quote_draft(_request_id uuid, _clinic_id uuid, _fields jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  quote public.quotes;
  draft_version integer;
  f jsonb := coalesce(_fields, '{}');
begin
  perform private.require_staff();
  select s.id into staff_id from private.current_staff() s;
  if not exists (
    select 1 from public.contact_requests r where r.id = _request_id and r.deleted_at is null
  ) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('quote:' || _request_id || ':' || _clinic_id, 0));
  select * into quote from public.quotes q
  where q.request_id = _request_id and q.clinic_id = _clinic_id;
  if quote.id is null then
    perform private.require_quotable_clinic(_clinic_id);
    insert into public.quotes (request_id, clinic_id, created_by)
    values (_request_id, _clinic_id, staff_id)
    returning * into quote;
  end if;
  select v.version into draft_version
  from public.quote_versions v where v.quote_id = quote.id and v.sent_at is null;
  if draft_version is null then
    select coalesce(max(v.version), 0) + 1 into draft_version
    from public.quote_versions v where v.quote_id = quote.id;
    insert into public.quote_versions (quote_id, version, currency, created_by)
    values (
      quote.id, draft_version,
      coalesce((f ->> 'currency')::public.quote_currency,
               (select c.currency from public.clinics c where c.id = _clinic_id)),
      staff_id
    );
  end if;
  update public.quote_versions v set
    technique = private.quote_text(f, 'technique'),
    units = nullif(f ->> 'units', '')::integer,
    unit_kind = case when nullif(f ->> 'units', '') is null then null
                     else private.quote_text(f, 'unit_kind') end,
    team = private.quote_text(f, 'team'),
    nights = nullif(f ->> 'nights', '')::integer,
    hotel = private.quote_text(f, 'hotel'),
    transfer = coalesce((f ->> 'transfer')::boolean, false),
    interpreter = coalesce((f ->> 'interpreter')::boolean, false),
    included = private.quote_text_list(f -> 'included'),
    not_included = private.quote_text_list(f -> 'not_included'),
    price = nullif(f ->> 'price', '')::numeric,
    currency = coalesce((f ->> 'currency')::public.quote_currency, v.currency),
    valid_until = nullif(f ->> 'valid_until', '')::date,
    note = private.quote_text(f, 'note'),
    note_language = coalesce((f ->> 'note_language')::public.site_language, v.note_language),
    updated_at = now()
  where v.quote_id = quote.id and v.version = draft_version;
  update public.quotes set updated_at = now() where id = quote.id;
  perform private.broadcast_quote_change(_request_id, quote.id, 'draft', draft_version);
  return jsonb_build_object('quote_id', quote.id, 'version', draft_version);
end
$$;

-- Sends the quote's draft version to the patient: it needs a price and a "valid until" from today
-- on, and the clinic must be active and accredited today. The version is frozen, the quote becomes
-- sent (a choice made on an older version is undone: the patient chooses again on what they see),
-- its first sending is stamped, the timeline gets an entry, and the patient's page moves to "quotes
-- ready" unless it is further on. Returns {quote_id, version, first_quote_at} (the request's first).
create function public.send_quote(_quote_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  request uuid;
  quote public.quotes;
  draft public.quote_versions;
  old_step text;
begin
  perform private.require_staff();
  request := private.visible_quote_request(_quote_id);
  select s.id into staff_id from private.current_staff() s;
  select * into quote from public.quotes where id = _quote_id for update;
  select * into draft from public.quote_versions v where v.quote_id = _quote_id and v.sent_at is null;
  if draft.quote_id is null then
    raise exception 'this quote has no draft to send' using errcode = 'PT409', hint = 'no_draft';
  end if;
  perform private.require_quotable_clinic(quote.clinic_id);
  if draft.price is null then
    raise exception 'a quote needs a price before it is sent'
      using errcode = '23514', hint = 'quote_price_missing';
  end if;
  if draft.valid_until is null or draft.valid_until < current_date then
    raise exception 'a quote needs a "valid until" from today on'
      using errcode = '23514', hint = 'quote_valid_until';
  end if;
  update public.quote_versions set sent_at = now(), sent_by = staff_id
  where quote_id = _quote_id and version = draft.version;
  update public.quotes set
    status = 'sent', chosen_version = null, decided_at = null,
    first_sent_at = coalesce(first_sent_at, now()), updated_at = now()
  where id = _quote_id;
  perform private.add_request_event(
    request, 'quote_sent', null, private.quote_event_value(_quote_id, draft.version)
  );
  select p.step into old_step
  from private.patient_pages p join public.contact_requests r on r.lead_id = p.lead_id
  where r.id = request;
  if old_step is null or old_step = 'documents' then
    update private.patient_pages p set step = 'quotes', step_at = now()
    from public.contact_requests r
    where r.id = request and p.lead_id = r.lead_id;
    perform private.add_request_event(request, 'patient_step', old_step, 'quotes');
  end if;
  perform private.broadcast_quote_change(request, _quote_id, 'sent', draft.version);
  return jsonb_build_object(
    'quote_id', _quote_id, 'version', draft.version,
    'first_quote_at', (select min(q.first_sent_at) from public.quotes q where q.request_id = request)
  );
end
$$;

-- Throws away the quote's unsent draft; a quote that was never sent goes with it.
create function public.discard_quote_draft(_quote_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request uuid;
begin
  perform private.require_staff();
  request := private.visible_quote_request(_quote_id);
  delete from public.quote_versions where quote_id = _quote_id and sent_at is null;
  delete from public.quotes q where q.id = _quote_id and q.status = 'draft'
    and not exists (select 1 from public.quote_versions v where v.quote_id = q.id);
  perform private.broadcast_quote_change(request, _quote_id, 'discarded');
end
$$;

-- Staff record what the patient said elsewhere (on the phone, on WhatsApp): 'chosen' (the latest
-- sent version; the request's other live quotes become declined), 'declined', or 'sent' again (undo).
-- A draft quote has no status to set (PT409, hint quote_not_sent). Written to the timeline.
create function public.set_quote_status(_quote_id uuid, _status text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request uuid;
  quote public.quotes;
  latest public.quote_versions;
begin
  perform private.require_staff();
  request := private.visible_quote_request(_quote_id);
  if _status not in ('sent', 'chosen', 'declined') then
    raise exception 'a quote''s status is sent, chosen or declined'
      using errcode = '22023', hint = 'quote_status';
  end if;
  select * into quote from public.quotes where id = _quote_id for update;
  latest := private.latest_sent_version(_quote_id);
  if latest.quote_id is null then
    raise exception 'this quote was never sent' using errcode = 'PT409', hint = 'quote_not_sent';
  end if;
  if quote.status = _status then
    return;
  end if;
  if _status = 'chosen' then
    update public.quotes set status = 'declined', chosen_version = null, decided_at = now(),
      updated_at = now()
    where request_id = request and id <> _quote_id and status in ('sent', 'chosen');
  end if;
  update public.quotes set
    status = _status,
    chosen_version = case when _status = 'chosen' then latest.version end,
    decided_at = case when _status = 'sent' then null else now() end,
    updated_at = now()
  where id = _quote_id;
  perform private.add_request_event(
    request, 'quote_status', quote.status,
    (private.quote_event_value(_quote_id, latest.version)::jsonb
      || jsonb_build_object('status', _status))::text
  );
  perform private.broadcast_quote_change(request, _quote_id, 'status', latest.version);
end
$$;

-- The request's quotes for the request dialog: each with its clinic (names, whether it can be quoted
-- today), its status as shown (expired worked out), its first sending, and every version newest first.
create function public.request_quotes(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', q.id,
      'clinic', jsonb_build_object(
        'id', c.id, 'slug', c.slug, 'name_ar', c.name_ar, 'name_en', c.name_en,
        'city_ar', c.city_ar, 'active', c.active, 'accredited', private.clinic_accredited(c.id)
      ),
      'status', private.quote_shown_status(q.status, (private.latest_sent_version(q.id)).valid_until),
      'chosen_version', q.chosen_version,
      'decided_at', q.decided_at,
      'first_sent_at', q.first_sent_at,
      'created_at', q.created_at,
      'versions', (
        select coalesce(jsonb_agg(to_jsonb(v) - 'quote_id' || jsonb_build_object(
          'sent_by_name', (select a.username from private.admin_users a where a.id = v.sent_by)
        ) order by v.version desc), '[]'::jsonb)
        from public.quote_versions v where v.quote_id = q.id
      )
    ) order by q.created_at, q.id), '[]'::jsonb)
    from public.quotes q
    join public.clinics c on c.id = q.clinic_id
    join public.contact_requests r on r.id = q.request_id and r.deleted_at is null
    where q.request_id = _request_id
  );
end
$$;

-- Only live admin sessions may receive the quotes' broadcasts.
create policy "admins receive quote broadcasts"
on realtime.messages
for select
to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select realtime.topic()) = 'staff:quotes'
  and (select public.is_admin((select auth.uid())))
);

revoke execute on function public.save_quote_draft(uuid, uuid, jsonb) from public, anon;
revoke execute on function public.send_quote(uuid) from public, anon;
revoke execute on function public.discard_quote_draft(uuid) from public, anon;
revoke execute on function public.set_quote_status(uuid, text) from public, anon;
revoke execute on function public.request_quotes(uuid) from public, anon;
grant execute on function public.save_quote_draft(uuid, uuid, jsonb) to authenticated, service_role;
grant execute on function public.send_quote(uuid) to authenticated, service_role;
grant execute on function public.discard_quote_draft(uuid) to authenticated, service_role;
grant execute on function public.set_quote_status(uuid, text) to authenticated, service_role;
grant execute on function public.request_quotes(uuid) to authenticated, service_role;

revoke execute on all functions in schema private from public;
