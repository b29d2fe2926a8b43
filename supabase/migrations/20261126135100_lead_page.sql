-- The leads screen pages and searches in the database (issue 25): it downloaded every lead (716 KB
-- at 2,007 leads) and searched them in the browser. lead_page() returns one page of leads, newest
-- first, each with its request's id and status (every lead has exactly one request), and how many
-- match; the search is the dashboard's (request_page of 20261126135000_follow_up_queue.sql: the
-- same guard against non-staff and oversized arguments, the same indexed search through
-- request_ids_matching). Leads whose request is in the bin are left out.

-- One page of leads: _query as request_page's, _source an exact source ('' = not specified),
-- keyset after (_after_created_at, _after_id) with _after_id the request id of the last row,
-- _limit 1 to 100. Answer: {"rows": [lead columns + request_id, status], "matched": n}.
-- Security invoker: row-level security decides what is returned; non-staff are refused (42501).
create function public.lead_page(
  _query text default null,
  _source text default null,
  _after_created_at timestamptz default null,
  _after_id uuid default null,
  _limit integer default 50
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  -- First: refuse non-staff and oversized arguments before any row is read.
  guarded boolean := public.guard_request_page(_query, _source, null);
  folded text := public.fold_search_text(_query);
  digits text := '';
  text_pattern text;
  digits_pattern text;
  conditions text := 'r.deleted_at is null';
  page_rows jsonb;
  matched bigint;
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
    -- Matched by the trigram indexes outside row-level security, where the planner may use them.
    conditions := conditions || ' and r.id in (select public.request_ids_matching($1, $2))';
  end if;
  if _source = '' then
    conditions := conditions || ' and coalesce(btrim(r.source), '''') = ''''';
  elsif _source is not null then
    conditions := conditions || ' and r.source = $3';
  end if;

  execute
    'select coalesce(jsonb_agg(
       jsonb_build_object(
         ''id'', l.id, ''name'', l.name, ''phone'', l.phone, ''country_code'', l.country_code,
         ''country'', l.country, ''source'', l.source, ''utm_campaign'', l.utm_campaign,
         ''utm_source'', l.utm_source, ''utm_medium'', l.utm_medium, ''created_at'', l.created_at,
         ''request_id'', p.id, ''request_created_at'', p.created_at, ''status'', p.status
       )
       order by p.created_at desc, p.id desc
     ), ''[]''::jsonb)
     from (
       select r.id, r.lead_id, r.created_at, r.status from public.contact_requests r
       where ' || conditions
      || case when _after_created_at is null then '' else ' and (r.created_at, r.id) < ($4, $5)' end
      || ' order by r.created_at desc, r.id desc
       limit ' || least(greatest(coalesce(_limit, 50), 1), 100) || '
     ) p
     join public.offer_leads l on l.id = p.lead_id'
    into page_rows
    using text_pattern, digits_pattern, _source, _after_created_at,
      coalesce(_after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);

  if conditions = 'r.deleted_at is null' then
    matched := (public.request_tallies() ->> 'total')::bigint;
  else
    execute 'select count(*) from public.contact_requests r where ' || conditions
      into matched using text_pattern, digits_pattern, _source;
  end if;
  return jsonb_build_object('rows', page_rows, 'matched', matched);
end
$$;

revoke execute on function public.lead_page(text, text, timestamptz, uuid, integer) from public, anon;
grant execute on function public.lead_page(text, text, timestamptz, uuid, integer)
  to authenticated, service_role;
