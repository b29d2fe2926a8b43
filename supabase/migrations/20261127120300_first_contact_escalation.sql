-- Nobody forgotten (issue 32). A request from the public forms that nobody has contacted turns red
-- at its first_contact_due_at (20261127120100_contact_events.sql) and the back office alerts its
-- assignee, or everyone while unassigned. After the second threshold (escalate_minutes of working
-- time, default 60) the owner gets ONE e-mail through the outbox:
--   * private.escalate_uncontacted_requests() queues each such request once
--     (private.first_contact_escalations, keyed by the request: one row per request, ever) and
--     writes an 'escalated' event by the system. It runs wherever the notification worker runs:
--     on pg_cron every minute in production (the job 'escalate-uncontacted-requests', scheduled with
--     the others by private.schedule_production_jobs()), every few seconds on the local server;
--   * the worker (send-form-notification) claims what is due with
--     public.claim_first_contact_escalations() and mails them together, one e-mail for everything
--     queued since its last run (never a storm), to the agency's inbox, then records the outcome
--     with public.finish_first_contact_escalations(); failures are retried and given up after 24
--     hours like the other mails. A request contacted before its mail went out is not mailed.

insert into private.request_event_kinds (kind) values ('escalated');

-- One row per request escalated to the owner; deleted with the request (erasure, retention).
create table private.first_contact_escalations (
  request_id uuid primary key references public.contact_requests (id) on delete cascade,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  gave_up_at timestamptz
);
comment on table private.first_contact_escalations is
  'The one e-mail to the owner about a request nobody contacted in time (outbox; one row per request).';
create index first_contact_escalations_due_idx on private.first_contact_escalations (next_attempt_at)
  where sent_at is null and gave_up_at is null;
alter table private.first_contact_escalations enable row level security;

-- Queues the e-mail of every request from the forms still waiting for its first contact after the
-- second threshold, once per request, and writes its 'escalated' event. Returns how many.
create function private.escalate_uncontacted_requests(as_of timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  s private.first_contact_settings;
  queued integer;
begin
  select * into strict s from private.first_contact_settings;
  with candidates as (
    select r.id, r.version
    from public.contact_requests r
    where r.first_contacted_at is null and r.first_contact_due_at is not null and r.status = 'new'
      and r.first_contact_due_at <= as_of
      and r.deleted_at is null and r.held_reason is null
      and not exists (select 1 from private.first_contact_escalations e where e.request_id = r.id)
      and private.working_deadline(r.first_contact_due_at, s.escalate_minutes - s.contact_minutes) <= as_of
  ),
  added as (
    insert into private.first_contact_escalations (request_id)
    select c.id from candidates c
    on conflict do nothing
    returning request_id
  ),
  logged as (
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    select c.id, c.version, null, null, 'escalated', null, s.escalate_minutes::text
    from candidates c join added a on a.request_id = c.id
    returning 1
  )
  select count(*)::integer into queued from logged;
  return queued;
end
$$;

-- Claims up to `_limit` due escalation e-mails for two minutes and returns what to mail, as a JSON
-- array (request_id, attempt, reference, name, service, language, created_at, due_at, assignee).
-- Escalations unsent after 24 hours are given up; those whose request was contacted (or left the
-- inbox) meanwhile are closed without a mail. Service role only (the worker).
create function public.claim_first_contact_escalations(_limit integer default 25)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed jsonb;
begin
  update private.first_contact_escalations e
  set gave_up_at = now(), claimed_until = null,
      last_error = coalesce(e.last_error, 'given up after 24 hours')
  where e.sent_at is null and e.gave_up_at is null
    and e.created_at < now() - interval '24 hours'
    and (e.claimed_until is null or e.claimed_until < now());

  update private.first_contact_escalations e
  set gave_up_at = now(), claimed_until = null, last_error = 'contacted before the e-mail went out'
  from public.contact_requests r
  where r.id = e.request_id and e.sent_at is null and e.gave_up_at is null
    and (r.first_contacted_at is not null or r.status <> 'new' or r.deleted_at is not null);

  with due as (
    select e.request_id
    from private.first_contact_escalations e
    where e.sent_at is null and e.gave_up_at is null and e.next_attempt_at <= now()
      and (e.claimed_until is null or e.claimed_until < now())
    order by e.created_at
    limit greatest(1, least(coalesce(_limit, 25), 100))
    for update skip locked
  ),
  taken as (
    update private.first_contact_escalations e
    set attempts = e.attempts + 1, claimed_until = now() + interval '2 minutes'
    from due where e.request_id = due.request_id
    returning e.request_id, e.attempts
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'request_id', r.id, 'attempt', t.attempts, 'reference', r.reference,
    'name', r.name, 'service', r.service, 'language', r.language,
    'created_at', r.created_at, 'due_at', r.first_contact_due_at,
    'assignee', case when a.id is not null
      then coalesce(nullif(btrim(a.display_name), ''), a.username) end
  ) order by r.created_at), '[]'::jsonb)
  into claimed
  from taken t
  join public.contact_requests r on r.id = t.request_id
  left join private.admin_users a on a.id = r.assigned_to;
  return claimed;
end
$$;

