-- The 48-hour promise measured to the patient knowing (issue 43: "the 48-hour promise is measured
-- to the sending, not to the patient knowing"). A quote sent at hour 40 that the patient learns of
-- at hour 60 (no e-mail, the page not opened) kept the promise on paper only. Now the campaign
-- report's 48-hour table says, beside request → first quote, request → the patient knew: the
-- earlier of the "quotes ready" message delivered (private.patient_notices, kind quotes_ready,
-- by mail or WhatsApp) and the first time their page showed them a sent quote
-- (private.patient_pages.quotes_seen_at, set by public.patient_quotes). A request nobody told
-- after 48 hours counts as late, as one never quoted does.

alter table private.patient_pages add column quotes_seen_at timestamptz;
comment on column private.patient_pages.quotes_seen_at is
  'The first time the patient''s page showed them a sent quote (public.patient_quotes): when they knew, for the 48-hour promise.';

-- When the patient of a request knew their first quote was there, or null. The report is security
-- invoker (row-level security decides what it counts), and the messages and pages are private:
-- this reads them for staff only (null for anyone else, as the rows they may not read).
create function public.quotes_told_at(_request_id uuid)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select case when public.is_admin((select auth.uid())) or (select auth.role()) = 'service_role' then
    least(
      (select min(n.sent_at) from private.patient_notices n
       join public.contact_requests r on r.lead_id = n.lead_id
       where r.id = _request_id and n.kind = 'quotes_ready' and n.sent_at is not null),
      (select p.quotes_seen_at from private.patient_pages p
       join public.contact_requests r on r.lead_id = p.lead_id
       where r.id = _request_id)
    )
  end
$$;
comment on function public.quotes_told_at(uuid) is
  'Staff only (null for anyone else): when the patient knew their first quote was there, the earlier of the quotes-ready message delivered and the first time their page showed a sent quote.';
revoke all on function public.quotes_told_at(uuid) from public, anon;
grant execute on function public.quotes_told_at(uuid) to authenticated, service_role;

-- The page notes the first time it showed a sent quote.
create or replace function public.patient_quotes(_token text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
begin
  if lead is null then
    return null;
  end if;
  -- The first time the page showed the patient a sent quote: when they knew (issue 43).
  update private.patient_pages p set quotes_seen_at = now()
  where p.lead_id = lead and p.quotes_seen_at is null
    and exists (
      select 1 from public.quotes q join public.contact_requests r on r.id = q.request_id
      where r.lead_id = lead and q.first_sent_at is not null
    );
  return (
    select jsonb_build_object(
      'reference', r.reference,
      'language', r.language,
      'country_code', r.country_code,
      'today', private.request_today(r.id),
      'quotes', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', q.id,
          'version', v.version,
          'status', private.quote_shown_status(q.status, v.valid_until, r.id),
          'sent_at', v.sent_at,
          'sent_on', (v.sent_at at time zone private.request_time_zone(r.id))::date,
          'first_sent_at', q.first_sent_at,
          'clinic', jsonb_build_object(
            'slug', c.slug,
            'name', jsonb_build_object('ar', c.name_ar, 'en', c.name_en),
            'city', jsonb_build_object('ar', c.city_ar, 'en', c.city_en),
            'country', c.country,
            'accredited', private.clinic_accredited(c.id),
            'accreditations', coalesce((
              select jsonb_agg(a.body order by a.valid_until desc, a.body)
              from public.clinic_accreditations a
              where a.clinic_id = c.id and a.valid_until >= current_date
            ), '[]'::jsonb)
          ),
          'technique', v.technique, 'units', v.units, 'unit_kind', v.unit_kind, 'team', v.team,
          'nights', v.nights, 'hotel', v.hotel, 'transfer', v.transfer,
          'interpreter', v.interpreter, 'included', to_jsonb(v.included),
          'not_included', to_jsonb(v.not_included), 'price', v.price, 'currency', v.currency,
          'valid_until', v.valid_until, 'note', v.note, 'note_language', v.note_language,
          'changes', coalesce(private.quote_changes(q.id, v.version), '[]'::jsonb)
        ) order by q.first_sent_at, q.id)
        from public.quotes q
        join public.clinics c on c.id = q.clinic_id
        cross join lateral private.latest_sent_version(q.id) v
        where q.request_id = r.id and v.quote_id is not null
      ), '[]'::jsonb)
    )
    from public.contact_requests r
    where r.lead_id = lead
  );
end
$$;

-- The report, with the patient's side beside the sending.
create or replace function public.quote_speed_report(_from timestamptz, _to timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  with requests as (
    select r.utm_source, r.utm_campaign, r.source, r.created_at, r.status,
      (select min(q.first_sent_at) from public.quotes q where q.request_id = r.id) as first_quote_at,
      public.quotes_told_at(r.id) as told_at
    from public.contact_requests r
    where r.created_at >= _from and r.created_at < _to and r.held_reason is null
  ),
  measured as (
    select *,
      extract(epoch from first_quote_at - created_at) / 3600.0 as hours,
      extract(epoch from told_at - created_at) / 3600.0 as told_hours,
      first_quote_at is null and status = 'cancelled' as cancelled_unquoted
    from requests
  ),
  grouped as (
    select grouping(utm_source, utm_campaign, source) <> 0 as total,
      utm_source, utm_campaign, source,
      count(*) as requests,
      count(first_quote_at) as quoted,
      round((percentile_cont(0.5) within group (order by hours))::numeric, 1) as median_hours,
      count(*) filter (where hours <= 48) as within_48h,
      count(told_at) as told,
      round((percentile_cont(0.5) within group (order by told_hours))::numeric, 1) as median_told_hours,
      count(*) filter (where told_hours <= 48) as told_within_48h,
      count(*) filter (where told_hours > 48 or (
        told_at is null and not cancelled_unquoted and created_at < now() - interval '48 hours'
      )) as told_late,
      count(*) filter (where hours > 48 or (
        first_quote_at is null and not cancelled_unquoted and created_at < now() - interval '48 hours'
      )) as late,
      count(*) filter (
        where first_quote_at is null and not cancelled_unquoted and created_at >= now() - interval '48 hours'
      ) as waiting,
      count(*) filter (where cancelled_unquoted) as cancelled_unquoted
    from measured
    group by grouping sets ((utm_source, utm_campaign, source), ())
  )
  select coalesce(jsonb_agg(to_jsonb(g) order by g.total, g.requests desc, g.utm_source,
    g.utm_campaign, g.source), '[]'::jsonb)
  from grouped g
$$;
