-- Lead capture and the staff inbox (ARCHITECTURE section 3). Every public form inserts one row into
-- offer_leads (the browser may send its own id so a retry is stored once); a trigger creates its
-- contact_requests row in the same transaction, mapping the form's service value to the inbox's.
-- Deleting either row erases both. Constraints mirror the spec's validation (section 5) with bounds
-- on every text column. RLS: the public may only insert leads; admins with a live session
-- (public.is_admin) read, update and delete both tables.

-- Service values the public forms send (spec 3.3).
create type public.lead_service as enum (
  'hair-transplant', 'dental-implants', 'hollywood-smile', 'rhinoplasty', 'facelift', 'liposuction',
  'cosmetic-surgery', 'bariatric-surgery', 'ivf', 'lasik', 'orthopedic', 'health-checkup', 'other'
);

-- Service values of the staff inbox (spec 3.2).
create type public.request_service as enum (
  'dental', 'hollywood', 'hairTransplant', 'cosmeticSurgery', 'bariatric', 'rhinoplasty',
  'liposuction', 'facelift', 'lasik', 'orthopedic', 'ivf', 'healthCheckup', 'cosmetic', 'other'
);

-- The inbox workflow (spec section 4); any status may follow any other.
create type public.request_status as enum ('new', 'in_progress', 'completed', 'cancelled');

-- "Ready to travel?" answer of the consultation form.
create type public.travel_readiness as enum ('yes', 'no', 'maybe');

-- "When would you like the appointment?" answer of the consultation form.
create type public.appointment_timing as enum ('urgent', 'thisMonth', 'nextMonth', 'flexible');

-- Language of the page the lead was sent from.
create type public.site_language as enum ('ar', 'en');

