-- Speed to lead, counted by the database (issue 32): per coordinator and for the whole agency, over
-- the requests created in a period:
--   * requests: created in the period (per coordinator: assigned to them now);
--   * measured: those with a first-contact clock (from the public forms; not staff entries nor
--     requests held as doubtful before their release), except a request cancelled without any
--     contact (a clean-up of spam or duplicates) and one still inside its first window;
--   * median_minutes: the median of working minutes from arrival to first contact over the measured
--     ones, a request never contacted counting as longer than any (null when more than half were
--     never contacted); within_threshold: how many were contacted within contact_minutes of working
--     time; within_24h: within 24 real hours (the site's promise to the patient);
--   * quotes_sent: requests of the period with at least one quote sent (issue 31);
--   * completed: requests of the period completed now.
-- Owners see every coordinator; a coordinator sees their own line and the agency's.

-- The speed-to-lead report for requests created in [_from, _to): {contact_minutes, agency, staff:
-- [{staff_id, username, display_name, requests, measured, contacted, median_minutes,
-- within_threshold, within_24h, quotes_sent, completed}]} (staff_id null: requests nobody is
-- assigned). Staff only.
create function public.first_contact_report(_from timestamptz, _to timestamptz)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  settings private.first_contact_settings;
  caller text;
  me uuid;
  answer jsonb;
begin
  perform private.require_live_staff();
  if _from is null or _to is null or _to <= _from or _to - _from > interval '400 days' then
    raise exception 'a period of at most 400 days' using errcode = '22023', hint = 'report_period';
  end if;
  select * into strict settings from private.first_contact_settings;
  caller := private.caller_role();
  select s.id into me from private.current_staff() s;
  with period as (
    select r.id, r.assigned_to, r.status, r.created_at, r.first_contacted_at,
      r.first_contact_due_at is not null
        and not (r.status = 'cancelled' and r.first_contacted_at is null)
        and not (r.first_contacted_at is null and r.first_contact_due_at > now()) as measured,
      case when r.first_contacted_at is not null
        then private.working_minutes(r.created_at, r.first_contacted_at) end as minutes,
      exists (
        select 1 from public.quotes q where q.request_id = r.id and q.first_sent_at is not null
      ) as quoted
    from public.contact_requests r
    where r.created_at >= _from and r.created_at < _to and r.deleted_at is null
  ),
  lines as (
    select
      p.assigned_to as staff_id,
      count(*) as requests,
      count(*) filter (where p.measured) as measured,
      count(*) filter (where p.measured and p.first_contacted_at is not null) as contacted,
      percentile_disc(0.5) within group (order by coalesce(p.minutes, 'Infinity'::numeric))
        filter (where p.measured) as median,
      count(*) filter (where p.measured and p.minutes <= settings.contact_minutes) as within_threshold,
      count(*) filter (
        where p.measured and p.first_contacted_at <= p.created_at + interval '24 hours'
      ) as within_24h,
      count(*) filter (where p.quoted) as quotes_sent,
      count(*) filter (where p.status = 'completed') as completed,
      grouping(p.assigned_to) = 1 as agency
    from period p
    group by grouping sets ((p.assigned_to), ())
  ),
  shaped as (
    select l.agency, l.staff_id, jsonb_build_object(
      'staff_id', l.staff_id,
      'username', a.username,
      'display_name', nullif(btrim(a.display_name), ''),
      'requests', l.requests, 'measured', l.measured, 'contacted', l.contacted,
      'median_minutes', case when l.median = 'Infinity'::numeric then null else l.median end,
      'within_threshold', l.within_threshold, 'within_24h', l.within_24h,
      'quotes_sent', l.quotes_sent, 'completed', l.completed
    ) as line
    from lines l
    left join private.admin_users a on a.id = l.staff_id and not l.agency
  )
  select jsonb_build_object(
    'contact_minutes', settings.contact_minutes,
    'agency', coalesce(
      (select s.line - 'staff_id' - 'username' - 'display_name' from shaped s where s.agency),
      jsonb_build_object('requests', 0, 'measured', 0, 'contacted', 0, 'median_minutes', null,
        'within_threshold', 0, 'within_24h', 0, 'quotes_sent', 0, 'completed', 0)
    ),
    'staff', coalesce((
      select jsonb_agg(s.line order by s.line ->> 'username' nulls last)
      from shaped s
      where not s.agency and (caller = 'owner' or s.staff_id = me)
    ), '[]'::jsonb)
  ) into answer;
  return answer;
end
$$;

revoke execute on function public.first_contact_report(timestamptz, timestamptz) from public, anon;
grant execute on function public.first_contact_report(timestamptz, timestamptz) to authenticated, service_role;

revoke execute on all functions in schema private from public;
