-- The coordinators' team workspace (issue 13). Six coordinators work the same inbox, so:
--   * every request carries a version the database bumps on each update; update_request() changes a
--     request only if the caller saw its current version (one statement), and a stale save changes
--     nothing and fails with SQLSTATE PT409 (HTTP 409), hint 'stale_version';
--   * an append-only timeline (request_events) written by triggers: status, note, assignment and
--     follow-up changes with the staff author and the server's time; admins read it, nobody edits
--     or deletes it; it goes with its request (one erasure);
--   * assignment to a staff account (staff_accounts: a view only admins can read) and a follow-up
--     time per request;
--   * duplicates: phone_key = public.canonical_phone(country_code, phone), indexed;
--   * request_page(): a page of the inbox with its filters, search and counters, run in the
--     database, so the dashboard never downloads the whole table.
-- The spec's plain update of status and notes (call 8) keeps working: it bumps the version and
-- writes the same events.

-- The acting staff account: the admin account behind the caller's live admin session, or nothing
-- (service role, database owner, scripts). Security definer: private tables are not readable by
-- the API roles.
create function private.current_staff()
returns table (id uuid, username text)
language sql
stable
security definer
set search_path = ''
as $$
  select a.id, a.username
  from private.admin_sessions s
  join private.admin_users a on a.id = s.admin_id
  where s.user_id = auth.uid()
    and s.expires_at > now()
    and a.disabled_at is null
  limit 1
$$;

-- The caller's own staff account id (null when not a live admin): the dashboard's "mine". Security
-- definer for the same reason; it reveals nothing but the caller's own id.
create function public.my_staff_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select s.id from private.current_staff() s
$$;

revoke execute on function public.my_staff_id() from public, anon;
grant execute on function public.my_staff_id() to authenticated, service_role;

alter table public.contact_requests
  add column version integer not null default 1,
  add column assigned_to uuid references private.admin_users (id) on delete set null,
  add column follow_up_at timestamptz,
  add column phone_key text generated always as (public.canonical_phone(country_code, phone)) stored;

-- Duplicates are looked up by canonical phone; the "mine" and follow-up filters by their columns.
create index contact_requests_phone_key_idx on public.contact_requests (phone_key);
create index contact_requests_assigned_created_idx
  on public.contact_requests (assigned_to, created_at desc);
create index contact_requests_follow_up_idx
  on public.contact_requests (follow_up_at)
  where follow_up_at is not null;
create index contact_requests_status_created_idx
  on public.contact_requests (status, created_at desc);
create index contact_requests_created_id_idx on public.contact_requests (created_at desc, id desc);

-- Coordinators may now also assign a request and set its follow-up; version stays the database's.
grant update (assigned_to, follow_up_at) on table public.contact_requests to authenticated;

-- Before every update: the version moves on, whatever the client sends, so a save that read an
-- older version can be told apart.
create function private.bump_request_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.version := old.version + 1;
  return new;
end
$$;

create trigger bump_version
before update on public.contact_requests
for each row execute function private.bump_request_version();

-- The timeline of a request: one row per change, never edited. `author` keeps the username at the
-- time, so the entry still reads right after the account is removed; null means the system
-- (a script or the service role). `version` is the request's version after the change, so a
-- refused save can ask "what happened after the version I saw?".
create table public.request_events (
  id bigint generated always as identity primary key,
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  created_at timestamptz not null default now(),
  version integer not null,
  author_id uuid,
  author text,
  kind text not null,
  old_value text,
  new_value text,
  constraint request_events_kind check (kind in ('status', 'note', 'assignment', 'follow_up'))
);
create index request_events_request_id_idx on public.request_events (request_id, id);
alter table public.request_events enable row level security;

-- Admins with a live session read the timeline of every request.
create policy "Admins can read request events"
on public.request_events for select to authenticated
using ((select public.is_admin((select auth.uid()))));

revoke all on table public.request_events from anon, authenticated;
grant select on table public.request_events to authenticated;
grant select on table public.request_events to service_role;

