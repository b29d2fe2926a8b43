-- A flood is stored as a flood; a patient is never refused for someone else's traffic (issue 27).
-- The limits of 20261123140200_lead_limits_per_address_phone_and_global.sql refused strangers for
-- what others did: a global ceiling that 17 addresses filled refused every patient for 10 minutes,
-- the per-address limit refused a second patient behind one carrier address, and anyone could
-- block a patient's own number for an hour by sending it five times. Now a lead from an API caller
-- (JWT role anon or authenticated) is
--   * REFUSED (SQLSTATE PT429, hint 'rate_limited', HTTP 429) only for what its own sender did:
--       - the same number from the same address, 5 times within the hour (per_phone_per_hour);
--       - the same signed-in client, 20 times within the hour (per_client_per_hour);
--   * REFUSED as busy (PT503, hint 'busy') only when one address sends an outright flood
--     (per_address_flood_per_10_minutes, 200 leads in 10 minutes): the bound on what one address
--     can store; it shuts that address only, never the site (see docs/decisions.md);
--   * HELD, that is stored but shown to staff as «قيد التحقق» in their own queue and not mailed one
--     by one, when
--       - its address sent 5 or more leads in the last 10 minutes (per_address_per_10_minutes):
--         the next person behind a carrier address is held, not refused (reason 'address');
--       - its number was sent 5 or more times in the hour from other addresses (reason 'phone'):
--         a stranger can no longer block a patient's number;
--       - more than global_per_10_minutes leads came from everyone in 10 minutes and neither its
--         number nor its address has history (reason 'flood'): a flood fills the held queue, and
--         patients who wrote before are still accepted as usual;
--   * otherwise accepted as before.
-- The first held lead of an hour enqueues ONE digest notification (the outbox of
-- 20261123140300_notification_outbox.sql, lead_notifications.digest); the worker mails the agency
-- how many requests wait in the held queue instead of each one. Staff release a held request with
-- public.release_held_requests(). Requests entered by staff (the setting rihla.staff_entry = 'on',
-- issue 26) are never limited, nor the service role, seeds or the database owner.

-- Why a lead is held ('flood', 'address' or 'phone'), or null for a lead accepted as usual. Set by
-- the database only: whatever a caller sends is replaced.
alter table public.offer_leads add column held_reason text
  constraint offer_leads_held_reason check (held_reason in ('flood', 'address', 'phone'));
alter table public.contact_requests add column held_reason text
  constraint contact_requests_held_reason check (held_reason in ('flood', 'address', 'phone'));
comment on column public.contact_requests.held_reason is
  'Why the request waits in the held queue («قيد التحقق»): flood, address or phone; null if not held.';
create index contact_requests_held_idx on public.contact_requests (created_at desc)
  where held_reason is not null;

-- The global number is now where holding starts, not a refusal: lower, since holding costs nobody
-- their request. The flood bound per address is new.
alter table private.lead_limit_settings
  alter column global_per_10_minutes set default 30,
  add column per_address_flood_per_10_minutes integer not null default 200
    check (per_address_flood_per_10_minutes > 0);
update private.lead_limit_settings set global_per_10_minutes = 30 where global_per_10_minutes = 100;

-- Submissions remember their number and whether they were held: the per-sender limit counts a
-- number per address, and only accepted leads give an address history.
alter table private.lead_submissions add column phone_key text, add column held boolean not null default false;
create index lead_submissions_phone_key_address_idx
  on private.lead_submissions (phone_key, client_address, submitted_at desc);

-- Before insert, after prepare_offer_lead (so retried ids never count): refuses a lead its own
-- sender is over the limit for, holds one that others' traffic makes doubtful (see above).
-- Security definer because the public cannot read offer_leads to count.
create or replace function private.enforce_lead_rate_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  client uuid := auth.uid();
  address text := host(private.client_address());
  number_key text := public.canonical_phone(new.country_code, new.phone);
  limits private.lead_limit_settings;
  recent integer;
