-- Spam and abuse control for the public forms (ARCHITECTURE section 3): at most 5 leads per phone
-- number per hour, and at most 20 leads per signed-in client (auth.uid()) per hour. Calls with the
-- anon key and no session have no client id and are limited by phone only. Only API callers (JWT
-- role anon or authenticated) are limited; the service role, seeds and the database owner are not.
-- A violation raises SQLSTATE PT429, which PostgREST answers with HTTP 429; supabase-js receives
-- error.code 'PT429', error.hint 'rate_limited' and error.details naming the limit.

-- Recent submissions per signed-in client. Holds no personal data (only the auth user id) and only
-- the last hour of it.
create table private.lead_submissions (
  client_id uuid not null,
  submitted_at timestamptz not null default now()
);
create index lead_submissions_client_id_submitted_at_idx
  on private.lead_submissions (client_id, submitted_at desc);
alter table private.lead_submissions enable row level security;

-- Before insert, after prepare_offer_lead (so retried ids never count): refuses a lead over either
-- limit. Security definer because the public cannot read offer_leads to count.
create function private.enforce_lead_rate_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  client uuid := auth.uid();
  recent integer;
begin
  if coalesce(auth.jwt() ->> 'role', '') not in ('anon', 'authenticated') then
    return new;
  end if;

  -- Serializes concurrent submissions of one phone number, so the count cannot be raced past.
  perform pg_advisory_xact_lock(hashtextextended('offer_leads:phone:' || new.phone, 0));
  select count(*) into recent
  from public.offer_leads
  where phone = new.phone and created_at > now() - interval '1 hour';
  if recent >= 5 then
    raise exception 'Too many submissions for this phone number, try again later'
      using errcode = 'PT429', detail = 'limit: 5 leads per phone number per hour',
            hint = 'rate_limited';
  end if;

  if client is not null then
    perform pg_advisory_xact_lock(hashtextextended('offer_leads:client:' || client::text, 0));
    select count(*) into recent
    from private.lead_submissions
    where client_id = client and submitted_at > now() - interval '1 hour';
    if recent >= 20 then
      raise exception 'Too many submissions from this client, try again later'
        using errcode = 'PT429', detail = 'limit: 20 leads per client per hour',
              hint = 'rate_limited';
    end if;
  end if;
  return new;
end
$$;

create trigger rate_limit_offer_lead
before insert on public.offer_leads
for each row execute function private.enforce_lead_rate_limits();

-- After insert: counts the lead against its signed-in client and forgets entries older than an hour.
create function private.record_lead_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  client uuid := auth.uid();
begin
  if client is not null and coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') then
    delete from private.lead_submissions
    where client_id = client and submitted_at <= now() - interval '1 hour';
    insert into private.lead_submissions (client_id) values (client);
  end if;
  return null;
end
$$;

create trigger record_lead_submission
after insert on public.offer_leads
for each row execute function private.record_lead_submission();

revoke execute on all functions in schema private from public;
