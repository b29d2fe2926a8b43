-- The request-files edge function's calls (service key only) and the staff's (live admin session),
-- issue 30; tables in 20261127100000_request_files.sql, the patient's calls in
-- 20261127100100_request_file_functions.sql.

-- What the function needs to sign, check or finish one file: its paths, type, size limits and state.
create function private.request_file_target(_file private.request_files)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'file_id', _file.id, 'request_id', _file.request_id, 'slot', _file.slot, 'state', _file.state,
    'kind', _file.kind, 'content_type', _file.content_type, 'declared_bytes', _file.declared_bytes,
    'object_path', _file.object_path, 'thumb_path', _file.thumb_path, 'created_at', _file.created_at,
    'max_bytes', case _file.kind when 'pdf' then l.max_pdf_bytes else l.max_image_bytes end,
    'max_thumb_bytes', l.max_thumb_bytes
  )
  from private.request_file_limits l
$$;

-- The file `_file_id` of the request of a live link `_token`, or null: the function signs an upload
-- URL only for a file the patient began with that link, and checks it the same way.
create function public.request_file_upload_target(_token text, _file_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.request_file_target(f)
  from private.request_files f
  where f.id = _file_id and f.request_id = private.live_request_for_token(_token)
$$;

-- Uploads begun more than 5 minutes ago and never finished by their page (a closed tab after the
-- last byte): the worker checks them itself, so a complete upload still reaches staff, checked.
create function public.pending_request_file_checks(_limit integer default 20)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(private.request_file_target(f) order by f.created_at), '[]'::jsonb)
  from (
    select * from private.request_files f
    where f.state = 'uploading'
      and f.created_at < now() - interval '5 minutes'
      and f.created_at > now() - interval '3 hours'
    order by f.created_at
    limit greatest(1, least(coalesce(_limit, 20), 100))
  ) f
$$;

-- Records the server's check of a file. A file that failed (_ok false: wrong type by its bytes, too
-- large, metadata left in it…) is `rejected`, its objects go to the deletion outbox and the
-- timeline says so. A checked one is `ready`: it replaces the slot's previous file where the slot
-- holds one, answers a pending ask, and when every slot the treatment needs holds a file, the
-- request reaches "photos received" (files_complete). Idempotent: a file already finished answers
-- its state.
create function public.finish_request_file(
  _file_id uuid, _ok boolean, _bytes integer default null, _reason text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  finished private.request_files;
  service text;
  slot_size integer;
  completed integer := 0;
begin
  select * into finished from private.request_files f where f.id = _file_id for update;
  if not found then
    return jsonb_build_object('state', 'gone');
  end if;
  if finished.state <> 'uploading' then
    return jsonb_build_object('state', finished.state, 'reason', finished.reject_reason);
  end if;
  perform pg_advisory_xact_lock(hashtextextended('request_files:' || finished.request_id::text, 0));
  if not coalesce(_ok, false) then
    update private.request_files f
    set state = 'rejected', checked_at = now(), reject_reason = left(coalesce(_reason, 'invalid'), 60)
    where f.id = _file_id;
    perform private.add_request_event(
      finished.request_id, 'file_rejected', finished.slot, left(coalesce(_reason, 'invalid'), 60)
    );
    return jsonb_build_object('state', 'rejected', 'reason', left(coalesce(_reason, 'invalid'), 60));
  end if;

  update private.request_files f set state = 'ready', checked_at = now(), bytes = _bytes
  where f.id = _file_id;
  select r.service::text into service from public.contact_requests r where r.id = finished.request_id;
  select s.max_files into slot_size from private.request_file_slots(service) s where s.slot = finished.slot;
  if slot_size = 1 then
    delete from private.request_files f
    where f.request_id = finished.request_id and f.slot = finished.slot and f.state = 'ready'
      and f.id <> _file_id;
  end if;
  delete from private.request_file_asks a
  where a.request_id = finished.request_id and a.slot = finished.slot;
  perform private.add_request_event(finished.request_id, 'file_received', null, finished.slot);

  if not exists (
    select 1 from private.request_file_slots(service) s
    where s.required and not exists (
      select 1 from private.request_files f
      where f.request_id = finished.request_id and f.slot = s.slot and f.state = 'ready'
    )
  ) then
    insert into private.request_file_progress (request_id, complete_at)
    values (finished.request_id, now())
    on conflict (request_id) do update set complete_at = excluded.complete_at
      where private.request_file_progress.complete_at is null;
    get diagnostics completed = row_count;
    if completed > 0 then
      perform private.add_request_event(finished.request_id, 'files_complete', null, null);
    end if;
  end if;
  return jsonb_build_object('state', 'ready', 'complete', completed > 0);
end
$$;

-- Claims up to `_limit` objects to delete for two minutes. Before that it queues what nothing
-- holds any more: objects of the bucket that no live file row names (an upload that landed after
-- its request was erased, a rejected file uploaded again with its old URL), once they are 15
-- minutes old, and uploads abandoned for three hours (their signed URL lived two).
create function public.claim_storage_deletions(_limit integer default 100)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed jsonb;
begin
  update private.request_files f
  set state = 'rejected', checked_at = now(), reject_reason = 'abandoned'
  where f.state = 'uploading' and f.created_at < now() - interval '3 hours';

  insert into private.storage_deletions (bucket_id, object_path)
  select o.bucket_id, o.name
  from storage.objects o
  where o.bucket_id = 'request-files'
    and o.created_at < now() - interval '15 minutes'
    and not exists (
      select 1 from private.request_files f
      where f.state in ('uploading', 'ready') and (f.object_path = o.name or f.thumb_path = o.name)
    )
  on conflict (bucket_id, object_path) do nothing;

  with due as (
    select d.id from private.storage_deletions d
    where d.next_attempt_at <= now() and (d.claimed_until is null or d.claimed_until < now())
    order by d.id
    limit greatest(1, least(coalesce(_limit, 100), 1000))
    for update skip locked
  ), claimed_rows as (
    update private.storage_deletions d
    set claimed_until = now() + interval '2 minutes', attempts = d.attempts + 1
    from due where d.id = due.id
    returning d.id, d.bucket_id, d.object_path
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', c.id, 'bucket_id', c.bucket_id, 'object_path', c.object_path
  ) order by c.id), '[]'::jsonb)
  into claimed
  from claimed_rows c;
  return claimed;