begin
  if coalesce(auth.jwt() ->> 'role', '') not in ('anon', 'authenticated') then
    return new;
  end if;
  new.held_reason := null;
  if current_setting('rihla.staff_entry', true) = 'on' then
    return new;
  end if;
  select * into limits from private.lead_limit_settings;

  -- One sender's own number, counted per address (or per number when the address is unknown).
  perform pg_advisory_xact_lock(hashtextextended('offer_leads:phone:' || number_key, 0));
  if address is null then
    select count(*) into recent from public.offer_leads
    where public.canonical_phone(country_code, phone) = number_key
      and created_at > now() - interval '1 hour';
  else
    select count(*) into recent from private.lead_submissions s
    where s.phone_key = number_key and s.client_address = address
      and s.submitted_at > now() - interval '1 hour';
  end if;
  if recent >= limits.per_phone_per_hour then
    raise exception 'Too many submissions for this phone number, try again later'
      using errcode = 'PT429',
            detail = format('limit: %s leads per phone number per hour', limits.per_phone_per_hour),
            hint = 'rate_limited';
  end if;

  if client is not null then
    perform pg_advisory_xact_lock(hashtextextended('offer_leads:client:' || client::text, 0));
    select count(*) into recent from private.lead_submissions
    where client_id = client and submitted_at > now() - interval '1 hour';
    if recent >= limits.per_client_per_hour then
      raise exception 'Too many submissions from this client, try again later'
        using errcode = 'PT429',
              detail = format('limit: %s leads per client per hour', limits.per_client_per_hour),
              hint = 'rate_limited';
    end if;
  end if;

  if address is not null then
    perform pg_advisory_xact_lock(hashtextextended('offer_leads:address:' || address, 0));
    select count(*) into recent from private.lead_submissions
    where client_address = address and submitted_at > now() - interval '10 minutes';
    if recent >= limits.per_address_flood_per_10_minutes then
      raise exception 'We are receiving too many requests from your network, please write to us on WhatsApp'
        using errcode = 'PT503',
              detail = format('limit: %s leads per client address per 10 minutes',
                              limits.per_address_flood_per_10_minutes),
              hint = 'busy';
    end if;
    if recent >= limits.per_address_per_10_minutes then
      new.held_reason := 'address';
      return new;
    end if;
  end if;

  -- Others sent this number often: held, never refused (the patient's own number stays theirs).
  select count(*) into recent from public.offer_leads
  where public.canonical_phone(country_code, phone) = number_key
    and created_at > now() - interval '1 hour';
  if recent >= limits.per_phone_per_hour then
    new.held_reason := 'phone';
    return new;
  end if;

  -- A flood from everyone: hold what has no history (an accepted lead of this number, or from this
  -- address, from before the last 10 minutes). No lock: the count only decides holding.
  select count(*) into recent from private.lead_submissions
  where submitted_at > now() - interval '10 minutes';
  if recent >= limits.global_per_10_minutes
     and not exists (
       select 1 from public.offer_leads l
       where public.canonical_phone(l.country_code, l.phone) = number_key
         and l.created_at <= now() - interval '10 minutes' and l.held_reason is null)
     and not exists (
       select 1 from private.lead_submissions s
       where address is not null and s.client_address = address and not s.held
         and s.submitted_at <= now() - interval '10 minutes') then
    new.held_reason := 'flood';
  end if;
  return new;
end
$$;

-- After insert: counts the lead against its client, address and number, and forgets entries older
-- than an hour.
create or replace function private.record_lead_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
     and coalesce(current_setting('rihla.staff_entry', true), '') <> 'on' then
    delete from private.lead_submissions where submitted_at <= now() - interval '1 hour';
    insert into private.lead_submissions (client_id, client_address, phone_key, held)
    values (auth.uid(), host(private.client_address()),
            public.canonical_phone(new.country_code, new.phone), new.held_reason is not null);
  end if;
  return null;
end
$$;

-- Before a request is inserted (the fan-out does that right after its lead): the lead's hold.
create function private.copy_lead_hold_to_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select l.held_reason into new.held_reason from public.offer_leads l where l.id = new.lead_id;
  return new;
end
$$;

create trigger copy_lead_hold
before insert on public.contact_requests
for each row execute function private.copy_lead_hold_to_request();

-- A digest notification stands for every lead held in its hour; the worker mails a count.
alter table private.lead_notifications add column digest boolean not null default false;

-- After insert: a lead accepted as usual is mailed on its own; the first held lead of an hour
-- enqueues the digest, and the other held leads nothing.
create or replace function private.enqueue_lead_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.held_reason is null then
    insert into private.lead_notifications (lead_id) values (new.id) on conflict do nothing;
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('offer_leads:held_digest', 0));
  if not exists (
    select 1 from private.lead_notifications
    where digest and created_at > now() - interval '1 hour'
  ) then
    insert into private.lead_notifications (lead_id, digest) values (new.id, true)
    on conflict do nothing;
  end if;
  return null;
