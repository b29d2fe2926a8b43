-- The request-files worker answers a stranger at most every 20 seconds.
--
-- pg_cron calls the request-files function every minute with the public key (the same key the
-- patient page uses for it), so the function cannot refuse that key's drain, and each drain runs
-- the unfinished checks (downloads of up to 20 files) and the deletion outbox's orphan scan of
-- the bucket: anyone with the public key could have run that in a loop. A drain asked with the
-- public key now first claims the worker's turn here; a turn taken less than `_every_seconds`
-- ago answers false and the function does nothing (it says it skipped). The service key (the
-- local stack's timer, an operator) always drains.

create table private.worker_turns (
  worker text primary key,
  last_at timestamptz not null
);

alter table private.worker_turns enable row level security;

comment on table private.worker_turns is
  'When each worker last ran for a caller with the public key (public.claim_worker_turn).';

-- True, and the turn is taken, when `_worker` last ran at least `_every_seconds` ago (or never).
create function public.claim_worker_turn(_worker text, _every_seconds integer)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with claimed as (
    insert into private.worker_turns as t (worker, last_at)
    values (_worker, now())
    on conflict (worker) do update set last_at = now()
      where t.last_at <= now() - make_interval(secs => greatest(_every_seconds, 0))
    returning 1
  )
  select exists (select 1 from claimed)
$$;

revoke execute on function public.claim_worker_turn(text, integer) from public;
grant execute on function public.claim_worker_turn(text, integer) to service_role;
