-- The follow-up queue (issue 25): "due today" and "overdue" as filters of the inbox, sorted by
-- follow-up time (the "due" filter was sorted by creation date), plus an "overdue" counter; and
-- requests in the bin (20261126100000_staff_roles_and_bin.sql) left out even for a caller that
-- row-level security does not filter (the service role) and from the ids the search finds.
--
-- request_page() as in 20261126120200_search_that_costs_what_it_finds.sql (the guard first, the
-- search through request_ids_matching; same arguments, same answer), with two more arguments at
-- the end, so every existing call keeps working:
--   _follow_up           'overdue': follow-up before now; 'today': follow-up from now until the end
--                        of the coordinator's day (_due_before, else _due_counter_before, else the
--                        end of the UTC day); both on requests still new or in progress;
--   _after_follow_up_at  the keyset when the page is sorted by follow-up time.
-- With _follow_up or _due_before set the page is sorted by follow-up time, earliest first (then
-- id), and the next page starts after (_after_follow_up_at, _after_id); otherwise newest first as
-- before, after (_after_created_at, _after_id). Counters gain 'overdue'.
-- Security invoker: row-level security decides what is counted and returned.

-- request_ids_matching as in 20261126120200, without the bin: it runs outside row-level security,
-- so it must not tell staff which binned requests match a name.
create or replace function public.request_ids_matching(_text_pattern text, _digits_pattern text)
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
    select r.id from public.contact_requests r
    where r.search_text like _text_pattern and r.deleted_at is null
    union
    select r.id from public.contact_requests r
    where _digits_pattern is not null and r.phone_key like _digits_pattern
      and r.deleted_at is null;
end
$$;

drop function public.request_page(
  text, public.request_status, public.request_service, text, text, timestamptz, timestamptz, uuid,
  integer, timestamptz
);

create function public.request_page(
  _query text default null,
  _status public.request_status default null,
  _service public.request_service default null,
  _source text default null,
  _assignee text default null,
  _due_before timestamptz default null,
  _after_created_at timestamptz default null,
  _after_id uuid default null,
  _limit integer default 50,
  _due_counter_before timestamptz default null,
  _follow_up text default null,
  _after_follow_up_at timestamptz default null
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
  conditions text := 'r.deleted_at is null';
  by_follow_up boolean := _follow_up is not null or _due_before is not null;
  end_of_day timestamptz := coalesce(
    _due_before, _due_counter_before, date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' + interval '1 day'
  );
  keyset text := '';
  page_rows jsonb;
  matched bigint;
  tallies jsonb := public.request_tallies();
begin
  if _follow_up is not null and _follow_up not in ('overdue', 'today') then
    raise exception 'follow-up filter must be overdue or today' using errcode = '22023';
  end if;
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

  -- Only fixed fragments go into the statement; every value is a parameter ($1…$11 below).
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
  if _follow_up = 'overdue' then
    conditions := conditions || ' and r.follow_up_at < now() and r.status in (''new'', ''in_progress'')';
  elsif _follow_up = 'today' then
    conditions := conditions
      || ' and r.follow_up_at >= now() and r.follow_up_at < $11 and r.status in (''new'', ''in_progress'')';
  end if;
  if folded is not null then
    -- Matched by the trigram indexes outside row-level security, where the planner may use them.
    conditions := conditions || ' and r.id in (select public.request_ids_matching($6, $7))';
  end if;
  if by_follow_up and _after_follow_up_at is not null then
    keyset := ' and (r.follow_up_at, r.id) > ($10, $9)';
  elsif not by_follow_up and _after_created_at is not null then
    keyset := ' and (r.created_at, r.id) < ($8, $9)';
  end if;

  execute
    'select coalesce(jsonb_agg(
       (to_jsonb(p) - ''search_text'') || jsonb_build_object(''duplicates'', (
         select count(*) from public.contact_requests d
         where d.phone_key = p.phone_key and d.id <> p.id and d.deleted_at is null
       ))
       order by ' || case when by_follow_up then 'p.follow_up_at, p.id' else 'p.created_at desc, p.id desc' end || '
     ), ''[]''::jsonb)
     from (
       select r.* from public.contact_requests r
       where ' || conditions || keyset
      || ' order by ' || case when by_follow_up then 'r.follow_up_at, r.id' else 'r.created_at desc, r.id desc' end
      || ' limit ' || least(greatest(coalesce(_limit, 50), 1), 500) || '
     ) p'
    into page_rows
    using _status, _service, _source, me, _due_before, text_pattern, digits_pattern,
      _after_created_at,
      coalesce(_after_id, case when by_follow_up then '00000000-0000-0000-0000-000000000000'
        else 'ffffffff-ffff-ffff-ffff-ffffffffffff' end::uuid),
      _after_follow_up_at, end_of_day;

  if conditions = 'r.deleted_at is null' then
    matched := (tallies ->> 'total')::bigint;
  else
    execute 'select count(*) from public.contact_requests r where ' || conditions
      into matched
      using _status, _service, _source, me, _due_before, text_pattern, digits_pattern,
        null::timestamptz, null::uuid, null::timestamptz, end_of_day;
  end if;

  return jsonb_build_object(
    'rows', page_rows,
    'matched', matched,
    'counters', tallies || jsonb_build_object(
      'mine', (
        select count(*) from public.contact_requests r
        where me is not null and r.assigned_to = me and r.deleted_at is null
      ),
      'due', (
        select count(*) from public.contact_requests r
        where r.follow_up_at < coalesce(_due_counter_before, _due_before, now())
          and r.status in ('new', 'in_progress') and r.deleted_at is null
      ),
      'overdue', (
        select count(*) from public.contact_requests r
        where r.follow_up_at < now()
          and r.status in ('new', 'in_progress') and r.deleted_at is null
      )
    )
  );
end
$$;

revoke execute on function public.request_page(
  text, public.request_status, public.request_service, text, text, timestamptz, timestamptz, uuid,
  integer, timestamptz, text, timestamptz
) from public, anon;
grant execute on function public.request_page(
  text, public.request_status, public.request_service, text, text, timestamptz, timestamptz, uuid,
  integer, timestamptz, text, timestamptz
) to authenticated, service_role;
