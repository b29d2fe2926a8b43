-- The WhatsApp worker in production (issue 46): pg_cron calls the whatsapp-send function every
-- minute with the public key (pg_net; the project URL and the key from Vault), so a message Meta
-- could not be reached for is tried again and a medium that could not be fetched is fetched later
-- (supabase/functions/whatsapp-send/handler.ts). The dialog asks for the worker at once after a
-- send; this job is the retry. Run once, after the secrets are set (README, Production, step 6):
-- select * from private.schedule_whatsapp_worker();

create function private.schedule_whatsapp_worker()
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
    raise exception 'WhatsApp worker not scheduled: missing %', array_to_string(missing, '; ')
      using errcode = '55000',
            hint = 'enable what is missing, then run: select * from private.schedule_whatsapp_worker();';
  end if;
  execute $cron$
    select cron.schedule(
      'whatsapp-send',
      '* * * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                 || '/functions/v1/whatsapp-send',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'anon_key'),
            'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'anon_key')
          ),
          body := '{"action":"drain"}'::jsonb,
          timeout_milliseconds := 30000
        )
      $job$
    )
  $cron$;
  return query execute $q$
    select j.jobname::text, j.schedule::text, j.active from cron.job j
    where j.jobname = 'whatsapp-send'
  $q$;
end
$$;

comment on function private.schedule_whatsapp_worker() is
  'Schedules the whatsapp-send worker every minute through pg_cron and pg_net (issue 46).';
revoke execute on function private.schedule_whatsapp_worker() from public;
