-- Bulk status and assignment for the dashboard's table view (docs/admin.md "Working faster").
-- A coordinator selects rows and sets one status or one assignee on all of them. Each row follows
-- the same lost-update rule as update_request() in 20261123130000_team_workspace.sql: it changes
-- only if it is still at the version the coordinator saw, checked by the database in the one
-- statement that writes it. Rows that moved on are left alone and reported as stale, so the
-- dashboard can say how many went through and keep the others selected. The timeline events are
-- written by the existing record_events trigger, authored by the caller's staff account.

-- Applies `_changes` (status and/or assigned_to; a null assigned_to unassigns) to each request in
-- `_items` ([{"id": uuid, "expected_version": integer}, ...], at most 500) whose version still
-- matches. Returns {"updated": [{"id", "version"}...], "stale": [{"id", "version"}...],
-- "missing": [id...]}: stale rows carry their current version, missing ids were erased meanwhile.
-- Security definer so that one statement can update many rows without a per-row round trip; the
-- caller must therefore be a live admin (public.is_admin), checked first, exactly what the RLS
-- policies on contact_requests ask of a direct update.
create function public.bulk_update_requests(_items jsonb, _changes jsonb)
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
    where r.id = items.id and r.version = items.expected_version
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
        join public.contact_requests r on r.id = items.id
        where not exists (select 1 from changed c where c.id = items.id)
      ),
      '[]'::jsonb
    ),
    'missing', coalesce(
      (
        select jsonb_agg(items.id)
        from items
        where not exists (select 1 from public.contact_requests r where r.id = items.id)
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
