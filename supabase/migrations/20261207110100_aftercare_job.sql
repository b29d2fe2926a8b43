-- The after-care scheduler runs in production (issue 44): public.run_aftercare() every five
-- minutes as the pg_cron job 'aftercare' (and the reminders' scheduler as
-- 'schedule-patient-reminders'), scheduled with the other jobs by the operator's
-- private.schedule_production_jobs() (README, production step 6). As
-- 20261127120300_first_contact_escalation.sql, with the job added. Locally the stack runs it
-- beside each outbox drain (local/server.ts).

create or replace function private.schedule_production_jobs()
returns table (jobname text, schedule text, active boolean)
language plpgsql
set search_path = ''
as $_$
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
  -- After-care (issue 44): the steps from the trip's dates and the check-ins due.
  execute $cron$
    select cron.schedule('aftercare', '*/5 * * * *', 'select public.run_aftercare()')
  $cron$;
  -- Reminders (issue 44, 20261207100000_patient_reminders.sql): the patient's reminders due.
  execute $cron$
    select cron.schedule(
      'schedule-patient-reminders', '*/5 * * * *', 'select public.schedule_patient_reminders()'
    )
  $cron$;
  return query execute $q$
    select j.jobname::text, j.schedule::text, j.active from cron.job j
    where j.jobname in ('send-form-notification', 'erase-expired-leads', 'escalate-uncontacted-requests',
                        'aftercare', 'schedule-patient-reminders')
    order by j.jobname
  $q$;
end
$_$;

revoke execute on function private.schedule_production_jobs() from public;
