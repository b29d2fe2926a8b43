-- Staff roles and the bin (issue 25, ARCHITECTURE section 12). Until now every staff account was a
-- full admin, and one DELETE from any of them erased every request, lead and timeline for good.
--   * Roles: private.admin_users.role is 'owner' or 'coordinator'. Accounts that existed before this
--     migration become owners (they could do everything before). The CLI creates and changes roles.
--   * Only an owner deletes, and a delete moves the request (with its lead) into a bin:
--     contact_requests.deleted_at / deleted_by. A binned request is invisible to every staff read
--     (row-level security: the request, its lead and its timeline), counted nowhere, and broadcast
--     to nobody; an owner sees the bin through bin_page(), restores with restore_requests() and
--     deletes for good with purge_requests() (only what is already in the bin).
--   * The spec's plain DELETE through the API (calls 9 and 11) keeps working for an owner: a
--     trigger turns it into a move to the bin. A coordinator's DELETE fails (42501) and changes
--     nothing, whatever it matches.
--   * Delete and restore are timeline events (kinds 'deleted', 'restored'). A purge cannot be an
--     event of the request it erases, so each purge is logged in private.request_purges (request id,
--     when, by whom, why: no personal data), which `npm run admin -- purges` prints.
--   * The retention job purges what has been in the bin for 30 days (private.purge_expired_bin,
--     called by private.erase_expired_leads, so it runs on the retention's schedule).

alter table private.admin_users add column role text not null default 'owner';
alter table private.admin_users
  add constraint admin_users_role check (role in ('owner', 'coordinator'));
-- Every account that already exists is an owner; from now on an account is made with its role.
alter table private.admin_users alter column role set default 'coordinator';

-- The role of the caller's live admin session ('owner' or 'coordinator'), or null when the caller
-- is not a live admin (anon, a non-admin, an ended session, a disabled account). Security definer:
-- the accounts are private.
create function private.caller_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select a.role
  from private.admin_sessions s
  join private.admin_users a on a.id = s.admin_id
  where public.is_admin(auth.uid())
    and s.user_id = auth.uid()
    and s.session_id = private.jwt_session_id()
  limit 1
$$;

-- The caller's own role, for the back office to show or hide what only owners may do. The database
-- checks the role again on every such action.
create function public.my_staff_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select private.caller_role()
$$;

revoke execute on function public.my_staff_role() from public, anon;
grant execute on function public.my_staff_role() to authenticated, service_role;

-- create_admin as in 20251120100000_admin_access.sql, with the account's role. Without a role the
-- account is an owner, as every account was before roles (the CLI always passes one).
drop function private.create_admin(text, text);
create function private.create_admin(_username text, _password text, _role text default 'owner')
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id uuid;
begin
  if char_length(coalesce(_password, '')) < 10 then
    raise exception 'password must be at least 10 characters'
      using errcode = '22023', hint = 'password_too_short';
  end if;
  insert into private.admin_users (username, password_hash, role)
  values (
    lower(btrim(_username)), extensions.crypt(_password, extensions.gen_salt('bf', 10)),
    coalesce(_role, 'owner')
  )
  returning id into new_id;
  return new_id;
end
$$;

-- Changes an account's role. False if the username is unknown. Refuses (PT409, hint 'last_owner')
-- to make the last enabled owner a coordinator: nobody could then restore or purge the bin.
create function private.set_admin_role(_username text, _role text)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  account private.admin_users;
begin
  select * into account from private.admin_users where username = lower(btrim(_username)) for update;
  if account.id is null then
    return false;
  end if;
  if _role = 'coordinator' and account.role = 'owner' and account.disabled_at is null
    and not exists (
      select 1 from private.admin_users a
      where a.role = 'owner' and a.disabled_at is null and a.id <> account.id
    )
  then
    raise exception 'the last owner cannot become a coordinator'
      using errcode = 'PT409', hint = 'last_owner';
  end if;
  update private.admin_users set role = _role, updated_at = now() where id = account.id;
  return true;
end
$$;

alter table public.contact_requests
  add column deleted_at timestamptz,
  add column deleted_by uuid references private.admin_users (id) on delete set null,
  add constraint contact_requests_deleted_by_only_when_deleted
    check (deleted_at is not null or deleted_by is null);

-- The bin, newest deletion first; and the retention's "in the bin for 30 days".
create index contact_requests_deleted_idx
  on public.contact_requests (deleted_at desc, id desc)
  where deleted_at is not null;

-- Row-level security: a binned request, its lead and its timeline are out of every staff read and
-- write through the API; the owners' bin functions below are the only way to them.
drop policy "Admins can read requests" on public.contact_requests;
drop policy "Admins can update requests" on public.contact_requests;
drop policy "Admins can delete requests" on public.contact_requests;
drop policy "Admins can read leads" on public.offer_leads;
drop policy "Admins can update leads" on public.offer_leads;
drop policy "Admins can delete leads" on public.offer_leads;
drop policy "Admins can read request events" on public.request_events;

-- Admins with a live session see the inbox, without the bin.
create policy "Admins can read requests that are not in the bin"
on public.contact_requests for select to authenticated
using ((select public.is_admin((select auth.uid()))) and deleted_at is null);

-- Admins with a live session work requests that are not in the bin.
create policy "Admins can update requests that are not in the bin"
on public.contact_requests for update to authenticated
using ((select public.is_admin((select auth.uid()))) and deleted_at is null)
with check ((select public.is_admin((select auth.uid()))) and deleted_at is null);

-- Admins may send a DELETE; the trigger keep_deletes_in_the_bin decides what it does (an owner's
-- moves the request to the bin, anyone else's fails), so a refusal is an error, not a silent no-op.
create policy "Admins can ask to delete requests that are not in the bin"
on public.contact_requests for delete to authenticated
using ((select public.is_admin((select auth.uid()))) and deleted_at is null);

-- Admins see a lead while its request is visible to them (every lead has exactly one request):
-- the subquery runs under the request's own policy, so a binned request hides its lead.
create policy "Admins can read leads whose request is not in the bin"
on public.offer_leads for select to authenticated
using (
  (select public.is_admin((select auth.uid())))
  and exists (select 1 from public.contact_requests r where r.lead_id = offer_leads.id)
);

-- Admins with a live session can correct a lead whose request is not in the bin.
create policy "Admins can update leads whose request is not in the bin"
on public.offer_leads for update to authenticated
using (
  (select public.is_admin((select auth.uid())))
  and exists (select 1 from public.contact_requests r where r.lead_id = offer_leads.id)
)
with check ((select public.is_admin((select auth.uid()))));

-- As for requests: the trigger keep_deletes_in_the_bin decides what a DELETE of a lead does.
create policy "Admins can ask to delete leads whose request is not in the bin"
on public.offer_leads for delete to authenticated
using (
  (select public.is_admin((select auth.uid())))
  and exists (select 1 from public.contact_requests r where r.lead_id = offer_leads.id)
);

-- Admins read the timeline of the requests they can see (not of binned ones: notes are in it).
create policy "Admins can read the events of requests not in the bin"
on public.request_events for select to authenticated
using (
  (select public.is_admin((select auth.uid())))
  and exists (select 1 from public.contact_requests r where r.id = request_events.request_id)
);

-- Moves live requests to the bin as the acting owner (or, for the retention and scripts, nobody).
-- Returns the ids moved. Runs as its owner: the API roles have no right on deleted_at.
create function private.move_to_bin(_ids uuid[])
returns setof uuid
language sql
volatile
security definer
set search_path = ''
as $$
  update public.contact_requests r
  set deleted_at = now(),
    deleted_by = (select s.id from private.current_staff() s)
  where r.id = any (_ids) and r.deleted_at is null
  returning r.id
$$;

-- Before a DELETE from the API (JWT role anon or authenticated; the owner of the database, the CLI
-- and the retention job are not concerned):
--   * a caller who is not an owner: refused with 42501 (hint 'owner_only'), the statement changes
--     nothing;
--   * an owner, a request or lead not in the bin: moved to the bin instead (the row stays);
--   * an owner, a request already in the bin (only reachable from purge_requests): deleted.
create function private.keep_deletes_in_the_bin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  request public.contact_requests;
begin
  if coalesce(auth.jwt() ->> 'role', '') not in ('anon', 'authenticated') then
    return old;
  end if;
  if private.caller_role() is distinct from 'owner' then
    raise exception 'only an owner can delete requests'
      using errcode = '42501', hint = 'owner_only';
  end if;
  if tg_table_name = 'offer_leads' then
    select * into request from public.contact_requests r where r.lead_id = old.id;
  else
    request := old;
  end if;
  if request.id is not null and request.deleted_at is null then
    perform private.move_to_bin(array[request.id]);
    return null;
  end if;
  return old;
end
$$;

create trigger keep_deletes_in_the_bin
before delete on public.contact_requests
for each row execute function private.keep_deletes_in_the_bin();

create trigger keep_deletes_in_the_bin
before delete on public.offer_leads
for each row execute function private.keep_deletes_in_the_bin();

-- The timeline learns two kinds: a move to the bin and a restore.
alter table public.request_events drop constraint request_events_kind;
alter table public.request_events add constraint request_events_kind
  check (kind in ('status', 'note', 'assignment', 'follow_up', 'deleted', 'restored'));

-- record_request_events as in 20261123130000_team_workspace.sql, plus the bin: 'deleted' (new
-- value: the time it was binned) and 'restored'.
create or replace function private.record_request_events()
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
  if new.deleted_at is distinct from old.deleted_at then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (
      new.id, new.version, staff_id, staff_name,
      case when new.deleted_at is null then 'restored' else 'deleted' end,
      to_char(old.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      to_char(new.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    );
  end if;
  return null;
end
$$;

-- The tallies (20261123130200_request_tallies.sql) count only requests outside the bin: a move to
-- the bin leaves them like a delete, a restore joins them like an insert.
create or replace function private.tally_inserted_requests()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_to_request_tallies(
    (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'assigned_to', assigned_to)), '[]')
     from inserted_rows where deleted_at is null), 1);
  return null;
end
$$;

create or replace function private.tally_updated_requests()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_to_request_tallies(
    (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'assigned_to', assigned_to)), '[]')
     from old_rows where deleted_at is null), -1);
  perform private.add_to_request_tallies(
    (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'assigned_to', assigned_to)), '[]')
     from new_rows where deleted_at is null), 1);
  return null;