end
$$;

-- Staff release held requests into the inbox (they become ordinary requests; nothing is mailed:
-- staff have seen them). Returns how many were released. Admins only.
create function public.release_held_requests(_ids uuid[])
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  released integer;
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'only staff may release held requests' using errcode = '42501';
  end if;
  update public.offer_leads set held_reason = null
  where held_reason is not null
    and id in (select lead_id from public.contact_requests where id = any(_ids));
  update public.contact_requests set held_reason = null
  where held_reason is not null and id = any(_ids);
  get diagnostics released = row_count;
  return released;
end
$$;

revoke execute on function private.copy_lead_hold_to_request() from public;
revoke execute on function public.release_held_requests(uuid[]) from public, anon;
grant execute on function public.release_held_requests(uuid[]) to authenticated, service_role;

-- claim_lead_notifications of 20261123140300_notification_outbox.sql, unchanged but for digests: a
-- digest carries no lead's details (a flood's text is the sender's), only `digest: true` and how
-- many requests wait in the held queue now (`held`).
create or replace function public.claim_lead_notifications(_lead_id uuid default null, _limit integer default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed_leads jsonb;
  held_now bigint := (select count(*) from public.contact_requests where held_reason is not null);
begin
  with expired as (
    update private.lead_notifications n
    set gave_up_at = now(), claimed_until = null
    where n.sent_at is null and n.gave_up_at is null
      and n.created_at < now() - interval '24 hours'
      and (n.claimed_until is null or n.claimed_until < now())
    returning n.lead_id
  )
  update public.contact_requests r set notification_failed_at = now()
  from expired where r.lead_id = expired.lead_id;

  with due as (
    select n.lead_id
    from private.lead_notifications n
    where n.sent_at is null and n.gave_up_at is null
      and n.next_attempt_at <= now()
      and (n.claimed_until is null or n.claimed_until < now())
      and (_lead_id is null or n.lead_id = _lead_id)
    order by n.next_attempt_at
    limit greatest(1, least(coalesce(_limit, 20), 100))
    for update skip locked
  ), claimed as (
    update private.lead_notifications n
    set attempts = n.attempts + 1, claimed_until = now() + interval '2 minutes'
    from due where n.lead_id = due.lead_id
    returning n.lead_id, n.attempts, n.digest
  )
  select coalesce(jsonb_agg(
    case when c.digest then jsonb_build_object(
      'lead_id', l.id, 'attempt', c.attempts, 'created_at', l.created_at, 'digest', true,
      'held', held_now
    ) else jsonb_build_object(
      'lead_id', l.id, 'attempt', c.attempts, 'created_at', l.created_at, 'name', l.name,
      'phone', l.phone, 'country_code', l.country_code, 'country', l.country, 'email', l.email,
      'service', l.service, 'notes', l.notes, 'source', l.source, 'page_url', l.page_url,
      'language', l.language, 'ready_to_travel', l.ready_to_travel,
      'preferred_countries', l.preferred_countries, 'appointment_time', l.appointment_time
    ) end
  ), '[]'::jsonb)
  into claimed_leads
  from claimed c join public.offer_leads l on l.id = c.lead_id;
  return claimed_leads;
end
$$;
