-- One person, many requests (issue 26). A person is a canonical phone (phone_key); staff may also
-- tell the database that requests with different numbers are one person (a merge):
--   * contact_requests.person_id: requests merged into one person share it (null: never merged);
--   * person_requests(_id): the request's person (same phone_key or same person_id, two steps
--     out) and the POSSIBLE matches: a number stored without a country code whose digits are the
--     national part of a full number of the person, or the other way round. Possible matches are
--     only shown: nothing merges, relinks or erases them without a person confirming;
--   * merge_requests(_id, _other): both persons become one; every request, event and note stays
--     (nothing is deleted), each changed request gets a 'merge' event;
--   * undo_merge(_id): puts back the person of every request the latest merge of `_id` changed,
--     each with an 'unmerge' event.

alter table public.contact_requests add column person_id uuid;
create index contact_requests_person_id_idx on public.contact_requests (person_id)
  where person_id is not null;

-- True when `_national` (the canonical digits of a number stored without a country code) is the
-- national part of `_full` (international digits): `_full` is a country code of 1–3 digits
-- followed by exactly those digits. At least 7 national digits, so short numbers never pair.
create function public.same_national_digits(_full text, _national text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select char_length(_national) >= 7
    and char_length(_full) - char_length(_national) between 1 and 3
    and right(_full, char_length(_national)) = _national
$$;

grant execute on function public.same_national_digits(text, text)
  to anon, authenticated, service_role;

-- The ids of the requests of `_id`'s person: same phone_key or same person_id as the request,
-- then as any of those (so a merged person's later requests with either number belong).
create function private.person_request_ids(_id uuid)
returns table (id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  with first_step as (
    select r.id, r.phone_key, r.person_id
    from public.contact_requests r, public.contact_requests me
    where me.id = _id
      and (r.id = me.id or r.phone_key = me.phone_key or r.person_id = me.person_id)
  )
  select r.id
  from public.contact_requests r
  where r.phone_key in (select f.phone_key from first_step f)
     or r.person_id in (select f.person_id from first_step f where f.person_id is not null)
$$;

-- The request `_id`'s person and possible matches, for staff:
-- {"person": [request…], "possible": [request…]}, newest first, each request as
-- {id, name, phone, country_code, phone_key, person_id, status, service, created_at, version}.
create function public.person_requests(_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.require_live_staff();
  with person as (
    select r.* from public.contact_requests r
    where r.id in (select p.id from private.person_request_ids(_id) p)
  ),
  possible as (
    select r.* from public.contact_requests r
    where r.id not in (select p.id from person p)
      and exists (
        select 1 from person m
        where (
            nullif(m.country_code, '') is null
            and public.same_national_digits(r.phone_key, m.phone_key)
          ) or (
            nullif(r.country_code, '') is null
            and public.same_national_digits(m.phone_key, r.phone_key)
          )
      )
  ),
  compact as (
    select 'person' as part, p.* from person p
    union all
    select 'possible', q.* from possible q
  )
  select jsonb_build_object(
    'person', coalesce(jsonb_agg(c.row order by c.created_at desc, c.id desc)
      filter (where c.part = 'person'), '[]'::jsonb),
    'possible', coalesce(jsonb_agg(c.row order by c.created_at desc, c.id desc)
      filter (where c.part = 'possible'), '[]'::jsonb)
  )
  into result
  from (
    select x.part, x.id, x.created_at, jsonb_build_object(
      'id', x.id, 'name', x.name, 'phone', x.phone, 'country_code', x.country_code,
      'phone_key', x.phone_key, 'person_id', x.person_id, 'status', x.status,
      'service', x.service, 'created_at', x.created_at, 'version', x.version
    ) as row
    from compact x
  ) c;
  return result;
end
$$;

-- Makes the persons of `_id` and `_other` one: every request of both gets one person_id (the
-- first one's, else the second's, else a new one), each changed request a 'merge' event
-- (old: its previous person, new: the person). Returns {"person_id", "merged": n}.
create function public.merge_requests(_id uuid, _other uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target uuid;
  staff_id uuid;
  staff_name text;
  merged integer := 0;
  item record;
begin
  perform private.require_live_staff();
  if not exists (select 1 from public.contact_requests where id = _id)
     or not exists (select 1 from public.contact_requests where id = _other) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  if _other in (select p.id from private.person_request_ids(_id) p) then
    raise exception 'these requests are already one person'
      using errcode = '22023', hint = 'already_one_person';
  end if;
  select coalesce(
    (select person_id from public.contact_requests where id = _id),
    (select person_id from public.contact_requests where id = _other),
    gen_random_uuid()
  ) into target;
  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  for item in
    update public.contact_requests r
    set person_id = target
    from public.contact_requests old_row
    where old_row.id = r.id
      and r.person_id is distinct from target
      and r.id in (
        select p.id from private.person_request_ids(_id) p
        union
        select p.id from private.person_request_ids(_other) p
      )
    returning r.id, r.version, old_row.person_id as previous
  loop
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (item.id, item.version, staff_id, staff_name, 'merge', item.previous::text, target::text);
    merged := merged + 1;
  end loop;
  return jsonb_build_object('person_id', target, 'merged', merged);
end
$$;

-- Undoes the latest merge that changed request `_id`: every request that merge changed and that
-- still belongs to its person gets its previous person back, with an 'unmerge' event. Returns
-- {"restored": n}; PT404 when the request is gone, 22023 'nothing_to_undo' when its latest
-- merge was already undone (or there was none).
create function public.undo_merge(_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  last_event public.request_events;
  staff_id uuid;
  staff_name text;
  restored integer := 0;
  item record;
begin
  perform private.require_live_staff();
  if not exists (select 1 from public.contact_requests where id = _id) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  select * into last_event from public.request_events e
  where e.request_id = _id and e.kind in ('merge', 'unmerge')
  order by e.id desc limit 1;
  if last_event.id is null or last_event.kind = 'unmerge' then
    raise exception 'no merge to undo' using errcode = '22023', hint = 'nothing_to_undo';
  end if;
  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  -- One merge is one transaction: its events share the author's now() and the person.
  for item in
    update public.contact_requests r
    set person_id = e.old_value::uuid
    from public.request_events e
    where e.kind = 'merge'
      and e.created_at = last_event.created_at
      and e.new_value = last_event.new_value
      and r.id = e.request_id
      and r.person_id::text = e.new_value
    returning r.id, r.version, e.old_value, e.new_value
  loop
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (item.id, item.version, staff_id, staff_name, 'unmerge', item.new_value, item.old_value);
    restored := restored + 1;
  end loop;
  return jsonb_build_object('restored', restored);
end
$$;

revoke execute on function private.person_request_ids(uuid) from public;
revoke execute on function public.person_requests(uuid) from public, anon;
revoke execute on function public.merge_requests(uuid, uuid) from public, anon;
revoke execute on function public.undo_merge(uuid) from public, anon;
grant execute on function public.person_requests(uuid) to authenticated, service_role;
grant execute on function public.merge_requests(uuid, uuid) to authenticated, service_role;
grant execute on function public.undo_merge(uuid) to authenticated, service_role;