end
$$;

create or replace function private.tally_deleted_requests()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_to_request_tallies(
    (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'assigned_to', assigned_to)), '[]')
     from deleted_rows where deleted_at is null), -1);
  return null;
end
$$;

-- broadcast_staff_change as in 20261123160000_staff_realtime_private.sql, without the bin: staff
-- channels never carry a binned row. A move to the bin reaches them as the DELETE of the request and
-- of its lead (the row as it was), a restore as their INSERT; changes inside the bin and purges are
-- not sent at all (a purge marks itself with the transaction-local setting rihla.purging, which the
-- API cannot set).
create or replace function private.broadcast_staff_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.offer_leads;
  operation text := tg_op;
begin
  if tg_table_name = 'contact_requests' then
    if tg_op = 'UPDATE' and old.deleted_at is null and new.deleted_at is not null then
      operation := 'DELETE';
    elsif tg_op = 'UPDATE' and old.deleted_at is not null and new.deleted_at is null then
      operation := 'INSERT';
    elsif (tg_op in ('UPDATE', 'DELETE') and old.deleted_at is not null)
      or (tg_op = 'INSERT' and new.deleted_at is not null) then
      return null;
    end if;
    if operation <> tg_op then
      select * into lead from public.offer_leads l where l.id = new.lead_id;
      if lead.id is not null then
        perform realtime.broadcast_changes(
          'staff:offer_leads', operation, operation, 'offer_leads', 'public',
          case when operation = 'INSERT' then lead end,
          case when operation = 'DELETE' then lead end
        );
      end if;
      perform realtime.broadcast_changes(
        'staff:contact_requests', operation, operation, 'contact_requests', 'public',
        case when operation = 'INSERT' then new end,
        case when operation = 'DELETE' then old end
      );
      return null;
    end if;
  elsif current_setting('rihla.purging', true) = 'on'
    or (tg_op = 'UPDATE' and exists (
      select 1 from public.contact_requests r where r.lead_id = new.id and r.deleted_at is not null
    ))
  then
    return null;
  end if;
  perform realtime.broadcast_changes(
    'staff:' || tg_table_name, tg_op, tg_op, tg_table_name, tg_table_schema, new, old
  );
  return null;
