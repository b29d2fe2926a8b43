-- Staff correct a person's contact details (issue 26). A number stored without its country (the
-- offer dialog kept `0545024476` as typed) cannot be dialled, linked to its duplicates or found by
-- erasure; a coordinator who learns the country on the phone now records it:
--   * correct_request_contact() changes name, phone (always with its country code), country and
--     e-mail of a request and of its lead, only at the version the coordinator saw (one statement,
--     PT409 / PT404 as update_request, whose contract stays as it is);
--   * each changed field is a timeline event ('name', 'phone', 'email') with the staff author;
--   * phone_key is generated from the corrected number, so the duplicates follow at once.
-- The timeline also gains the kinds of staff-entered requests and merges (next migrations), beside
-- the bin's 'deleted' and 'restored' (20261126100000_staff_roles_and_bin.sql).

alter table public.request_events drop constraint request_events_kind;
alter table public.request_events add constraint request_events_kind check (
  kind in (
    'status', 'note', 'assignment', 'follow_up', 'deleted', 'restored',
    'name', 'phone', 'email', 'entered', 'merge', 'unmerge'
  )
);

-- A stored number as a person reads it: "+966545024476" when it carries its country code, the
-- digits as stored ("0545024476") when it does not, so a national number never gets a "+".
create function private.readable_phone(_country_code text, _phone text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when nullif(_country_code, '') is null then _phone
    when _phone like ltrim(_country_code, '+') || '%' then '+' || _phone
    else _country_code || ltrim(_phone, '0')
  end
$$;

-- The staff gate of the functions below: a signed-in user with a live admin session.
create function private.require_live_staff()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce(public.is_admin(auth.uid()), false) then
    raise exception 'only signed-in staff can do this' using errcode = '42501', hint = 'not_admin';
  end if;
end
$$;

-- Applies `_changes` (any of name, phone + country_code, country, email; email null or '' clears
-- it) to the request `_id` and its lead, if the request is still at `_expected_version`. A phone
-- is the stored digits of the one phone rule (src/lib/phone.ts normalizePhone with the country
-- picked) and always comes with its country code: a correction never stores a number nobody can
-- dial. The lead's constraints check every value. Returns the saved request; a stale save raises
-- PT409 (detail: the current version, hint 'stale_version'), a missing request PT404. Security
-- definer: admins have no column grant on these fields, and the events are written here.
create function public.correct_request_contact(
  _id uuid,
  _expected_version integer,
  _changes jsonb
)
returns public.contact_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  before public.contact_requests;
  saved public.contact_requests;
  staff_id uuid;
  staff_name text;
  new_name text;
  new_phone text;
  new_code text;
  new_country text;
  new_email text;
begin
  perform private.require_live_staff();
  if _changes is null or jsonb_typeof(_changes) <> 'object' or _changes = '{}'::jsonb then
    raise exception 'changes must be a non-empty JSON object' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_object_keys(_changes) k
    where k not in ('name', 'phone', 'country_code', 'country', 'email')
  ) then
    raise exception 'only name, phone, country_code, country and email can be corrected'
      using errcode = '22023', hint = 'unknown_field';
  end if;
  if (_changes ? 'phone') <> (_changes ? 'country_code') then
    raise exception 'a phone number is corrected together with its country code'
      using errcode = '22023', hint = 'phone_needs_country';
  end if;

  select * into before from public.contact_requests r where r.id = _id for update;
  if not found then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  if before.version <> _expected_version then
    raise exception 'the request changed since version % (now version %)', _expected_version, before.version
      using errcode = 'PT409', detail = before.version::text, hint = 'stale_version';
  end if;

  new_name := case when _changes ? 'name' then btrim(_changes ->> 'name') else before.name end;
  new_phone := case when _changes ? 'phone' then _changes ->> 'phone' else before.phone end;
  new_code := case when _changes ? 'country_code'
    then nullif(btrim(_changes ->> 'country_code'), '') else before.country_code end;
  new_country := case when _changes ? 'country'
    then nullif(btrim(_changes ->> 'country'), '') else before.country end;
  new_email := case when _changes ? 'email'
    then nullif(btrim(_changes ->> 'email'), '') else before.email end;
  if _changes ? 'phone' and new_code is null then
    raise exception 'a corrected phone number needs its country code'
      using errcode = '23514', hint = 'phone_needs_country';
  end if;

  -- The lead first: its constraints (name length, 8–15 digits, code and e-mail format) decide,
  -- and its triggers clean the text; the request takes the values as the lead stored them.
  update public.offer_leads l
  set name = new_name, phone = new_phone, country_code = new_code, country = new_country,
      email = new_email
  where l.id = before.lead_id
  returning l.name, l.phone, l.country_code, l.country, l.email
  into new_name, new_phone, new_code, new_country, new_email;

  update public.contact_requests r
  set name = new_name, phone = new_phone, country_code = new_code, country = new_country,
      email = new_email
  where r.id = _id
  returning r.* into saved;

  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  if saved.name is distinct from before.name then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (_id, saved.version, staff_id, staff_name, 'name', before.name, saved.name);
  end if;
  if saved.phone is distinct from before.phone or saved.country_code is distinct from before.country_code then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (
      _id, saved.version, staff_id, staff_name, 'phone',
      private.readable_phone(before.country_code, before.phone),
      private.readable_phone(saved.country_code, saved.phone)
    );
  end if;
  if saved.email is distinct from before.email then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (_id, saved.version, staff_id, staff_name, 'email', before.email, saved.email);
  end if;
  return saved;
end
$$;

revoke execute on function private.readable_phone(text, text) from public;
revoke execute on function private.require_live_staff() from public;
revoke execute on function public.correct_request_contact(uuid, integer, jsonb) from public, anon;
grant execute on function public.correct_request_contact(uuid, integer, jsonb)
  to authenticated, service_role;
