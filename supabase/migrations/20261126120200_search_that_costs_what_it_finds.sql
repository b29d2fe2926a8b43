-- Search that costs what it finds (issue 27). At 100,000 requests a non-staff caller's
-- request_page() walked every row to return nothing, a 1 MB search text cost about a second of
-- database time, and an admin's search never used the trigram indexes of
-- 20261124130000_request_search_index.sql: under row-level security PostgreSQL may not evaluate a
-- non-leakproof operator such as LIKE inside an index scan before the policy's check, so every
-- search was a sequential scan. Now:
--   * public.guard_request_page() runs first, in request_page's declarations: a caller who may not
--     read the inbox (an API caller without a live staff session) is refused with 42501 before any
--     scan; a search text over 200 characters, a
--     source over 200 or an assignee filter over 20 is refused with 22001 (HTTP 400), hint
--     'argument_too_long', before the text is folded;
--   * public.request_ids_matching() finds the matching ids through the trigram indexes, as a
--     security-definer function (outside RLS) that only staff may call; request_page still reads
--     the rows themselves under RLS. Otherwise request_page is that of 20261124130000 unchanged.

-- Refuses a request_page() call that may not, or should not, run. Returns true otherwise.
create function public.guard_request_page(_query text, _source text, _assignee text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
     and not coalesce(public.is_admin(auth.uid()), false) then
    raise exception 'only staff may read the inbox' using errcode = '42501';
  end if;
  if char_length(_query) > 200 then
    raise exception 'search text is longer than 200 characters'
      using errcode = '22001', detail = 'limit: 200 characters', hint = 'argument_too_long';
  end if;
  if char_length(_source) > 200 or char_length(_assignee) > 20 then
    raise exception 'filter argument is too long'
      using errcode = '22001', detail = 'limit: source 200, assignee 20 characters',
            hint = 'argument_too_long';
  end if;
  return true;
end
$$;

-- Ids of the requests whose folded text matches `_text_pattern`, or whose canonical phone matches
-- `_digits_pattern` (either may be null), through the trigram indexes. Staff only (and the service
-- role or the database owner, who read every row anyway).
create function public.request_ids_matching(_text_pattern text, _digits_pattern text)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
rows 200
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
     and not coalesce(public.is_admin(auth.uid()), false) then
    raise exception 'only staff may read the inbox' using errcode = '42501';
  end if;
  return query
    select r.id from public.contact_requests r where r.search_text like _text_pattern
    union
    select r.id from public.contact_requests r
    where _digits_pattern is not null and r.phone_key like _digits_pattern;
end
$$;

revoke execute on function public.guard_request_page(text, text, text) from public, anon;
revoke execute on function public.request_ids_matching(text, text) from public, anon;
grant execute on function public.guard_request_page(text, text, text) to authenticated, service_role;
grant execute on function public.request_ids_matching(text, text) to authenticated, service_role;

-- request_page of 20261124130000_request_search_index.sql with the guard and the indexed search.
create or replace function public.request_page(
  _query text default null,
  _status public.request_status default null,
  _service public.request_service default null,
  _source text default null,
  _assignee text default null,
  _due_before timestamptz default null,
  _after_created_at timestamptz default null,
  _after_id uuid default null,
  _limit integer default 50,
  _due_counter_before timestamptz default null
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  -- First, before anything reads a row or folds the query: refuse non-staff and oversized arguments.
  guarded boolean := public.guard_request_page(_query, _source, _assignee);
  me uuid := public.my_staff_id();
  folded text := public.fold_search_text(_query);
  digits text := '';
  text_pattern text;
  digits_pattern text;
  conditions text := 'true';
  page_rows jsonb;
  matched bigint;
  tallies jsonb := public.request_tallies();
begin
  if folded = '' then
    folded := null;
  end if;
  if folded is not null then
    text_pattern := '%' || replace(replace(replace(folded, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    if folded ~ '^[0-9 +().-]+$' then
      digits := ltrim(regexp_replace(folded, '[^0-9]', '', 'g'), '0');
    end if;
    if char_length(digits) >= 3 then
      digits_pattern := '%' || digits || '%';
    end if;
  end if;

  -- Only fixed fragments go into the statement; every value is a parameter ($1…$9 below).
  if _status is not null then
    conditions := conditions || ' and r.status = $1';
  end if;
  if _service is not null then
    conditions := conditions || ' and r.service = $2';
  end if;
  if _source = '' then
    -- '' is "not specified" (src/lib/admin/labels.ts NO_SOURCE): no source, or only spaces.
    conditions := conditions || ' and coalesce(btrim(r.source), '''') = ''''';
  elsif _source is not null then
    conditions := conditions || ' and r.source = $3';
  end if;
  if _assignee = 'mine' then
    conditions := conditions || ' and r.assigned_to = $4';
  elsif _assignee = 'unassigned' then
    conditions := conditions || ' and r.assigned_to is null';
  elsif _assignee is not null then
    conditions := conditions || ' and false';
  end if;
  if _due_before is not null then
    conditions := conditions || ' and r.follow_up_at < $5 and r.status in (''new'', ''in_progress'')';
  end if;
  if folded is not null then
    -- Matched by the trigram indexes outside row-level security, where the planner may use them.
    conditions := conditions || ' and r.id in (select public.request_ids_matching($6, $7))';
  end if;

  execute
    'select coalesce(jsonb_agg(
       (to_jsonb(p) - ''search_text'') || jsonb_build_object(''duplicates'', (
         select count(*) from public.contact_requests d
         where d.phone_key = p.phone_key and d.id <> p.id
       ))
       order by p.created_at desc, p.id desc
     ), ''[]''::jsonb)
     from (
       select r.* from public.contact_requests r
       where ' || conditions
      || case when _after_created_at is null then '' else ' and (r.created_at, r.id) < ($8, $9)' end
      || ' order by r.created_at desc, r.id desc
       limit ' || least(greatest(coalesce(_limit, 50), 1), 500) || '
     ) p'
    into page_rows
    using _status, _service, _source, me, _due_before, text_pattern, digits_pattern,
      _after_created_at, coalesce(_after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);

  if conditions = 'true' then
    matched := (tallies ->> 'total')::bigint;
  else
    execute 'select count(*) from public.contact_requests r where ' || conditions
      into matched
      using _status, _service, _source, me, _due_before, text_pattern, digits_pattern;
  end if;

  return jsonb_build_object(
    'rows', page_rows,
    'matched', matched,
    'counters', tallies || jsonb_build_object(
      'mine', (
        select count(*) from public.contact_requests r
        where me is not null and r.assigned_to = me
      ),
      'due', (
        select count(*) from public.contact_requests r
        where r.follow_up_at < coalesce(_due_counter_before, _due_before, now())
          and r.status in ('new', 'in_progress')
      )
    )
  );
end
$$;

revoke execute on function public.request_page(
  text, public.request_status, public.request_service, text, text, timestamptz, timestamptz, uuid,
  integer, timestamptz
) from public, anon;
grant execute on function public.request_page(
  text, public.request_status, public.request_service, text, text, timestamptz, timestamptz, uuid,
  integer, timestamptz
) to authenticated, service_role;
