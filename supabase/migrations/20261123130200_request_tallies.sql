-- Counters without counting (issue 13, scale). request_page() counted every request on every call
-- (the four counters, "unassigned" and the matched total): 5.8 s at 100,000 requests in
-- scripts/bench/admin-scale.ts. The counts that cover most of the table are now kept up to date by
-- statement triggers in private.request_tallies; the small ones ("mine", "due") use their indexes;
-- the matched total is only counted when a filter or search is set (otherwise it is the total).

-- One running count per key: 'total', 'status:<status>', 'unassigned'.
create table private.request_tallies (
  key text primary key,
  n bigint not null default 0
);
alter table private.request_tallies enable row level security;

-- Adds `delta` (+1 or -1) per row of `rows` to the tallies those rows fall in.
create function private.add_to_request_tallies(rows jsonb, delta integer)
returns void
language sql
set search_path = ''
as $$
  insert into private.request_tallies as t (key, n)
  select key, count(*) * delta
  from (
    select 'total' as key from jsonb_array_elements(rows)
    union all
    select 'status:' || (r ->> 'status') from jsonb_array_elements(rows) r
    union all
    select 'unassigned' from jsonb_array_elements(rows) r where r ->> 'assigned_to' is null
  ) keys
  group by key
  on conflict (key) do update set n = t.n + excluded.n
$$;

-- After each insert statement on the inbox.
create function private.tally_inserted_requests()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_to_request_tallies(
    (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'assigned_to', assigned_to)), '[]') from inserted_rows), 1);
  return null;
end
$$;

-- After each update statement: the old rows leave their tallies, the new rows join theirs.
create function private.tally_updated_requests()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_to_request_tallies(
    (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'assigned_to', assigned_to)), '[]') from old_rows), -1);
  perform private.add_to_request_tallies(
    (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'assigned_to', assigned_to)), '[]') from new_rows), 1);
  return null;
end
$$;

-- After each delete statement (an erasure, the retention job).
create function private.tally_deleted_requests()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_to_request_tallies(
    (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'assigned_to', assigned_to)), '[]') from deleted_rows), -1);
  return null;
end
$$;

-- After a truncate (tests, a reset): nothing is left to count.
create function private.clear_request_tallies()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.request_tallies;
  return null;
end
$$;

create trigger tally_inserted
after insert on public.contact_requests
referencing new table as inserted_rows
for each statement execute function private.tally_inserted_requests();

create trigger tally_updated
after update on public.contact_requests
referencing old table as old_rows new table as new_rows
for each statement execute function private.tally_updated_requests();

create trigger tally_deleted
after delete on public.contact_requests
referencing old table as deleted_rows
for each statement execute function private.tally_deleted_requests();

create trigger clear_tallies
after truncate on public.contact_requests
for each statement execute function private.clear_request_tallies();

-- The tallies of the requests stored before this migration.
select private.add_to_request_tallies(
  (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'assigned_to', assigned_to)), '[]')
   from public.contact_requests),
  1
);

-- The kept counts, for admins with a live session only (zeros for anyone else, as RLS would show).
-- Security definer: the tallies are private.
create function public.request_tallies()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when public.is_admin(auth.uid()) then (
    select jsonb_build_object(
      'total', coalesce(max(n) filter (where key = 'total'), 0),
      'new', coalesce(max(n) filter (where key = 'status:new'), 0),
      'in_progress', coalesce(max(n) filter (where key = 'status:in_progress'), 0),
      'completed', coalesce(max(n) filter (where key = 'status:completed'), 0),
      'unassigned', coalesce(max(n) filter (where key = 'unassigned'), 0)
    )
    from private.request_tallies
  ) else jsonb_build_object('total', 0, 'new', 0, 'in_progress', 0, 'completed', 0, 'unassigned', 0)
  end
$$;

revoke execute on function public.request_tallies() from public, anon;
grant execute on function public.request_tallies() to authenticated, service_role;

-- request_page() as in 20261123130000_team_workspace.sql, with the counters read from the tallies
-- and indexes, the matched total counted only when something is filtered, and the filtered rows
-- inlined into each use (a CTE used twice is otherwise materialized: every row, every call).
create or replace function public.request_page(
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
  tallies as (
    select public.request_tallies() as t
  ),
  -- Not materialized: the page must stay an index scan with a limit, not a scan of every row.
  filtered as not materialized (
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
    'matched', case
      when _query is null and _status is null and _service is null and _source is null
        and _assignee is null and _due_before is null
      then ((select t from tallies) ->> 'total')::bigint
      else (select count(*) from filtered)
    end,
    'counters', (select t from tallies) || jsonb_build_object(
      'mine', (
        select count(*) from public.contact_requests r, me
        where me.id is not null and r.assigned_to = me.id
      ),
      'due', (
        select count(*) from public.contact_requests r
        where r.follow_up_at < coalesce(_due_before, now())
          and r.status in ('new', 'in_progress')
      )
    )
  )
$$;

revoke execute on all functions in schema private from public;
