-- Search that an index answers (issue 13, scale). request_page() searched with an unindexed
-- `ilike` over every request: 605–805 ms at 100,000 requests in scripts/bench/admin-scale.ts, over
-- the 300 ms budget. Now:
--   * the text searched (name, e-mail, admin notes) is folded by one immutable function the way the
--     dashboard folds a query (src/lib/admin/filters.ts normalizeSearchText: lower case, Arabic-Indic
--     digits as 0–9, no diacritics or tatweel, أ إ آ ٱ → ا, ة → ه, ى → ي) into a stored generated
--     column, search_text, with a trigram index (pg_trgm), so "احمد" finds "أحمد" through the index;
--   * phone digits are matched on phone_key through a second trigram index, only when the query
--     looks like a phone number (digits, spaces, + ( ) . -), as the dashboard does;
--   * request_page() builds its statement from the filters actually set (plpgsql, `execute … using`),
--     so each call is planned with its own values: no "_x is null or …" branches that keep the
--     planner from the indexes. Same arguments, same answer shape, still security invoker.

-- Trigram matching for `like '%…%'`, in the extensions schema as on hosted Supabase.
create extension if not exists pg_trgm with schema extensions;

-- Text as people type it in a search box (the SQL twin of normalizeSearchText in
-- src/lib/admin/filters.ts): NFKC, lower case, Arabic-Indic and Persian digits as 0–9, Arabic
-- diacritics (U+064B–U+065F, U+0670) and tatweel (U+0640) removed, the interchangeable letter
-- variants folded, runs of white space as one space, trimmed. Immutable: it is indexed.
create function public.fold_search_text(_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(regexp_replace(
    regexp_replace(
      translate(
        lower(normalize(coalesce(_text, ''), nfkc)),
        '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹أإآٱةى',
        '01234567890123456789ااااهي'
      ),
      '[\u064b-\u065f\u0670\u0640]', '', 'g'
    ),
    '\s+', ' ', 'g'
  ))
$$;

-- What a request's search matches: its folded name, e-mail and notes, one per line. A folded query
-- never holds a line break, so a match never spans two fields (as three separate ilikes did).
create function public.request_search_text(_name text, _email text, _notes text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select public.fold_search_text(_name) || e'\n' || public.fold_search_text(_email) || e'\n'
    || public.fold_search_text(_notes)
$$;

-- Pure functions of their arguments: anyone may call them (RLS guards the rows, not these).
grant execute on function public.fold_search_text(text) to anon, authenticated, service_role;
grant execute on function public.request_search_text(text, text, text)
  to anon, authenticated, service_role;

-- The folded text, stored: computed once per write instead of on every row a search looks at
-- (folding is several regular expressions: at 2,000 requests a search that folded each row took
-- 1.7 s on the loaded bench machine). request_page leaves it out of the rows it returns.
alter table public.contact_requests
  add column search_text text generated always as (public.request_search_text(name, email, notes)) stored;

-- The dashboard's text search, and its phone search (digits anywhere in the canonical number).
-- The operator class is named in whichever schema pg_trgm lives: a project that enabled it before
-- this migration may have it in public, where `create extension if not exists` above leaves it.
do $$
declare
  trgm_schema text := (
    select n.nspname from pg_catalog.pg_extension e
    join pg_catalog.pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'
  );
begin
  execute format(
    'create index contact_requests_search_trgm_idx on public.contact_requests
       using gin (search_text %I.gin_trgm_ops)', trgm_schema);
  execute format(
    'create index contact_requests_phone_key_trgm_idx on public.contact_requests
       using gin (phone_key %I.gin_trgm_ops)', trgm_schema);
end
$$;

-- One page of the inbox, newest first, with the counters the dashboard shows, in one call. The
-- arguments and the answer are those of 20261123130000_team_workspace.sql (see its comment) and
-- 20261123130200_request_tallies.sql (counters from the tallies and indexes; the matched total is
-- only counted when a filter or search is set). The search:
--   * text: the folded query anywhere in search_text (name, e-mail, notes folded), `%` and `_`
--     taken literally;
--   * _source '' means "not specified" (no source), as the dashboard's source filter says it;
--   * phone: a query of digits, spaces and + ( ) . - with at least 3 digits once leading zeros
--     are dropped ("0501234567", "+966 50…", "00966…", Arabic-Indic digits) anywhere in phone_key.
-- _due_counter_before (new) is the end of the coordinator's day for the "due" counter, which the
-- dashboard shows whether or not the due filter is on (before: _due_before, else now()).
-- Security invoker: row-level security decides what is counted and returned.
drop function public.request_page(
  text, public.request_status, public.request_service, text, text, timestamptz, timestamptz, uuid,
  integer
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
  _due_counter_before timestamptz default null
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
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
    conditions := conditions || ' and (r.search_text like $6'
      || case when digits_pattern is null then '' else ' or r.phone_key like $7' end
      || ')';
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