-- Append-only for everyone, the database owner included: no update ever, and a delete only as part
-- of erasing its request (the cascade runs after the request row is gone).
create function private.keep_request_events()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    raise exception 'request events are never changed'
      using errcode = '42501', hint = 'append_only';
  end if;
  if exists (select 1 from public.contact_requests where id = old.request_id) then
    raise exception 'request events are erased only with their request'
      using errcode = '42501', hint = 'append_only';
  end if;
  return old;
end
$$;

create trigger keep_request_events
before update or delete on public.request_events
for each row execute function private.keep_request_events();

-- After each update of a request: one event per changed field, authored by the acting staff account.
-- Security definer: nobody may insert events directly.
create function private.record_request_events()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  staff_name text;
  old_name text;
  new_name text;
begin
  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  if new.status is distinct from old.status then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (new.id, new.version, staff_id, staff_name, 'status', old.status::text, new.status::text);
  end if;
  if new.notes is distinct from old.notes then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (new.id, new.version, staff_id, staff_name, 'note', old.notes, new.notes);
  end if;
  if new.assigned_to is distinct from old.assigned_to then
    select username into old_name from private.admin_users where id = old.assigned_to;
    select username into new_name from private.admin_users where id = new.assigned_to;
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (new.id, new.version, staff_id, staff_name, 'assignment', old_name, new_name);
  end if;
  if new.follow_up_at is distinct from old.follow_up_at then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (
      new.id, new.version, staff_id, staff_name, 'follow_up',
      to_char(old.follow_up_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      to_char(new.follow_up_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    );
  end if;
  return null;
end
$$;

create trigger record_events
after update on public.contact_requests
for each row execute function private.record_request_events();

-- The staff accounts a request can be assigned to, for admins only: anyone else reads no rows
-- (the view runs with its owner's rights on the private table and filters on is_admin itself).
create view public.staff_accounts
with (security_barrier = true)
as
select a.id, a.username, a.disabled_at is null as active
from private.admin_users a
where (select public.is_admin((select auth.uid())));

revoke all on table public.staff_accounts from anon, authenticated, public;
grant select on table public.staff_accounts to authenticated, service_role;

-- The one way the dashboard saves: applies `_changes` (any of status, notes, assigned_to,
-- follow_up_at; a key with null clears it) only if the request is still at `_expected_version`,
-- in one statement. A stale save changes nothing and raises PT409 (HTTP 409, hint
-- 'stale_version', detail = the current version); a request that is gone or not visible raises
-- PT404. Security invoker: the caller's row-level security and column grants apply.
create function public.update_request(_id uuid, _expected_version integer, _changes jsonb)
returns public.contact_requests
language plpgsql
volatile
set search_path = ''
as $$
declare
  saved public.contact_requests;
  current_version integer;
begin
  if _changes is null or jsonb_typeof(_changes) <> 'object' then
    raise exception 'changes must be a JSON object' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_object_keys(_changes) k
    where k not in ('status', 'notes', 'assigned_to', 'follow_up_at')
  ) then
    raise exception 'only status, notes, assigned_to and follow_up_at can be changed'
      using errcode = '22023', hint = 'unknown_field';
  end if;
  update public.contact_requests r
  set
    status = case when _changes ? 'status'
      then coalesce((_changes ->> 'status')::public.request_status, 'new') else r.status end,
    notes = case when _changes ? 'notes'
      then nullif(btrim(_changes ->> 'notes'), '') else r.notes end,
    assigned_to = case when _changes ? 'assigned_to'
      then (_changes ->> 'assigned_to')::uuid else r.assigned_to end,
    follow_up_at = case when _changes ? 'follow_up_at'
      then (_changes ->> 'follow_up_at')::timestamptz else r.follow_up_at end
  where r.id = _id and r.version = _expected_version
  returning r.* into saved;
  if found then
    return saved;
  end if;
  select r.version into current_version from public.contact_requests r where r.id = _id;
  if current_version is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  raise exception 'the request changed since version % (now version %)', _expected_version, current_version
    using errcode = 'PT409', detail = current_version::text, hint = 'stale_version';
end
$$;

revoke execute on function public.update_request(uuid, integer, jsonb) from public, anon;
grant execute on function public.update_request(uuid, integer, jsonb) to authenticated, service_role;

-- One page of the inbox, newest first, with the counters the dashboard shows, in one call:
--   _query      words of a name, e-mail or note, or digits of a phone (matched on phone_key)
--   _status, _service, _source   exact values (null: all)
--   _assignee   'mine', 'unassigned' or null (all)
--   _due_before only requests with a follow-up before this time (the end of the coordinator's day)
--   _after_created_at, _after_id  keyset paging: rows strictly older than this one
-- Counters: the four of the spec over all requests, plus mine, unassigned and due (follow-ups
-- before _due_before, or before now, on requests still open), and `matched` for the filters.
-- Each row carries `duplicates`: how many other requests share its phone_key.
-- Security invoker: row-level security decides what is counted and returned.
create function public.request_page(
  _query text default null,
  _status public.request_status default null,
  _service public.request_service default null,
  _source text default null,
  _assignee text default null,
  _due_before timestamptz default null,
  _after_created_at timestamptz default null,
  _after_id uuid default null,
  _limit integer default 50
)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with me as (
    select public.my_staff_id() as id
  ),
  needle as (
    select
      nullif(btrim(coalesce(_query, '')), '') as text,
      nullif(regexp_replace(coalesce(_query, ''), '[^0-9]', '', 'g'), '') as digits
  ),
  filtered as (
    select r.*
    from public.contact_requests r, me, needle n
    where (_status is null or r.status = _status)
      and (_service is null or r.service = _service)
      and (_source is null or r.source = _source)
      and (
        _assignee is null
        or (_assignee = 'mine' and r.assigned_to = me.id)
        or (_assignee = 'unassigned' and r.assigned_to is null)
      )
      and (
        _due_before is null
        or (r.follow_up_at < _due_before and r.status in ('new', 'in_progress'))
      )
      and (
        n.text is null
        or r.name ilike '%' || n.text || '%'
        or r.email ilike '%' || n.text || '%'
        or r.notes ilike '%' || n.text || '%'
        or (char_length(n.digits) >= 4 and r.phone_key like '%' || ltrim(n.digits, '0') || '%')
      )
  ),
  page as (
    select f.*
    from filtered f
    where _after_created_at is null
      or (f.created_at, f.id) < (_after_created_at, coalesce(_after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
    order by f.created_at desc, f.id desc
    limit least(greatest(coalesce(_limit, 50), 1), 500)
  )
  select jsonb_build_object(
    'rows', coalesce((
      select jsonb_agg(
        to_jsonb(p) || jsonb_build_object('duplicates', (
          select count(*) from public.contact_requests d
          where d.phone_key = p.phone_key and d.id <> p.id
        ))
        order by p.created_at desc, p.id desc
      )
      from page p
    ), '[]'::jsonb),
    'matched', (select count(*) from filtered),
    'counters', (
      select jsonb_build_object(
        'total', count(*),
        'new', count(*) filter (where r.status = 'new'),
        'in_progress', count(*) filter (where r.status = 'in_progress'),
        'completed', count(*) filter (where r.status = 'completed'),
        'mine', count(*) filter (where r.assigned_to = (select id from me)),
        'unassigned', count(*) filter (where r.assigned_to is null),
        'due', count(*) filter (
          where r.follow_up_at < coalesce(_due_before, now())
            and r.status in ('new', 'in_progress')
        )
      )
      from public.contact_requests r
    )
  )
$$;

revoke execute on function public.request_page(
  text, public.request_status, public.request_service, text, text, timestamptz, timestamptz, uuid, integer
) from public, anon;
grant execute on function public.request_page(
  text, public.request_status, public.request_service, text, text, timestamptz, timestamptz, uuid, integer
) to authenticated, service_role;

revoke execute on all functions in schema private from public;