-- Every public submission (home contact form, consultation blocks, offer dialog), as sent.
create table public.offer_leads (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  phone text not null,
  country_code text,
  country text,
  email text,
  service public.lead_service,
  notes text,
  source text,
  page_url text,
  language public.site_language not null default 'ar',
  ready_to_travel public.travel_readiness,
  preferred_countries text[] not null default '{}',
  appointment_time public.appointment_timing,
  campaign_params jsonb,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_content text,
  utm_term text,
  constraint offer_leads_name_length check (char_length(btrim(name)) between 2 and 100),
  constraint offer_leads_phone_digits check (phone ~ '^[0-9]{8,15}$'),
  constraint offer_leads_country_code_format check (country_code ~ '^(\+[0-9]{1,4})?$'),
  constraint offer_leads_country_length check (char_length(country) <= 100),
  constraint offer_leads_email_format check (
    char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  constraint offer_leads_notes_length check (char_length(notes) <= 2000),
  constraint offer_leads_source_length check (char_length(source) <= 200),
  constraint offer_leads_page_url_length check (char_length(page_url) <= 2000),
  constraint offer_leads_preferred_countries_size check (
    cardinality(preferred_countries) <= 20
    and array_position(preferred_countries, null) is null
    and char_length(array_to_string(preferred_countries, '')) <= 1000
  ),
  constraint offer_leads_campaign_params_object check (
    jsonb_typeof(campaign_params) = 'object' and octet_length(campaign_params::text) <= 4096
  ),
  constraint offer_leads_utm_length check (
    greatest(
      char_length(utm_source), char_length(utm_medium), char_length(utm_campaign),
      char_length(utm_content), char_length(utm_term)
    ) <= 200
  )
);
create index offer_leads_created_at_idx on public.offer_leads (created_at desc);
create index offer_leads_phone_created_at_idx on public.offer_leads (phone, created_at desc);
alter table public.offer_leads enable row level security;

-- The staff inbox: one row per lead, with the status workflow and the admin's own notes.
create table public.contact_requests (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null unique references public.offer_leads (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  status public.request_status not null default 'new',
  notes text,
  name text not null,
  phone text not null,
  email text,
  country text,
  country_code text,
  service public.request_service not null,
  message text,
  ready_to_travel public.travel_readiness,
  preferred_countries text[] not null default '{}',
  appointment_time public.appointment_timing,
  source text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_content text,
  utm_term text,
  language public.site_language not null default 'ar',
  constraint contact_requests_notes_length check (char_length(notes) <= 5000)
);
create index contact_requests_created_at_idx on public.contact_requests (created_at desc);
alter table public.contact_requests enable row level security;

-- Maps a form service value to the inbox's; leads without a service come from the offer page
-- (hairTransplant) or are 'other'.
create function private.request_service_for(service public.lead_service, source text)
returns public.request_service
language sql
immutable
set search_path = ''
as $$
  select (
    case
      when service is null and source = 'hair-transplant-offer-page' then 'hairTransplant'
      when service is null then 'other'
      when service = 'hair-transplant' then 'hairTransplant'
      when service = 'dental-implants' then 'dental'
      when service = 'hollywood-smile' then 'hollywood'
      when service = 'cosmetic-surgery' then 'cosmeticSurgery'
      when service = 'bariatric-surgery' then 'bariatric'
      when service = 'health-checkup' then 'healthCheckup'
      else service::text
    end
  )::public.request_service
$$;

-- Before insert: a retried submission (same client-generated id) is skipped silently so the lead is
-- stored once and the retry still succeeds; then the row is normalized and stamped with the server
-- time. Security definer because the public cannot read offer_leads to check for the id.
-- It also names the row being inserted in a transaction-local setting, which the "…can see the
-- lead they are submitting" policies read (see there). Trigger order matters: prepare_offer_lead
-- runs before rate_limit_offer_lead (alphabetical).
create function private.prepare_offer_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.id is null then
    new.id := gen_random_uuid();
  end if;
  -- Serializes concurrent retries of one id on a real server, so neither fails on the primary key.
  perform pg_advisory_xact_lock(hashtextextended('offer_leads:id:' || new.id::text, 0));
  if exists (select 1 from public.offer_leads where id = new.id) then
    return null;
  end if;
  perform set_config('rihla.lead_being_inserted', new.id::text, true);
  new.created_at := now();
  new.name := btrim(new.name);
  new.email := nullif(btrim(new.email), '');
  new.country := nullif(btrim(new.country), '');
  new.country_code := nullif(btrim(new.country_code), '');
  new.notes := nullif(btrim(new.notes), '');
  new.source := nullif(btrim(new.source), '');
  new.page_url := nullif(btrim(new.page_url), '');
  new.preferred_countries := coalesce(new.preferred_countries, '{}');
  return new;
end
$$;

create trigger prepare_offer_lead
before insert on public.offer_leads
for each row execute function private.prepare_offer_lead();

-- After the insert statement: the row is no longer "being submitted", so a later statement in the
-- same transaction cannot read it back.
create function private.forget_lead_being_inserted()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('rihla.lead_being_inserted', '', true);
  return null;
end
$$;

create trigger forget_lead_being_inserted
after insert on public.offer_leads
for each statement execute function private.forget_lead_being_inserted();

-- After insert: the lead's inbox row, in the same transaction (one lead, one request, never one
-- without the other). Security definer because the public has no access to contact_requests.
create function private.create_contact_request_for_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.contact_requests (
    lead_id, created_at, updated_at, name, phone, email, country, country_code, service, message,
    ready_to_travel, preferred_countries, appointment_time, source,
    utm_source, utm_medium, utm_campaign, utm_content, utm_term, language
  )
  values (
    new.id, new.created_at, new.created_at, new.name, new.phone, new.email, new.country,
    new.country_code, private.request_service_for(new.service, new.source), new.notes,
    new.ready_to_travel, new.preferred_countries, new.appointment_time, new.source,
    new.utm_source, new.utm_medium, new.utm_campaign, new.utm_content, new.utm_term, new.language
  );
  return null;
end
$$;

create trigger create_contact_request
after insert on public.offer_leads
for each row execute function private.create_contact_request_for_lead();

-- Deleting a request erases its lead too (deleting a lead already cascades to its request), so one
-- delete from either admin view is one complete erasure.
create function private.erase_lead_of_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.offer_leads where id = old.lead_id;
  return null;
end
$$;

create trigger erase_lead
after delete on public.contact_requests
for each row execute function private.erase_lead_of_request();

-- Keeps updated_at honest whatever the client sends.
create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger set_updated_at
before update on public.contact_requests
for each row execute function private.set_updated_at();

revoke execute on all functions in schema private from public;

-- Table privileges: Supabase grants everything by default; keep only what the policies need.
-- The public forms insert (reading back at most the id, for ON CONFLICT), admins are
-- `authenticated` users with a live session, and admins may only change an inbox row's status and
-- notes.
revoke all on table public.offer_leads, public.contact_requests from anon, authenticated;
grant insert on table public.offer_leads to anon, authenticated;
grant select (id) on table public.offer_leads to anon;
grant select, delete on table public.offer_leads to authenticated;
grant update (
  name, phone, country_code, country, email, service, notes, source, page_url, language,
  ready_to_travel, preferred_countries, appointment_time, campaign_params,
  utm_source, utm_medium, utm_campaign, utm_content, utm_term
) on table public.offer_leads to authenticated;
grant select, delete on table public.contact_requests to authenticated;
grant update (status, notes) on table public.contact_requests to authenticated;
grant all on table public.offer_leads, public.contact_requests to service_role;

-- Visitors send the public forms with the anon key and no session.
create policy "Visitors can submit leads"
on public.offer_leads for insert to anon
with check (true);

-- Signed-in users (anonymous sessions included) can submit the forms as well.
create policy "Signed-in users can submit leads"
on public.offer_leads for insert to authenticated
with check (true);

-- `insert … on conflict (id) do nothing` (supabase-js `upsert(row, { onConflict: 'id',
-- ignoreDuplicates: true })`) needs read access to the new row. These two policies grant exactly
-- that: only the row the current statement is inserting (named by prepare_offer_lead in a
-- transaction-local setting the API cannot set), and for the anon role only its id column. Any
-- other read sees nothing.
create policy "Visitors can see the lead they are submitting"
on public.offer_leads for select to anon
using (id = nullif(current_setting('rihla.lead_being_inserted', true), '')::uuid);

-- The same for signed-in users, who may submit the forms too.
create policy "Signed-in users can see the lead they are submitting"
on public.offer_leads for select to authenticated
using (id = nullif(current_setting('rihla.lead_being_inserted', true), '')::uuid);

-- Admins with a live session see every lead (offer leads page).
create policy "Admins can read leads"
on public.offer_leads for select to authenticated
using ((select public.is_admin((select auth.uid()))));

-- Admins with a live session can correct a lead.
create policy "Admins can update leads"
on public.offer_leads for update to authenticated
using ((select public.is_admin((select auth.uid()))))
with check ((select public.is_admin((select auth.uid()))));

-- Admins with a live session can erase a lead (its request goes with it).
create policy "Admins can delete leads"
on public.offer_leads for delete to authenticated
using ((select public.is_admin((select auth.uid()))));

-- Admins with a live session see the inbox (dashboard).
create policy "Admins can read requests"
on public.contact_requests for select to authenticated
using ((select public.is_admin((select auth.uid()))));

-- Admins with a live session set a request's status and notes.
create policy "Admins can update requests"
on public.contact_requests for update to authenticated
using ((select public.is_admin((select auth.uid()))))
with check ((select public.is_admin((select auth.uid()))));

-- Admins with a live session can erase a request (its lead goes with it).
create policy "Admins can delete requests"
on public.contact_requests for delete to authenticated
using ((select public.is_admin((select auth.uid()))));
