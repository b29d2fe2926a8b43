-- Partner clinics as records (issue 31, ARCHITECTURE section 14). The agency names the clinics it
-- works with: each has its names, city and country, the languages its staff speak with patients,
-- what it includes (hotel, transfer, interpreter), the treatments it does, and its accreditations,
-- each with the accrediting body, the certificate number, its validity, and who at the agency checked
-- it and when (stamped by the database). Owners manage them in the back office; coordinators read
-- them to build quotes; a clinic without an accreditation valid today cannot be put in a new quote
-- or have one sent (20261127110100_quotes.sql). The public profile page reads a clinic through
-- public.clinic_profiles(), which answers only what a patient may see.
--
-- One source per fact: every fact about a clinic lives here. Treatment keys are the values of
-- public.lead_service, which tests/unit/one-source.test.ts keeps equal to content/services; the
-- country is a destination of content/destinations (the enum below, kept in step by the same test);
-- a quote's currency is a currency of content/exchange-rates.yaml (the enum below, likewise).

-- The destination countries (content/destinations/*.yaml file names).
create type public.destination as enum (
  'turkey', 'romania', 'lebanon', 'croatia', 'moldova', 'egypt', 'jordan', 'thailand', 'syria'
);

-- The currencies a quote may be in and a patient may see it converted to (content/exchange-rates.yaml).
create type public.quote_currency as enum (
  'SAR', 'AED', 'KWD', 'QAR', 'BHD', 'OMR', 'EGP', 'JOD', 'IQD', 'TRY', 'EUR', 'USD'
);

-- Whether every element of a list of short texts is present, trimmed, at most `max_length`
-- characters long and free of bidi controls (the lists of clinics and quotes).
create function private.clean_text_list(_items text[], _max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(
    item is not null and item = btrim(item) and char_length(item) between 1 and _max_length
      and item !~ '[\u200e\u200f\u202a-\u202e\u2066-\u2069]'
  ), true)
  from unnest(_items) as item
$$;

-- A partner clinic. `slug` is its public address (/clinics/#<slug>); names and city in both
-- languages; `about_*` the bilingual profile text patients read (owner-written, see
-- docs/decisions.md "Issue 31"); `currency` and `hotel` the defaults of a new quote.
create table public.clinics (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name_ar text not null,
  name_en text not null,
  city_ar text not null,
  city_en text not null,
  country public.destination not null,
  languages text[] not null default '{ar,en}',
  includes_hotel boolean not null default false,
  includes_transfer boolean not null default false,
  includes_interpreter boolean not null default false,
  hotel text,
  treatments public.lead_service[] not null default '{}',
  currency public.quote_currency not null default 'EUR',
  about_ar text not null default '',
  about_en text not null default '',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid references private.admin_users (id) on delete set null,
  constraint clinics_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 60),
  -- Conditions as one flat list, not `between … and between …`: PostgreSQL reads a nested AND back
  -- in another shape, and supabase/schemas/ must dump exactly as the migrations do.
  constraint clinics_names check (
    char_length(btrim(name_ar)) >= 2 and char_length(btrim(name_ar)) <= 120
    and char_length(btrim(name_en)) >= 2 and char_length(btrim(name_en)) <= 120
  ),
  constraint clinics_cities check (
    char_length(btrim(city_ar)) >= 2 and char_length(btrim(city_ar)) <= 80
    and char_length(btrim(city_en)) >= 2 and char_length(btrim(city_en)) <= 80
  ),
  constraint clinics_languages check (
    cardinality(languages) >= 1 and cardinality(languages) <= 12
    and array_to_string(languages, ',') ~ '^[a-z]{2}(,[a-z]{2})*$'
  ),
  constraint clinics_hotel_length check (char_length(hotel) between 1 and 160),
  constraint clinics_about_length check (
    char_length(about_ar) <= 3000 and char_length(about_en) <= 3000
  ),
  constraint clinics_no_bidi_controls check (
    concat_ws(' ', name_ar, name_en, city_ar, city_en, hotel, about_ar, about_en)
      !~ '[\u200e\u200f\u202a-\u202e\u2066-\u2069]'
  )
);
create index clinics_updated_by_idx on public.clinics (updated_by);

comment on table public.clinics is
  'Partner clinics (issue 31): owners manage them; quotes are made for them; public.clinic_profiles() shows them.';

-- One accreditation of a clinic: the body (JCI, ISO 9001, a ministry licence…), the certificate's
-- number, the last day it is valid, and who at the agency checked it and when (stamped by the
-- database from the owner's session; a renewal is a new check of the same row or a new row).
create table public.clinic_accreditations (
  id uuid primary key default gen_random_uuid(),
  clinic_id uuid not null references public.clinics (id) on delete cascade,
  body text not null,
  certificate_number text not null,
  valid_until date not null,
  checked_by uuid references private.admin_users (id) on delete set null,
  checked_by_name text,
  checked_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint clinic_accreditations_body check (char_length(btrim(body)) between 2 and 80),
  constraint clinic_accreditations_number check (
    char_length(btrim(certificate_number)) between 1 and 60
  ),
  constraint clinic_accreditations_no_bidi_controls check (
    concat_ws(' ', body, certificate_number) !~ '[\u200e\u200f\u202a-\u202e\u2066-\u2069]'
  )
);
create index clinic_accreditations_clinic_idx
  on public.clinic_accreditations (clinic_id, valid_until desc);
create index clinic_accreditations_checked_by_idx on public.clinic_accreditations (checked_by);

comment on table public.clinic_accreditations is
  'A clinic''s accreditations: body, certificate number, valid until, checked by whom and when (stamped).';

-- Whether the clinic holds an accreditation valid on `_day` (the last day of validity counts).
create function private.clinic_accredited(_clinic_id uuid, _day date default current_date)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.clinic_accreditations a
    where a.clinic_id = _clinic_id and a.valid_until >= _day
  )
$$;

-- Before a clinic is written: trims its texts and drops bidi controls (a name cannot pretend to be
-- another, 20261123140400_names_that_cannot_lie.sql), keeps updated_at and updated_by honest.
create function private.stamp_clinic()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.name_ar := btrim(private.without_bidi_controls(new.name_ar));
  new.name_en := btrim(private.without_bidi_controls(new.name_en));
  new.city_ar := btrim(private.without_bidi_controls(new.city_ar));
  new.city_en := btrim(private.without_bidi_controls(new.city_en));
  new.hotel := nullif(btrim(private.without_bidi_controls(new.hotel)), '');
  new.about_ar := btrim(private.without_bidi_controls(new.about_ar));
  new.about_en := btrim(private.without_bidi_controls(new.about_en));
  new.languages := array(
    select x.code from (
      select lower(btrim(u.code)) as code, min(u.n) as n
      from unnest(new.languages) with ordinality as u(code, n) group by 1
    ) x order by x.n
  );
  new.updated_at := now();
  new.updated_by := (select s.id from private.current_staff() s);
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;

create trigger stamp_clinic
before insert or update on public.clinics
for each row execute function private.stamp_clinic();

-- Before an accreditation is written: who checked it and when come from the database (the owner's
-- session and the time), never from the browser; a change of body, number or validity is a new check.
create function private.stamp_clinic_accreditation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  staff_name text;
begin
  new.body := btrim(private.without_bidi_controls(new.body));
  new.certificate_number := btrim(private.without_bidi_controls(new.certificate_number));
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.clinic_id := old.clinic_id;
    if (new.body, new.certificate_number, new.valid_until)
      is not distinct from (old.body, old.certificate_number, old.valid_until)
      and new.checked_at is not distinct from old.checked_at
    then
      new.checked_by := old.checked_by;
      new.checked_by_name := old.checked_by_name;
      return new;
    end if;
  end if;
  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  new.checked_by := staff_id;
  new.checked_by_name := staff_name;
  new.checked_at := now();
  return new;
end
$$;

create trigger stamp_clinic_accreditation
before insert or update on public.clinic_accreditations
for each row execute function private.stamp_clinic_accreditation();

alter table public.clinics enable row level security;
alter table public.clinic_accreditations enable row level security;

-- Staff (coordinators and owners) read every clinic: they build the quotes.
create policy "Staff can read clinics"
on public.clinics for select to authenticated
using ((select public.is_admin((select auth.uid()))));

-- Only owners add clinics.
create policy "Owners can add clinics"
on public.clinics for insert to authenticated
with check ((select public.my_staff_role()) = 'owner');

-- Only owners change clinics.
create policy "Owners can change clinics"
on public.clinics for update to authenticated
using ((select public.my_staff_role()) = 'owner')
with check ((select public.my_staff_role()) = 'owner');

-- Only owners delete clinics (a clinic with quotes cannot go: make it inactive instead).
create policy "Owners can delete clinics"
on public.clinics for delete to authenticated
using ((select public.my_staff_role()) = 'owner');

-- Staff read every accreditation.
create policy "Staff can read accreditations"
on public.clinic_accreditations for select to authenticated
using ((select public.is_admin((select auth.uid()))));

-- Only owners record an accreditation check.
create policy "Owners can add accreditations"
on public.clinic_accreditations for insert to authenticated
with check ((select public.my_staff_role()) = 'owner');

-- Only owners change an accreditation (a renewal, a correction).
create policy "Owners can change accreditations"
on public.clinic_accreditations for update to authenticated
using ((select public.my_staff_role()) = 'owner')
with check ((select public.my_staff_role()) = 'owner');

-- Only owners remove an accreditation.
create policy "Owners can delete accreditations"
on public.clinic_accreditations for delete to authenticated
using ((select public.my_staff_role()) = 'owner');

-- The API roles: staff read and owners write through the policies above; the browser never sets
-- who checked an accreditation (the trigger does), so no column is left to forge.
revoke all on table public.clinics from public, anon, authenticated;
revoke all on table public.clinic_accreditations from public, anon, authenticated;
grant select, insert, update, delete on table public.clinics to authenticated, service_role;
grant select, insert, update, delete on table public.clinic_accreditations
  to authenticated, service_role;

-- What a patient may see of partner clinics, for the public profile pages (/clinics/, /en/clinics/):
-- with `_slug`, that one clinic (also one no longer active, so an old quote's link still answers,
-- marked inactive); without (null or ''), every active clinic, by English name. Each with its
-- accreditations (body, number, valid until, when checked; not who), whether one is valid today,
-- languages, inclusions and treatments. Nothing about patients or quotes.
create function public.clinic_profiles(_slug text default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(profile order by c.name_en), '[]'::jsonb)
  from public.clinics c
  cross join lateral (
    select jsonb_build_object(
      'slug', c.slug,
      'name', jsonb_build_object('ar', c.name_ar, 'en', c.name_en),
      'city', jsonb_build_object('ar', c.city_ar, 'en', c.city_en),
      'country', c.country,
      'languages', to_jsonb(c.languages),
      'includes', jsonb_build_object(
        'hotel', c.includes_hotel, 'transfer', c.includes_transfer,
        'interpreter', c.includes_interpreter
      ),
      'hotel', c.hotel,
      'treatments', to_jsonb(c.treatments),
      'about', jsonb_build_object('ar', c.about_ar, 'en', c.about_en),
      'active', c.active,
      'accredited', private.clinic_accredited(c.id),
      'accreditations', coalesce((
        select jsonb_agg(jsonb_build_object(
          'body', a.body, 'certificate_number', a.certificate_number,
          'valid_until', a.valid_until, 'checked_at', a.checked_at
        ) order by a.valid_until desc, a.body)
        from public.clinic_accreditations a where a.clinic_id = c.id
      ), '[]'::jsonb)
    ) as profile
  ) p
  where (coalesce(_slug, '') = '' and c.active) or c.slug = _slug
$$;

revoke execute on function public.clinic_profiles(text) from public;
grant execute on function public.clinic_profiles(text) to anon, authenticated, service_role;

revoke execute on all functions in schema private from public;
