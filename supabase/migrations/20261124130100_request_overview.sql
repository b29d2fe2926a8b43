-- What the paged dashboard still needs about all requests once it no longer loads them all
-- (issue 13, scale): the sources with their counts (the source filter's options) and the requests
-- per day and source over the chart's window, counted by the database in one small answer.

-- Sources and daily counts for the dashboard's source filter and chart:
--   sources: [{source, n}] over every request (source null when not specified);
--   days:    [{day, source, n}] for requests created at or after _since, day = 'YYYY-MM-DD' in
--            the coordinator's time zone _tz (an IANA name such as 'Asia/Riyadh').
-- Security invoker: row-level security decides what is counted (nothing for non-admins).
create function public.request_overview(_since timestamptz, _tz text default 'UTC')
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'sources', coalesce((
      select jsonb_agg(jsonb_build_object('source', s.source, 'n', s.n) order by s.n desc)
      from (
        select nullif(btrim(r.source), '') as source, count(*) as n
        from public.contact_requests r
        group by 1
      ) s
    ), '[]'::jsonb),
    'days', coalesce((
      select jsonb_agg(jsonb_build_object('day', d.day, 'source', d.source, 'n', d.n) order by d.day)
      from (
        select to_char(r.created_at at time zone coalesce(_tz, 'UTC'), 'YYYY-MM-DD') as day,
          nullif(btrim(r.source), '') as source, count(*) as n
        from public.contact_requests r
        where r.created_at >= _since
        group by 1, 2
      ) d
    ), '[]'::jsonb)
  )
$$;

revoke execute on function public.request_overview(timestamptz, text) from public, anon;
grant execute on function public.request_overview(timestamptz, text) to authenticated, service_role;
