-- Erasure is immediate for a file's signed URL too (issue 42, item 4). A staff's signed URL is
-- served by Storage as long as the object exists; the objects of an erased, withdrawn, purged or
-- refused file wait in private.storage_deletions for the request-files worker, which ran once a
-- minute (a link opened 12 s after a withdrawal still showed the photo). Now every insert into the
-- deletion outbox wakes the worker's deletion pass at once:
--   - hosted: pg_net posts {"action":"deletions"} to the request-files function with the public key
--     (the Vault secrets project_url and anon_key that pg_cron's job already uses). pg_net sends
--     queued requests only after the transaction commits, so the objects go right after the erasure
--     is committed (well under a second), and not at all when it rolls back. Without pg_net or the
--     secrets nothing is posted and the minute job still drains.
--   - the local stack: a NOTIFY on `storage_deletions`, on which the local server runs the same pass.
-- The function's `deletions` action removes due outbox objects only (no upload checks); asked with
-- the public key it runs at most once a second (public.claim_worker_turn).

create function private.wake_storage_deletions()
returns trigger
language plpgsql
volatile
set search_path = ''
as $$
declare
  project_url text;
  anon_key text;
begin
  -- Only when rows were added: a statement that queued nothing (a path queued already, the
  -- worker's own orphan pass finding none) wakes nobody, so the pass never wakes itself forever.
  if not exists (select 1 from added) then
    return null;
  end if;
  perform pg_notify('storage_deletions', '');
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net')
     and to_regclass('vault.decrypted_secrets') is not null then
    execute $q$select (select decrypted_secret from vault.decrypted_secrets where name = 'project_url'),
                      (select decrypted_secret from vault.decrypted_secrets where name = 'anon_key')$q$
      into project_url, anon_key;
    if coalesce(project_url, '') <> '' and coalesce(anon_key, '') <> '' then
      execute $q$select net.http_post(
          url := $1 || '/functions/v1/request-files',
          headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', $2,
                                        'Authorization', 'Bearer ' || $2),
          body := '{"action":"deletions"}'::jsonb,
          timeout_milliseconds := 30000
        )$q$ using project_url, anon_key;
    end if;
  end if;
  return null;
end
$$;

revoke execute on function private.wake_storage_deletions() from public, anon, authenticated;

-- Once per statement: an erasure of a request with many files posts once.
create trigger storage_deletions_wake
after insert on private.storage_deletions
referencing new table as added
for each statement execute function private.wake_storage_deletions();
