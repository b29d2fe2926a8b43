-- The team report credits who did it (issue 41, item 7). The lines of
-- 20261127120400_first_contact_report.sql are by assignee (the requests someone is responsible for,
-- and how fast those were first contacted, by anyone); beside them each line now says what its
-- person did themselves, whoever the request is assigned to:
--   * first_contacts_made: requests of the period whose first contact they made (the author of the
--     earliest WhatsApp or call record, or of the status change off "new", as stamped
--     first_contacted_at);
--   * quotes_made: requests of the period whose first quote they sent (quote_versions.sent_by);
-- and a colleague who made contacts or quotes on requests not assigned to them has a line of their
-- own. Next to the working-time median, median_elapsed_minutes is the real time from arrival to
-- first contact (what the request dialog says: «بعد 14 دقيقة»), over the same requests and with the
-- same rule (a request never contacted counts as longer than any; null when most were never).

create or replace function public.first_contact_report(_from timestamptz, _to timestamptz)
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
      case when r.first_contacted_at is not null
        then round((extract(epoch from r.first_contacted_at - r.created_at) / 60)::numeric, 2)
      end as elapsed,
      exists (
        select 1 from public.quotes q where q.request_id = r.id and q.first_sent_at is not null
      ) as quoted,
      case when r.first_contacted_at is not null then (
        select e.author_id from public.request_events e
        join private.admin_users a on a.id = e.author_id
        where e.request_id = r.id
          and (e.kind in (select k.kind from private.contact_event_kinds k)
               or (e.kind = 'status' and e.old_value = 'new'))
        order by e.created_at, e.id
        limit 1
      ) end as first_contact_by,
      (
        select v.sent_by from public.quotes q
        join public.quote_versions v on v.quote_id = q.id
        where q.request_id = r.id and v.sent_at is not null and v.sent_by is not null
        order by v.sent_at, v.version
        limit 1
      ) as first_quote_by
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
      percentile_disc(0.5) within group (order by coalesce(p.elapsed, 'Infinity'::numeric))
        filter (where p.measured) as median_elapsed,
      count(*) filter (where p.measured and p.minutes <= settings.contact_minutes) as within_threshold,
      count(*) filter (
        where p.measured and p.first_contacted_at <= p.created_at + interval '24 hours'
      ) as within_24h,
      count(*) filter (where p.quoted) as quotes_sent,
      count(*) filter (where p.status = 'completed') as completed,
      count(*) filter (where p.first_contact_by is not null) as contacts_by_anyone,
      count(*) filter (where p.first_quote_by is not null) as quotes_by_anyone,
      grouping(p.assigned_to) = 1 as agency
    from period p
    group by grouping sets ((p.assigned_to), ())
  ),
  made as (
    select a.id as staff_id,
      (select count(*) from period p where p.first_contact_by = a.id) as first_contacts_made,
      (select count(*) from period p where p.first_quote_by = a.id) as quotes_made
    from private.admin_users a
  ),
  people as (
    select l.staff_id from lines l where not l.agency
    union
    select m.staff_id from made m where m.first_contacts_made > 0 or m.quotes_made > 0
  ),
  shaped as (
    select false as agency, pe.staff_id, jsonb_build_object(
      'staff_id', pe.staff_id,
      'username', a.username,
      'display_name', nullif(btrim(a.display_name), ''),
      'requests', coalesce(l.requests, 0), 'measured', coalesce(l.measured, 0),
      'contacted', coalesce(l.contacted, 0),
      'median_minutes', case when l.median = 'Infinity'::numeric then null else l.median end,
      'median_elapsed_minutes',
        case when l.median_elapsed = 'Infinity'::numeric then null else l.median_elapsed end,
      'within_threshold', coalesce(l.within_threshold, 0), 'within_24h', coalesce(l.within_24h, 0),
      'quotes_sent', coalesce(l.quotes_sent, 0), 'completed', coalesce(l.completed, 0),
      'first_contacts_made', coalesce(m.first_contacts_made, 0),
      'quotes_made', coalesce(m.quotes_made, 0)
    ) as line
    from people pe
    left join lines l on not l.agency and l.staff_id is not distinct from pe.staff_id
    left join made m on m.staff_id = pe.staff_id
    left join private.admin_users a on a.id = pe.staff_id
    union all
    select true, null, jsonb_build_object(
      'requests', l.requests, 'measured', l.measured, 'contacted', l.contacted,
      'median_minutes', case when l.median = 'Infinity'::numeric then null else l.median end,
      'median_elapsed_minutes',
        case when l.median_elapsed = 'Infinity'::numeric then null else l.median_elapsed end,
      'within_threshold', l.within_threshold, 'within_24h', l.within_24h,
      'quotes_sent', l.quotes_sent, 'completed', l.completed,
      'first_contacts_made', l.contacts_by_anyone, 'quotes_made', l.quotes_by_anyone
    )
    from lines l where l.agency
  )
  select jsonb_build_object(
    'contact_minutes', settings.contact_minutes,
    'agency', coalesce(
      (select s.line from shaped s where s.agency),
      jsonb_build_object('requests', 0, 'measured', 0, 'contacted', 0, 'median_minutes', null,
        'median_elapsed_minutes', null, 'within_threshold', 0, 'within_24h', 0, 'quotes_sent', 0,
        'completed', 0, 'first_contacts_made', 0, 'quotes_made', 0)
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

comment on function public.first_contact_report(timestamptz, timestamptz) is
  'Speed to lead per assignee, with what each person did themselves (first contacts, quotes) and real elapsed time next to working time (issue 41).';