end
$$;

revoke all on function private.broadcast_staff_change() from public;

-- bulk_update_requests as in 20261124131000_bulk_update_requests.sql, without the bin: it runs as
-- its owner (past row-level security), so a binned request is left alone and reported missing.
create or replace function public.bulk_update_requests(_items jsonb, _changes jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  if not coalesce(public.is_admin(auth.uid()), false) then
    raise exception 'only a signed-in admin can change requests'
      using errcode = '42501', hint = 'not_admin';
  end if;
  if _changes is null or jsonb_typeof(_changes) <> 'object' or _changes = '{}'::jsonb then
    raise exception 'changes must be a non-empty JSON object' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_object_keys(_changes) k where k not in ('status', 'assigned_to')
  ) then
    raise exception 'only status and assigned_to can be changed in bulk'
      using errcode = '22023', hint = 'unknown_field';
  end if;
  if _changes ? 'status' and jsonb_typeof(_changes -> 'status') <> 'string' then
    raise exception 'status must be one of the request statuses' using errcode = '22023';
  end if;
  if _items is null or jsonb_typeof(_items) <> 'array' or jsonb_array_length(_items) = 0 then
    raise exception 'items must be a non-empty JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(_items) > 500 then
    raise exception 'at most 500 requests at once' using errcode = '22023', hint = 'too_many';
  end if;

  with items as (
    select distinct on (i.id) i.id, i.expected_version
    from jsonb_to_recordset(_items) as i (id uuid, expected_version integer)
    where i.id is not null
  ),
  changed as (
    update public.contact_requests r
    set
      status = case when _changes ? 'status'
        then (_changes ->> 'status')::public.request_status else r.status end,
      assigned_to = case when _changes ? 'assigned_to'
        then (_changes ->> 'assigned_to')::uuid else r.assigned_to end
    from items
    where r.id = items.id and r.version = items.expected_version and r.deleted_at is null
    returning r.id, r.version
  )
  select jsonb_build_object(
    'updated', coalesce(
      (select jsonb_agg(jsonb_build_object('id', c.id, 'version', c.version)) from changed c),
      '[]'::jsonb
    ),
    'stale', coalesce(
      (
        select jsonb_agg(jsonb_build_object('id', r.id, 'version', r.version))
        from items
        join public.contact_requests r on r.id = items.id and r.deleted_at is null
        where not exists (select 1 from changed c where c.id = items.id)
      ),
      '[]'::jsonb
    ),
    'missing', coalesce(
      (
        select jsonb_agg(items.id)
        from items
        where not exists (
          select 1 from public.contact_requests r where r.id = items.id and r.deleted_at is null
        )
      ),
      '[]'::jsonb
    )
  )
  into result;
  return result;
