-- Exactly one notification per stored lead, and none otherwise. Until now the browser asked
-- send-form-notification to mail whatever text it sent, after the insert: anyone could send mail
-- under the agency's sender, and a closed tab meant a real lead was never mailed. Now:
--   * inserting a lead enqueues its notification in the same transaction (private outbox, deleted
--     with the lead);
--   * a delivery worker (the send-form-notification handler, called with no lead id) claims due
--     notifications, mails each one built from the stored row, and marks it sent; a failure is
--     retried with backoff (30 s, doubling, at most 1 hour between attempts);
--   * after 24 hours unsent it gives up visibly: contact_requests.notification_failed_at is set,
--     and the dashboard shows the request as "not mailed";
--   * the browser's call after a successful insert (spec call 2) only nudges the worker for that
--     lead id: it can never make the function mail anything that is not a stored, unmailed lead.
-- The worker talks to the database through the two functions below, executable by the service role
-- only. Production runs it every minute with pg_cron + pg_net when those extensions exist (see
-- private.schedule_notification_worker() and docs/decisions.md); the local server runs it on a
-- timer (local/notification-worker.ts). This migration applies unchanged where neither extension is
-- available (PGlite, plain PostgreSQL).

-- One row per lead to notify about; deleted with the lead (erasure leaves nothing behind).
create table private.lead_notifications (
  lead_id uuid primary key references public.offer_leads (id) on delete cascade,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  gave_up_at timestamptz
);
create index lead_notifications_due_idx on private.lead_notifications (next_attempt_at)
  where sent_at is null and gave_up_at is null;
alter table private.lead_notifications enable row level security;

-- Set when delivery of the request's notification was given up; admins read it with the request
-- (the dashboard shows "not mailed"). Null for requests mailed, still pending, or older than this.
alter table public.contact_requests add column notification_failed_at timestamptz;

-- After insert: the lead's notification, in the same transaction as the lead and its request.
create function private.enqueue_lead_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.lead_notifications (lead_id) values (new.id) on conflict do nothing;
  return null;
end
$$;

create trigger enqueue_lead_notification
after insert on public.offer_leads
for each row execute function private.enqueue_lead_notification();

-- Claims up to `_limit` due notifications (or only `_lead_id`'s, for a nudge) for two minutes and
-- returns the stored leads to mail, as a JSON array of objects (lead_id, attempt and the lead's
-- columns). A notification is due when unsent, not given up, its next attempt time has come and no
-- other worker holds it. Notifications unsent after 24 hours are given up first (and their
-- requests marked), so nothing is retried for ever.
create function public.claim_lead_notifications(_lead_id uuid default null, _limit integer default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed_leads jsonb;
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
    returning n.lead_id, n.attempts
  )
  select coalesce(jsonb_agg(
    jsonb_build_object(
      'lead_id', l.id, 'attempt', c.attempts, 'created_at', l.created_at, 'name', l.name,
      'phone', l.phone, 'country_code', l.country_code, 'country', l.country, 'email', l.email,
      'service', l.service, 'notes', l.notes, 'source', l.source, 'page_url', l.page_url,
      'language', l.language, 'ready_to_travel', l.ready_to_travel,
      'preferred_countries', l.preferred_countries, 'appointment_time', l.appointment_time
    )
  ), '[]'::jsonb)
  into claimed_leads
  from claimed c join public.offer_leads l on l.id = c.lead_id;
  return claimed_leads;
end
$$;

-- Records the outcome of one delivery attempt: sent, or failed with a (bounded) error and the next
-- attempt after 30 s × 2^(attempts − 1), at most 1 hour later.
create function public.finish_lead_notification(_lead_id uuid, _sent boolean, _error text default null)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.lead_notifications n
  set sent_at = case when _sent then now() end,
      claimed_until = null,
      last_error = case when _sent then null else left(coalesce(_error, 'unknown error'), 500) end,
      next_attempt_at = case
        when _sent then n.next_attempt_at
        else now() + least(interval '30 seconds' * power(2, greatest(n.attempts - 1, 0)), interval '1 hour')
      end
  where n.lead_id = _lead_id and n.sent_at is null;
$$;

revoke execute on function public.claim_lead_notifications(uuid, integer) from public, anon, authenticated;
revoke execute on function public.finish_lead_notification(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.claim_lead_notifications(uuid, integer) to service_role;
grant execute on function public.finish_lead_notification(uuid, boolean, text) to service_role;

-- Production worker: every minute, pg_cron asks pg_net to POST {} to send-form-notification with
-- the project URL and anon (publishable) key kept in Vault as `project_url` and `anon_key` (a
-- drain needs no privilege: it can only mail stored, due, unmailed leads). Does nothing, and says
-- so, where pg_cron, pg_net or Vault are missing; run it again after enabling them.
create function private.schedule_notification_worker()
returns text
language plpgsql
volatile
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron')
     or not exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net')
     or not exists (select 1 from pg_catalog.pg_namespace where nspname = 'vault') then
    return 'not scheduled: enable pg_cron, pg_net and Vault first';
  end if;
  execute $cron$
    select cron.schedule(
      'send-form-notification',
      '* * * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                 || '/functions/v1/send-form-notification',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'anon_key'),
            'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'anon_key')
          ),
          body := '{}'::jsonb,
          timeout_milliseconds := 30000
        )
      $job$
    )
  $cron$;
  return 'scheduled: send-form-notification every minute';
end
$$;

select private.schedule_notification_worker();

revoke execute on all functions in schema private from public;
