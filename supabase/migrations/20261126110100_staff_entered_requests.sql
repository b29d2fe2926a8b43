-- Requests staff enter themselves (issue 26): a patient who wrote on WhatsApp, phoned, sent an
-- Instagram message, was referred or walked in becomes a real lead, so the timeline, reports,
-- retention and erasure reach them like everyone else. enter_request() inserts into offer_leads as
-- the forms do (same constraints, same fan-out into the inbox, same consent stamp), and records:
--   * the channel (whatsapp, phone, instagram, referral, walk_in, other) and who entered it;
--   * the lawful basis for storing it: how the person gave their consent, when, and by whom;
--   * an 'entered' event in the timeline.
-- No mail goes to the agency for a request staff entered themselves (its outbox row is dropped in
-- the same transaction). The public lead limits do not apply to it: the function sets
-- `rihla.staff_entry` to 'on' for its own insert only (the contract with the lead-limits work:
-- private.enforce_lead_rate_limits returns early when that setting is 'on').

alter table public.contact_requests
  add column entry_channel text,
  add column entered_by uuid references private.admin_users (id) on delete set null,
  add column entered_by_name text,
  add column consent_how text,
  add column consent_given_at timestamptz,
  add column consent_given_by text,
  add constraint contact_requests_entry_channel check (
    entry_channel in ('whatsapp', 'phone', 'instagram', 'referral', 'walk_in', 'other')
  ),
  add constraint contact_requests_entry_basis check (
    entry_channel is null or coalesce(
      entered_by_name is not null
      and char_length(btrim(consent_how)) between 2 and 500
      and consent_given_at is not null
      and char_length(btrim(consent_given_by)) between 2 and 100,
      false
    )
  );

comment on column public.contact_requests.entry_channel is
  'How a request staff entered reached the agency; null for the public forms.';
comment on column public.contact_requests.consent_how is
  'Lawful basis of a staff-entered request: how the person agreed to their data being kept.';

-- Before a request is inserted: a staff entry (enter_request below, the only writer of the
-- transaction-local setting) stamps its channel, author and consent; anything else leaves them
-- empty. Security definer like the other fan-out triggers.
create function private.stamp_staff_entry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry jsonb := nullif(current_setting('rihla.staff_entry_data', true), '')::jsonb;
begin
  if entry is null or entry ->> 'lead_id' is distinct from new.lead_id::text then
    new.entry_channel := null;
    new.entered_by := null;
    new.entered_by_name := null;
    new.consent_how := null;
    new.consent_given_at := null;
    new.consent_given_by := null;
    return new;
  end if;
  new.entry_channel := entry ->> 'channel';
  new.entered_by := (entry ->> 'entered_by')::uuid;
  new.entered_by_name := entry ->> 'entered_by_name';
  new.consent_how := btrim(entry ->> 'consent_how');
  new.consent_given_at := (entry ->> 'consent_given_at')::timestamptz;
  new.consent_given_by := btrim(entry ->> 'consent_given_by');
  return new;
end
$$;

create trigger stamp_staff_entry
before insert on public.contact_requests
for each row execute function private.stamp_staff_entry();

-- Enters one request for staff. `_request`: name, phone (stored digits of the one phone rule),
-- country_code (required), country, email, service (a form service value), message, channel,
-- consent_how, consent_given_at, consent_given_by, and optionally the client's own id (a retry
-- with the same id returns the request already stored). Returns the request.
create function public.enter_request(_request jsonb)
returns public.contact_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  staff_name text;
  new_lead_id uuid;
  given_at timestamptz;
  saved public.contact_requests;