end
$$;

-- Records a drain: deleted (or already gone) objects leave the outbox; failed ones are retried
-- after 30 s × 2^(attempts − 1), at most an hour later.
create function public.finish_storage_deletions(
  _done bigint[], _failed bigint[] default '{}', _error text default null
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.storage_deletions d where d.id = any(coalesce(_done, '{}'));
  update private.storage_deletions d
  set claimed_until = null, last_error = left(coalesce(_error, 'unknown error'), 500),
      next_attempt_at = now() + least(
        interval '30 seconds' * power(2, greatest(d.attempts - 1, 0)), interval '1 hour'
      )
  where d.id = any(coalesce(_failed, '{}'));
$$;

-- Staff: a request's files by slot, with the paths to sign (thumbnails, the viewer), the asks and
-- "photos received".
create function public.request_files(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  return private.request_files_view(_request_id, true);
end
$$;

-- Staff ask the patient for a slot (again): it shows on the patient's page until a checked file
-- arrives in it, and a needed slot takes the request out of "photos received" until then.
create function public.ask_for_request_file(_request_id uuid, _slot text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  needed boolean;
begin
  perform private.require_staff();
  select s.required into needed
  from public.contact_requests r, private.request_file_slots(r.service::text) s
  where r.id = _request_id and s.slot = _slot;
  if not found then
    raise exception 'This request has no slot %', _slot using errcode = '23514', hint = 'file_slot_unknown';
  end if;
  insert into private.request_file_asks (request_id, slot, asked_by)
  values (_request_id, _slot, (select s.username from private.current_staff() s))
  on conflict (request_id, slot) do update set asked_at = now(), asked_by = excluded.asked_by;
  if needed then
    update private.request_file_progress p set complete_at = null where p.request_id = _request_id;
  end if;
  perform private.add_request_event(_request_id, 'file_requested', null, _slot);
end
$$;

-- Schedules the request-files worker (every minute: the deletion outbox, orphans, unfinished
-- checks) through pg_cron and pg_net with the public key, as private.schedule_production_jobs
-- does for the notification worker; raises naming what is missing. Returns the job.
create function private.schedule_request_files_worker()
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
    raise exception 'request-files worker not scheduled: missing %', array_to_string(missing, '; ')
      using errcode = '55000',
            hint = 'enable what is missing, then run: select * from private.schedule_request_files_worker();';
  end if;
  execute $cron$
    select cron.schedule(
      'request-files-worker',
      '* * * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                 || '/functions/v1/request-files',
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
    where j.jobname = 'request-files-worker'
  $q$;
end
$$;

revoke execute on function private.request_file_target(private.request_files) from public;
revoke execute on function private.schedule_request_files_worker() from public;
revoke execute on function public.request_file_upload_target(text, uuid) from public, anon, authenticated;
revoke execute on function public.pending_request_file_checks(integer) from public, anon, authenticated;
revoke execute on function public.finish_request_file(uuid, boolean, integer, text) from public, anon, authenticated;
revoke execute on function public.claim_storage_deletions(integer) from public, anon, authenticated;
revoke execute on function public.finish_storage_deletions(bigint[], bigint[], text) from public, anon, authenticated;
grant execute on function public.request_file_upload_target(text, uuid) to service_role;
grant execute on function public.pending_request_file_checks(integer) to service_role;
grant execute on function public.finish_request_file(uuid, boolean, integer, text) to service_role;
grant execute on function public.claim_storage_deletions(integer) to service_role;
grant execute on function public.finish_storage_deletions(bigint[], bigint[], text) to service_role;

revoke execute on function public.request_files(uuid) from public, anon;
revoke execute on function public.ask_for_request_file(uuid, text) from public, anon;
grant execute on function public.request_files(uuid) to authenticated, service_role;
grant execute on function public.ask_for_request_file(uuid, text) to authenticated, service_role;
