-- The retention job also erases what hosted Realtime keeps of the erased people (issue 26). Each
-- staff broadcast is a row of realtime.messages (kept a few days on hosted projects), and the
-- retention's own deletes were broadcast there with the whole old row: name, phone, e-mail and
-- notes of a lead the job had just erased. Now, as `npm run admin -- erase` does
-- (local/person-data.ts): in the same transaction the copies of every erased lead and request are
-- deleted, and each erased row is broadcast again as a DELETE that carries only what a staff
-- screen needs to drop it and fix its counters (no personal data).
--
-- private.erase_expired_leads as in 20261126100000_staff_roles_and_bin.sql (the bin purged first,
-- then the same leads erased, the same count returned), plus that clean-up.

-- Deletes the broadcasts of the given leads and requests from realtime.messages and broadcasts
-- each as a DELETE of its id and non-personal columns. `_leads`/`_requests`: arrays of such rows.
create function private.clear_realtime_copies(_leads jsonb, _requests jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  ids text[];
  cleared integer := 0;
  item jsonb;
begin
  ids := array(
    select e ->> 'id' from jsonb_array_elements(coalesce(_leads, '[]') || coalesce(_requests, '[]')) e
  );
  if cardinality(ids) = 0 or to_regclass('realtime.messages') is null then
    return 0;
  end if;
  execute $q$
    delete from realtime.messages m
    where m.payload -> 'record' ->> 'id' = any($1) or m.payload -> 'old_record' ->> 'id' = any($1)
  $q$ using ids;
  get diagnostics cleared = row_count;
  for item in select e from jsonb_array_elements(coalesce(_requests, '[]')) e loop
    perform realtime.send(
      jsonb_build_object('schema', 'public', 'table', 'contact_requests', 'operation', 'DELETE',
        'record', null, 'old_record', item),
      'DELETE', 'staff:contact_requests', true);
  end loop;
  for item in select e from jsonb_array_elements(coalesce(_leads, '[]')) e loop
    perform realtime.send(
      jsonb_build_object('schema', 'public', 'table', 'offer_leads', 'operation', 'DELETE',
        'record', null, 'old_record', item),
      'DELETE', 'staff:offer_leads', true);
  end loop;
  return cleared;
end
$$;

revoke execute on function private.clear_realtime_copies(jsonb, jsonb) from public, anon, authenticated;

-- The retention (see 20261123155000_retention.sql for the periods), now leaving no copy of the
-- erased rows in realtime.messages. Returns the number of leads erased, as before.
create or replace function private.erase_expired_leads(as_of timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.retention_settings;
  erased integer;
  erased_leads jsonb;
  erased_requests jsonb;
begin
  perform private.purge_expired_bin(as_of);
  select * into strict settings from private.retention_settings where id;
  -- One statement: the requests are read in the snapshot the delete sees (before its cascade).
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
    returning lead.id, lead.created_at, lead.source
  )
  select
    (select count(*)::integer from expired),
    (select coalesce(jsonb_agg(jsonb_build_object(
       'id', e.id, 'created_at', e.created_at, 'source', e.source)), '[]') from expired e),
    (select coalesce(jsonb_agg(jsonb_build_object(
       'id', r.id, 'lead_id', r.lead_id, 'created_at', r.created_at, 'status', r.status,
       'service', r.service, 'source', r.source, 'assigned_to', r.assigned_to,
       'follow_up_at', r.follow_up_at, 'version', r.version)), '[]')
     from public.contact_requests r
     where r.lead_id in (select e.id from expired e) and r.deleted_at is null)
  into erased, erased_leads, erased_requests;
  if erased > 0 then
    perform private.clear_realtime_copies(erased_leads, erased_requests);
  end if;
  return erased;
end
$$;

revoke execute on function private.erase_expired_leads(timestamptz) from public, anon, authenticated;