begin
  perform private.require_live_staff();
  if _request is null or jsonb_typeof(_request) <> 'object' then
    raise exception 'the request must be a JSON object' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_object_keys(_request) k
    where k not in (
      'id', 'name', 'phone', 'country_code', 'country', 'email', 'service', 'message', 'channel',
      'consent_how', 'consent_given_at', 'consent_given_by'
    )
  ) then
    raise exception 'unknown field in the request' using errcode = '22023', hint = 'unknown_field';
  end if;
  if nullif(btrim(_request ->> 'channel'), '') is null then
    raise exception 'a request staff enter needs its channel'
      using errcode = '23514', hint = 'contact_requests_entry_channel';
  end if;
  if nullif(btrim(_request ->> 'country_code'), '') is null then
    raise exception 'a phone number entered by staff needs its country code'
      using errcode = '23514', hint = 'phone_needs_country';
  end if;
  given_at := (_request ->> 'consent_given_at')::timestamptz;
  if given_at > now() + interval '5 minutes' then
    raise exception 'consent cannot be given in the future'
      using errcode = '23514', hint = 'consent_in_future';
  end if;
  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  new_lead_id := coalesce((_request ->> 'id')::uuid, gen_random_uuid());

  select * into saved from public.contact_requests r where r.lead_id = new_lead_id;
  if found then
    return saved;
  end if;

  perform set_config('rihla.staff_entry', 'on', true);
  perform set_config('rihla.staff_entry_data', jsonb_build_object(
    'lead_id', new_lead_id,
    'channel', _request ->> 'channel',
    'entered_by', staff_id,
    'entered_by_name', staff_name,
    'consent_how', _request ->> 'consent_how',
    'consent_given_at', given_at,
    'consent_given_by', _request ->> 'consent_given_by'
  )::text, true);
  insert into public.offer_leads (
    id, name, phone, country_code, country, email, service, notes, source, language
  )
  values (
    new_lead_id,
    _request ->> 'name',
    _request ->> 'phone',
    _request ->> 'country_code',
    _request ->> 'country',
    _request ->> 'email',
    (_request ->> 'service')::public.lead_service,
    _request ->> 'message',
    'staff:' || coalesce(_request ->> 'channel', ''),
    'ar'
  );
  perform set_config('rihla.staff_entry', 'off', true);
  perform set_config('rihla.staff_entry_data', '', true);

  -- Staff know about it already: the agency's mail is for requests nobody has seen yet.
  delete from private.lead_notifications n where n.lead_id = new_lead_id;

  select * into strict saved from public.contact_requests r where r.lead_id = new_lead_id;
  insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
  values (saved.id, saved.version, staff_id, staff_name, 'entered', null, saved.entry_channel);
  return saved;
end
$$;

revoke execute on function private.stamp_staff_entry() from public;
revoke execute on function public.enter_request(jsonb) from public, anon;
grant execute on function public.enter_request(jsonb) to authenticated, service_role;

-- The lead limits of 20261123140200_lead_limits_per_address_phone_and_global.sql, unchanged except
-- for the first check: a request staff enter (enter_request above) is not a visitor's submission.
create or replace function private.enforce_lead_rate_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  client uuid := auth.uid();
  address text := host(private.client_address());
  phone_key text := public.canonical_phone(new.country_code, new.phone);
  limits private.lead_limit_settings;
  recent integer;
begin
  if current_setting('rihla.staff_entry', true) = 'on' then
    return new;
  end if;
  if coalesce(auth.jwt() ->> 'role', '') not in ('anon', 'authenticated') then
    return new;
  end if;
  select * into limits from private.lead_limit_settings;

  -- Serializes concurrent submissions of one number, so the count cannot be raced past.
  perform pg_advisory_xact_lock(hashtextextended('offer_leads:phone:' || phone_key, 0));
  select count(*) into recent
  from public.offer_leads
  where public.canonical_phone(country_code, phone) = phone_key
    and created_at > now() - interval '1 hour';
  if recent >= limits.per_phone_per_hour then
    raise exception 'Too many submissions for this phone number, try again later'
      using errcode = 'PT429',
            detail = format('limit: %s leads per phone number per hour', limits.per_phone_per_hour),
            hint = 'rate_limited';
  end if;

  if address is not null then
    perform pg_advisory_xact_lock(hashtextextended('offer_leads:address:' || address, 0));
    select count(*) into recent
    from private.lead_submissions
    where client_address = address and submitted_at > now() - interval '10 minutes';
    if recent >= limits.per_address_per_10_minutes then
      raise exception 'Too many submissions from this address, try again later'
        using errcode = 'PT429',
              detail = format('limit: %s leads per client address per 10 minutes',
                              limits.per_address_per_10_minutes),
              hint = 'rate_limited';
    end if;
  end if;

  if client is not null then
    perform pg_advisory_xact_lock(hashtextextended('offer_leads:client:' || client::text, 0));
    select count(*) into recent
    from private.lead_submissions
    where client_id = client and submitted_at > now() - interval '1 hour';
    if recent >= limits.per_client_per_hour then
      raise exception 'Too many submissions from this client, try again later'
        using errcode = 'PT429',
              detail = format('limit: %s leads per client per hour', limits.per_client_per_hour),
              hint = 'rate_limited';
    end if;
  end if;

  -- Last, so that one noisy address meets its own limit long before it can reach this one.
  perform pg_advisory_xact_lock(hashtextextended('offer_leads:global', 0));
  select count(*) into recent
  from private.lead_submissions
  where submitted_at > now() - interval '10 minutes';
  if recent >= limits.global_per_10_minutes then
    raise exception 'We are receiving too many requests right now, please write to us on WhatsApp'
      using errcode = 'PT503',
            detail = format('limit: %s leads per 10 minutes from everyone',
                            limits.global_per_10_minutes),
            hint = 'busy';
  end if;
  return new;
end
$$;

revoke execute on all functions in schema private from public;
