-- Lead limits that hold against a bot and never against a patient. The limits of
-- 20251120100200_lead_rate_limits.sql counted per phone spelling and per auth user, so a bot with
-- the anon key stored thousands of leads a minute by changing the number or its spelling, or by
-- signing in again. Now every lead from an API caller (JWT role anon or authenticated) counts
--   * per canonical phone number (public.canonical_phone: 00966…, +966… and 05… are one number),
--   * per client address (private.client_address(), as the API gateway passes it),
--   * per signed-in client (auth.uid(), as before),
--   * and against a global ceiling over all callers, which turns a flood from many addresses into a
--     clear "busy, write to us on WhatsApp" answer instead of thousands of fake inbox rows.
-- The first three raise SQLSTATE PT429 (HTTP 429), hint 'rate_limited', detail naming the limit,
-- as before. The ceiling raises SQLSTATE PT503 (HTTP 503), hint 'busy', so the forms can tell the
-- two apart (src/lib/submit-lead.ts). The service role, seeds and the database owner are not limited.
--
-- The numbers live in one row of private.lead_limit_settings so they can be tuned on a live project
-- with one UPDATE (documented in docs/decisions.md) instead of a migration.

-- Tunables of the lead limits (exactly one row).
create table private.lead_limit_settings (
  id boolean primary key default true check (id),
  per_phone_per_hour integer not null default 5 check (per_phone_per_hour > 0),
  per_address_per_10_minutes integer not null default 5 check (per_address_per_10_minutes > 0),
  per_client_per_hour integer not null default 20 check (per_client_per_hour > 0),
  global_per_10_minutes integer not null default 100 check (global_per_10_minutes > 0)
);
insert into private.lead_limit_settings default values;
alter table private.lead_limit_settings enable row level security;

-- Recent submissions now record every API caller's lead: the signed-in client if any, and the
-- address it came from (kept one hour, like the rest of this table).
alter table private.lead_submissions alter column client_id drop not null;
alter table private.lead_submissions add column client_address text;
create index lead_submissions_client_address_submitted_at_idx
  on private.lead_submissions (client_address, submitted_at desc);
create index lead_submissions_submitted_at_idx on private.lead_submissions (submitted_at desc);

-- Phone limits compare canonical numbers; this index keeps that count cheap.
create index offer_leads_canonical_phone_created_at_idx
  on public.offer_leads (public.canonical_phone(country_code, phone), created_at desc);

-- Before insert, after prepare_offer_lead (so retried ids never count): refuses a lead over any
-- limit. Security definer because the public cannot read offer_leads to count.
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

-- After insert: counts the lead against its client, address and the global ceiling, and forgets
-- entries older than an hour.
create or replace function private.record_lead_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') then
    delete from private.lead_submissions where submitted_at <= now() - interval '1 hour';
    insert into private.lead_submissions (client_id, client_address)
    values (auth.uid(), host(private.client_address()));
  end if;
  return null;
end
$$;

revoke execute on all functions in schema private from public;
