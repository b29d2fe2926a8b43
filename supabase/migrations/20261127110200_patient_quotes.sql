-- The patient compares and chooses (issue 31): two functions keyed by the link's token, beside the
-- patient page's own (20261126140100_patient_page_functions.sql, unchanged). public.patient_quotes
-- answers the latest sent version of each of the request's quotes, never a draft, never another
-- request's; public.patient_choose_quote records the choice of one version, tells the staff screens,
-- and moves the request on. Both count like the page's other calls (a wrong link against the
-- address; a choice against the link and the address, 20261126140000_patient_page.sql).
-- And the 48-hour promise measured: public.quote_speed_report, beside the campaign report.

-- The page's call log names its kinds with a format instead of a list, so features add kinds
-- (here 'quote') without redefining one constraint that lists them all.
alter table private.patient_page_calls drop constraint patient_page_calls_kind;
alter table private.patient_page_calls
  add constraint patient_page_calls_kind check (kind ~ '^[a-z_]{1,40}$');

-- What the patient sees of their quotes: for each quote with a sent version, the latest sent
-- version's content, its status as shown (sent, chosen, declined, expired), and its clinic as the
-- public profile shows it (names, city, country, slug, whether it holds an accreditation valid today
-- and which). Also the request's reference, language and the country code of its phone, from which
-- the page picks the currency to convert into. Null for a dead link, like public.patient_request.
create function public.patient_quotes(_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
begin
  if lead is null then
    return null;
  end if;
  return (
    select jsonb_build_object(
      'reference', r.reference,
      'language', r.language,
      'country_code', r.country_code,
      'quotes', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', q.id,
          'version', v.version,
          'status', private.quote_shown_status(q.status, v.valid_until),
          'sent_at', v.sent_at,
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
          'valid_until', v.valid_until, 'note', v.note, 'note_language', v.note_language
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

-- The patient chooses the version `_version` of the quote `_quote_id` (the one their page showed):
-- a quote of another request answers PT404 (quote_not_found), a newer version sent meanwhile PT409
-- (quote_changed: the page shows the new one), a version past its "valid until" PT409
-- (quote_expired). The quote becomes chosen with its version, the request's other live quotes
-- declined; the timeline gets the choice (by the patient) with the version; the staff screens hear
-- of it at once (staff:quotes); the request moves on: to in progress if it was new, due for a
-- follow-up now (unless one is due sooner), and the page's step to "decision". Limited like the
-- page's other actions.
create function public.patient_choose_quote(_token text, _quote_id uuid, _version integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  request public.contact_requests;
  quote public.quotes;
  latest public.quote_versions;
  old_step text;
begin
  lead := private.admit_patient_action(_token, 'quote');
  if lead is null then
    return null;
  end if;
  select * into request from public.contact_requests where lead_id = lead;
  select * into quote from public.quotes q
  where q.id = _quote_id and q.request_id = request.id for update;
  latest := private.latest_sent_version(_quote_id);
  if quote.id is null or latest.quote_id is null then
    raise exception 'quote not found' using errcode = 'PT404', hint = 'quote_not_found';
  end if;
  if latest.version is distinct from _version then
    raise exception 'this quote was corrected; choose on the latest version'
      using errcode = 'PT409', hint = 'quote_changed';
  end if;
  if latest.valid_until < current_date then
    raise exception 'this quote has expired' using errcode = 'PT409', hint = 'quote_expired';
  end if;
  if quote.status = 'chosen' and quote.chosen_version = _version then
    return jsonb_build_object('ok', true, 'changed', false);
  end if;
  update public.quotes set status = 'declined', chosen_version = null, decided_at = now(),
    updated_at = now()
  where request_id = request.id and id <> _quote_id and status in ('sent', 'chosen');
  update public.quotes set status = 'chosen', chosen_version = _version, decided_at = now(),
    updated_at = now()
  where id = _quote_id;
  perform private.add_request_event(
    request.id, 'patient_quote_choice', null, private.quote_event_value(_quote_id, _version)
  );
  select step into old_step from private.patient_pages where lead_id = lead;
  if old_step is null or old_step in ('documents', 'quotes') then
    update private.patient_pages set step = 'decision', step_at = now() where lead_id = lead;
    perform private.add_request_event(request.id, 'patient_step', old_step, 'decision');
  end if;
  -- Last, so the request's broadcast carries everything above and its timeline is complete.
  update public.contact_requests set
    status = case when status = 'new' then 'in_progress'::public.request_status else status end,
    follow_up_at = case when follow_up_at is null or follow_up_at > now() then now()
                        else follow_up_at end
  where id = request.id;
  perform private.broadcast_quote_change(request.id, _quote_id, 'chosen', _version);
  return jsonb_build_object('ok', true, 'changed', true);
end
$$;

-- The 48-hour promise, per campaign (as public.campaign_report groups requests created in
-- [_from, _to)) and in all (the row whose `total` is true): requests, those quoted (a first quote
-- sent), the median hours from request to first quote, those quoted within 48 hours, those late (a
-- first quote after 48 hours, or none and older than 48 hours), those still inside their 48 hours,
-- and those cancelled before any quote (counted apart: no quote was owed). Held requests (a flood's)
-- are left out. Security invoker: row-level security decides what is counted, so only staff see
-- numbers.
create function public.quote_speed_report(_from timestamptz, _to timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with requests as (
    select r.utm_source, r.utm_campaign, r.source, r.created_at, r.status,
      (select min(q.first_sent_at) from public.quotes q where q.request_id = r.id) as first_quote_at
    from public.contact_requests r
    where r.created_at >= _from and r.created_at < _to and r.held_reason is null
  ),
  measured as (
    select *,
      extract(epoch from first_quote_at - created_at) / 3600.0 as hours,
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

revoke execute on function public.patient_quotes(text) from public;
revoke execute on function public.patient_choose_quote(text, uuid, integer) from public;
grant execute on function public.patient_quotes(text) to anon, authenticated, service_role;
grant execute on function public.patient_choose_quote(text, uuid, integer)
  to anon, authenticated, service_role;
revoke execute on function public.quote_speed_report(timestamptz, timestamptz) from public, anon;
grant execute on function public.quote_speed_report(timestamptz, timestamptz)
  to authenticated, service_role;

revoke execute on all functions in schema private from public;
