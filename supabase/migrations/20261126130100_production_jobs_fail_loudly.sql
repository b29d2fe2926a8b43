-- Both production jobs (the notification worker every minute, the retention daily) are scheduled by
-- one call the operator makes after enabling pg_cron, pg_net and Vault (README, Production), and a
-- call that cannot schedule them raises, naming what is missing. Before, the worker's scheduler
-- returned a quiet 'not scheduled' text and the retention migration turned any pg_cron failure into
-- a NOTICE, so a project could run without either job and nobody would see it. The smoke test reads
-- the jobs (public.scheduled_jobs) and follows an un-nudged lead to its e-mail
-- (public.lead_notification_state), both with the secret key only.

-- Schedules (or reschedules: pg_cron replaces a job of the same name) both jobs; returns them.
create function private.schedule_production_jobs()
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
  return query execute $q$
    select j.jobname::text, j.schedule::text, j.active from cron.job j
    where j.jobname in ('send-form-notification', 'erase-expired-leads') order by j.jobname
  $q$;
end
$$;

-- Kept for operators following older notes; now it raises instead of answering 'not scheduled'.
create or replace function private.schedule_notification_worker()
returns text
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform private.schedule_production_jobs();
  return 'scheduled: send-form-notification every minute, erase-expired-leads daily at 03:17 UTC';
end
$$;

revoke execute on function private.schedule_production_jobs() from public;
revoke execute on function private.schedule_notification_worker() from public;

-- The scheduled jobs and how each last ran, for `npm run smoke` with the secret key. Raises where
-- pg_cron is not installed (PGlite, a plain PostgreSQL: the local server's timers run both jobs).
create function public.scheduled_jobs()
returns table (jobname text, schedule text, active boolean, last_status text, last_start timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    raise exception 'pg_cron is not installed: no job is scheduled in this database'
      using errcode = '55000', hint = 'not_scheduled';
  end if;
  return query execute $q$
    select j.jobname::text, j.schedule::text, j.active, r.status::text, r.start_time
    from cron.job j
    left join lateral (
      select d.status, d.start_time from cron.job_run_details d
      where d.jobid = j.jobid order by d.start_time desc nulls last limit 1
    ) r on true
    order by j.jobname
  $q$;
end
$$;

-- Where one lead's notification stands (never its content), for the smoke test's worker check.
create function public.lead_notification_state(_lead_id uuid)
returns table (queued boolean, attempts integer, sent_at timestamptz, gave_up_at timestamptz, last_error text)
language sql
stable
security definer
set search_path = ''
as $$
  select true, n.attempts, n.sent_at, n.gave_up_at, n.last_error
  from private.lead_notifications n
  where n.lead_id = _lead_id
$$;

revoke execute on function public.scheduled_jobs() from public, anon, authenticated;
revoke execute on function public.lead_notification_state(uuid) from public, anon, authenticated;
grant execute on function public.scheduled_jobs() to service_role;
grant execute on function public.lead_notification_state(uuid) to service_role;

-- The retention job, scheduled at `supabase db push` where pg_cron can be created (hosted), and
-- this time a failure stops the push instead of becoming a NOTICE.
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('erase-expired-leads', '17 3 * * *', 'select private.erase_expired_leads()');
  end if;
end
$$;