end
$$;

revoke execute on function public.bulk_update_requests(jsonb, jsonb) from public, anon;
grant execute on function public.bulk_update_requests(jsonb, jsonb) to authenticated;

-- Raises 42501 (hint 'owner_only') unless the caller is a live owner.
create function private.assert_owner()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if private.caller_role() is distinct from 'owner' then
    raise exception 'only an owner can do this' using errcode = '42501', hint = 'owner_only';
  end if;
end
$$;

-- Moves requests to the bin, each only if it is still at the version the owner saw (the rule of
-- bulk_update_requests): `_items` = [{"id", "expected_version"}...] (at most 500; a null
-- expected_version skips the check, for a single delete from an open dialog). Returns
-- {"deleted": [id...], "stale": [{"id", "version"}...], "missing": [id...]} (missing: erased or
-- already in the bin). Owners only.
create function public.delete_requests(_items jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.assert_owner();
  if _items is null or jsonb_typeof(_items) <> 'array' or jsonb_array_length(_items) = 0 then
    raise exception 'items must be a non-empty JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(_items) > 500 then
    raise exception 'at most 500 requests at once' using errcode = '22023', hint = 'too_many';
  end if;
  with items as (
    select distinct on (i.id) i.id, i.expected_version
    from jsonb_to_recordset(_items) as i (id uuid, expected_version integer)
    where i.id is not null
  ),
  -- The version is checked in the statement that moves the row, as bulk_update_requests does.
  moved as (
    update public.contact_requests r
    set deleted_at = now(), deleted_by = (select s.id from private.current_staff() s)
    from items
    where r.id = items.id and r.deleted_at is null
      and (items.expected_version is null or r.version = items.expected_version)
    returning r.id
  )
  select jsonb_build_object(
    'deleted', coalesce((select jsonb_agg(m.id) from moved m), '[]'::jsonb),
    'stale', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'version', r.version))
      from items join public.contact_requests r on r.id = items.id and r.deleted_at is null
      where not exists (select 1 from moved m where m.id = items.id)
    ), '[]'::jsonb),
    'missing', coalesce((
      select jsonb_agg(items.id) from items
      where not exists (
        select 1 from public.contact_requests r where r.id = items.id and r.deleted_at is null
      )
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;

-- Brings requests back from the bin (at most 500). Returns the ids restored. Owners only.
create function public.restore_requests(_ids uuid[])
returns uuid[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  restored uuid[];
begin
  perform private.assert_owner();
  if cardinality(_ids) > 500 then
    raise exception 'at most 500 requests at once' using errcode = '22023', hint = 'too_many';
  end if;
  with back as (
    update public.contact_requests r
    set deleted_at = null, deleted_by = null
    where r.id = any (_ids) and r.deleted_at is not null
    returning r.id
  )
  select coalesce(array_agg(id), '{}') into restored from back;
  return restored;
end
$$;

-- Every purge, after the request is gone: which request, when it was binned and by whom, when and by
-- whom it was purged ('retention' for the 30-day rule). Private (the CLI's `purges` reads it); no
-- patient data, so it may outlive the request. Kept 2 years, like the requests themselves.
create table private.request_purges (
  id bigint generated always as identity primary key,
  request_id uuid not null,
  deleted_at timestamptz,
  deleted_by text,
  purged_at timestamptz not null default now(),
  purged_by text not null
);
alter table private.request_purges enable row level security;
revoke all on table private.request_purges from public, anon, authenticated;

-- Erases requests in the bin (with their leads, timelines and every row referencing them), logs each
-- in private.request_purges, and returns how many. `_purged_by` names who for the log.
create function private.purge_binned(_ids uuid[], _purged_by text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  purged integer;
begin
  perform set_config('rihla.purging', 'on', true);
  with gone as (
    delete from public.offer_leads l
    using public.contact_requests r
    where r.lead_id = l.id and r.id = any (_ids) and r.deleted_at is not null
    returning r.id, r.deleted_at, r.deleted_by
  ),
  logged as (
    insert into private.request_purges (request_id, deleted_at, deleted_by, purged_by)
    select g.id, g.deleted_at, (select a.username from private.admin_users a where a.id = g.deleted_by),
      _purged_by
    from gone g
    returning 1
  )
  select count(*)::integer into purged from logged;
  perform set_config('rihla.purging', '', true);
  delete from private.request_purges where purged_at < now() - interval '24 months';
  return purged;
end
$$;

-- Deletes requests from the bin for good, at once (the spec's permanent delete, one deliberate step
-- further). Only requests already in the bin; at most 500. Returns how many. Owners only.
create function public.purge_requests(_ids uuid[])
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.assert_owner();
  if cardinality(_ids) > 500 then
    raise exception 'at most 500 requests at once' using errcode = '22023', hint = 'too_many';
  end if;
  return private.purge_binned(_ids, (select s.username from private.current_staff() s));
end
$$;

-- One page of the bin, most recently deleted first, for owners: each row is the request plus
-- deleted_by_name and purge_at (when the retention will erase it), with the total in the bin.
-- Keyset: rows deleted strictly before (_after_deleted_at, _after_id). Page size 1 to 100.
create function public.bin_page(
  _after_deleted_at timestamptz default null,
  _after_id uuid default null,
  _limit integer default 50
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_owner();
  return jsonb_build_object(
    'rows', coalesce((
      select jsonb_agg(
        (to_jsonb(p) - 'search_text') || jsonb_build_object(
          'deleted_by_name', (select a.username from private.admin_users a where a.id = p.deleted_by),
          'purge_at', p.deleted_at + interval '30 days'
        )
        order by p.deleted_at desc, p.id desc
      )
      from (
        select r.* from public.contact_requests r
        where r.deleted_at is not null
          and (_after_deleted_at is null or (r.deleted_at, r.id) < (
            _after_deleted_at, coalesce(_after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
          ))
        order by r.deleted_at desc, r.id desc
        limit least(greatest(coalesce(_limit, 50), 1), 100)
      ) p
    ), '[]'::jsonb),
    'total', (select count(*) from public.contact_requests r where r.deleted_at is not null)
  );
end
$$;

revoke execute on function public.delete_requests(jsonb) from public, anon;
revoke execute on function public.restore_requests(uuid[]) from public, anon;
revoke execute on function public.purge_requests(uuid[]) from public, anon;
revoke execute on function public.bin_page(timestamptz, uuid, integer) from public, anon;
grant execute on function public.delete_requests(jsonb) to authenticated;
grant execute on function public.restore_requests(uuid[]) to authenticated;
grant execute on function public.purge_requests(uuid[]) to authenticated;
grant execute on function public.bin_page(timestamptz, uuid, integer) to authenticated;

-- The retention's part for the bin: purges what was binned more than 30 days before `as_of` and
-- returns how many. Run by the same schedule as private.erase_expired_leads.
create function private.purge_expired_bin(as_of timestamptz default now())
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  select private.purge_binned(
    array(
      select r.id from public.contact_requests r
      where r.deleted_at is not null and r.deleted_at < as_of - interval '30 days'
    ),
    'retention'
  )
$$;

revoke execute on all functions in schema private from public;
revoke execute on function private.purge_expired_bin(timestamptz) from anon, authenticated;

-- erase_expired_leads as in 20261123155000_retention.sql, which first purges what has been in the
-- bin for 30 days: the bin rides on the retention's schedule (pg_cron's 'erase-expired-leads' job,
-- the local server's timer, `npm run admin -- erase-expired`) without a job of its own.
create or replace function private.erase_expired_leads(as_of timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.retention_settings;
  erased integer;
begin
  perform private.purge_expired_bin(as_of);
  select * into strict settings from private.retention_settings where id;
  with expired as (
    delete from public.offer_leads as lead
    where exists (
        select 1
        from public.contact_requests as request
        where request.lead_id = lead.id
          and request.updated_at < as_of - make_interval(
            months => case
              when request.status = 'cancelled' then settings.keep_cancelled_months
              else settings.keep_months
            end
          )
      )
      or (
        not exists (select 1 from public.contact_requests as request where request.lead_id = lead.id)
        and lead.created_at < as_of - make_interval(months => settings.keep_months)
      )
    returning 1
  )
  select count(*)::integer into erased from expired;
  return erased;
end
$$;

revoke execute on function private.erase_expired_leads(timestamptz) from public, anon, authenticated;