-- Records the outcome of one e-mail about these requests: sent, or failed with a (bounded) error
-- and the next attempt after 30 s × 2^(attempts − 1), at most 1 hour later.
create function public.finish_first_contact_escalations(
  _request_ids uuid[], _sent boolean, _error text default null
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.first_contact_escalations e
  set sent_at = case when _sent then now() end,
      claimed_until = null,
      last_error = case when _sent then null else left(coalesce(_error, 'unknown error'), 500) end,
      next_attempt_at = case
        when _sent then e.next_attempt_at
        else now() + least(interval '30 seconds' * power(2, greatest(e.attempts - 1, 0)), interval '1 hour')
      end
  where e.request_id = any (_request_ids) and e.sent_at is null and e.gave_up_at is null;
$$;

-- Where one request's escalation stands (never its content), for tests and the smoke check.
create function public.first_contact_escalation_state(_request_id uuid)
returns table (queued boolean, attempts integer, sent_at timestamptz, gave_up_at timestamptz, last_error text)
language sql
stable
security definer
set search_path = ''
as $$
  select true, e.attempts, e.sent_at, e.gave_up_at, e.last_error
  from private.first_contact_escalations e
  where e.request_id = _request_id
$$;

-- The requests waiting for their first contact, earliest due first (at most 200), for the back
-- office's alerts: id, name, service, assigned_to, created_at and first_contact_due_at. Security
-- invoker: row-level security shows them to staff only (anyone else gets an empty list).
create function public.first_contact_queue()
returns table (
  id uuid, name text, service public.request_service, assigned_to uuid, created_at timestamptz,
  first_contact_due_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select r.id, r.name, r.service, r.assigned_to, r.created_at, r.first_contact_due_at
  from public.contact_requests r
  where r.first_contacted_at is null and r.first_contact_due_at is not null and r.status = 'new'
    and r.held_reason is null
  order by r.first_contact_due_at
  limit 200
$$;

revoke execute on function public.first_contact_queue() from public, anon;
grant execute on function public.first_contact_queue() to authenticated, service_role;

revoke execute on function public.claim_first_contact_escalations(integer) from public, anon, authenticated;
revoke execute on function public.finish_first_contact_escalations(uuid[], boolean, text) from public, anon, authenticated;
revoke execute on function public.first_contact_escalation_state(uuid) from public, anon, authenticated;
grant execute on function public.claim_first_contact_escalations(integer) to service_role;
grant execute on function public.finish_first_contact_escalations(uuid[], boolean, text) to service_role;
grant execute on function public.first_contact_escalation_state(uuid) to service_role;

-- schedule_production_jobs as in 20261126130100_production_jobs_fail_loudly.sql, with a third job:
-- the escalation queue every minute (plain SQL: it needs neither pg_net nor Vault).
create or replace function private.schedule_production_jobs()
returns table (jobname text, schedule text, active boolean)
language plpgsql
volatile
set search_path = ''
as $$
declare
  missing text[] := '{}';
  secret_count integer := 0;
begin
  if not exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    missing := missing || 'extension pg_cron (Database → Extensions)'::text;
  end if;
  if not exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net') then
    missing := missing || 'extension pg_net (Database → Extensions)'::text;
  end if;
  if to_regclass('vault.decrypted_secrets') is null then
    missing := missing || 'Vault (extension supabase_vault)'::text;
  else
    execute $q$select count(distinct name)::integer from vault.decrypted_secrets
               where name in ('project_url', 'anon_key') and coalesce(decrypted_secret, '') <> ''$q$
      into secret_count;
    if secret_count < 2 then
      missing := missing || 'Vault secrets project_url and anon_key (vault.create_secret)'::text;
    end if;
  end if;
  if cardinality(missing) > 0 then
    raise exception 'production jobs not scheduled: missing %', array_to_string(missing, '; ')
      using errcode = '55000',
            hint = 'enable what is missing, then run: select * from private.schedule_production_jobs();';
  end if;

  -- The worker: a drain of the outbox through the deployed function, with the public key (a drain
  -- can only mail stored, due, unmailed leads, so it needs no privilege).
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
  execute $cron$
    select cron.schedule('erase-expired-leads', '17 3 * * *', 'select private.erase_expired_leads()')
  $cron$;
  execute $cron$
    select cron.schedule(
      'escalate-uncontacted-requests', '* * * * *', 'select private.escalate_uncontacted_requests()'
    )
  $cron$;
  return query execute $q$
    select j.jobname::text, j.schedule::text, j.active from cron.job j
    where j.jobname in ('send-form-notification', 'erase-expired-leads', 'escalate-uncontacted-requests')
    order by j.jobname
  $q$;
end
$$;

revoke execute on function private.schedule_production_jobs() from public;

-- The escalation job, scheduled at `supabase db push` where pg_cron exists (hosted), like the
-- retention's; the operator's private.schedule_production_jobs() schedules it again with the rest.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'escalate-uncontacted-requests', '* * * * *', 'select private.escalate_uncontacted_requests()'
    );
  end if;
end
$$;

revoke execute on all functions in schema private from public;
revoke execute on function private.escalate_uncontacted_requests(timestamptz) from anon, authenticated;
