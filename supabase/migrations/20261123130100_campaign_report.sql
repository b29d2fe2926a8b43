-- The campaign report (issue 13): which campaign brings patients, not just forms. Leads, requests in
-- progress and completed requests per utm_source / utm_campaign / source page over a date range,
-- counted in the database from the staff inbox. Security invoker: row-level security decides what
-- is counted, so only admins with a live session see numbers (anyone else gets an empty report).

-- Rows of the report for requests created in [_from, _to), most completed first. Each row:
-- utm_source, utm_campaign, source (null when the lead had none), leads, in_progress, completed.
create function public.campaign_report(_from timestamptz, _to timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(to_jsonb(g) order by g.completed desc, g.leads desc, g.utm_source, g.utm_campaign, g.source),
    '[]'::jsonb
  )
  from (
    select
      r.utm_source,
      r.utm_campaign,
      r.source,
      count(*) as leads,
      count(*) filter (where r.status = 'in_progress') as in_progress,
      count(*) filter (where r.status = 'completed') as completed
    from public.contact_requests r
    where r.created_at >= _from and r.created_at < _to
    group by r.utm_source, r.utm_campaign, r.source
  ) g
$$;

revoke execute on function public.campaign_report(timestamptz, timestamptz) from public, anon;
grant execute on function public.campaign_report(timestamptz, timestamptz) to authenticated, service_role;
