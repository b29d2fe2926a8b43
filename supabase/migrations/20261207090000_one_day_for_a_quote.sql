-- One day for a quote (issue 43): the day a quote was sent and the day it stops being valid are
-- days in the same place, the patient's. Before, "valid until" was compared with the database's
-- UTC date (send_quote, patient_choose_quote, the shown status) while the page showed the sent
-- day in the phone's zone: a quote sent at 00:30 in Cairo on 2 December could be sent "valid until
-- 1 December" and read "sent 2 December, valid until 1 December".
--
-- Now a request's day is the calendar day in the patient's time zone: the zone of the calling code
-- stored with the request (private.outbound_time_zones, the table quiet hours use), else the
-- policy's default (Asia/Riyadh). A quote is valid through the end of its "valid until" day there:
-- sending needs "valid until" from that day on, choosing needs it not passed, the shown status
-- says expired from the next day on; public.patient_quotes gives the page that day (`today`) and
-- each quote's sent day there (`sent_on`), so the page shows both dates in the same zone whatever
-- the phone's clock says.

-- The patient's time zone for a request: its calling code's zone, else the policy's default.
create function private.request_time_zone(_request_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select z.time_zone
     from public.contact_requests r
     join private.outbound_time_zones z on z.country_code = r.country_code
     where r.id = _request_id),
    (select s.default_time_zone from private.outbound_settings s),
    'Asia/Riyadh'
  )
$$;
comment on function private.request_time_zone(uuid) is
  'The patient''s time zone for a request: the zone of its calling code (private.outbound_time_zones), else the outbound policy''s default.';
revoke all on function private.request_time_zone(uuid) from public, anon, authenticated;
grant execute on function private.request_time_zone(uuid) to service_role;

-- Today, in the patient's time zone: the day a quote's "valid until" is compared with.
create function private.request_today(_request_id uuid)
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone private.request_time_zone(_request_id))::date
$$;
comment on function private.request_today(uuid) is
  'Today in the patient''s time zone (private.request_time_zone): the day a quote''s valid_until is compared with.';
revoke all on function private.request_today(uuid) from public, anon, authenticated;
grant execute on function private.request_today(uuid) to service_role;

-- The status shown for a quote: a sent quote whose "valid until" passed in the patient's zone
-- reads expired. Replaces the two-argument form, which compared with the UTC date.
create function private.quote_shown_status(_status text, _valid_until date, _request_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when _status = 'sent' and _valid_until < private.request_today(_request_id) then 'expired'
    else _status
  end
$$;
comment on function private.quote_shown_status(text, date, uuid) is
  'The status shown for a quote: sent, but expired once its valid_until passed in the patient''s time zone.';
revoke all on function private.quote_shown_status(text, date, uuid) from public, anon, authenticated;
grant execute on function private.quote_shown_status(text, date, uuid) to service_role;

-- The functions that compared with the UTC date, each changed only there.

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


create or replace function public.request_quotes(_request_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', q.id,
      'clinic', jsonb_build_object(
        'id', c.id, 'slug', c.slug, 'name_ar', c.name_ar, 'name_en', c.name_en,
        'city_ar', c.city_ar, 'active', c.active, 'accredited', private.clinic_accredited(c.id)
      ),
      'status', private.quote_shown_status(q.status, (private.latest_sent_version(q.id)).valid_until, q.request_id),
      'chosen_version', q.chosen_version,
      'decided_at', q.decided_at,
      'first_sent_at', q.first_sent_at,
      'created_at', q.created_at,
      'versions', (
        select coalesce(jsonb_agg(to_jsonb(v) - 'quote_id' - 'created_by' - 'sent_by' - 'updated_by'
          || jsonb_build_object(
            'sent_by_name', (select a.username from private.admin_users a where a.id = v.sent_by),
            'updated_by_name', (select a.username from private.admin_users a where a.id = v.updated_by)
          ) order by v.version desc), '[]'::jsonb)
        from public.quote_versions v where v.quote_id = q.id
      )
    ) order by q.created_at, q.id), '[]'::jsonb)
    from public.quotes q
    join public.clinics c on c.id = q.clinic_id
    join public.contact_requests r on r.id = q.request_id and r.deleted_at is null
    where q.request_id = _request_id
  );
end
$$;


create or replace function public.set_quote_status(_quote_id uuid, _status text, _from_status text, _version integer) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  request uuid;
  quote public.quotes;
  latest public.quote_versions;
  shown text;
begin
  perform private.require_staff();
  request := private.visible_quote_request(_quote_id);
  if _status not in ('sent', 'chosen', 'declined') then
    raise exception 'a quote''s status is sent, chosen or declined'
      using errcode = '22023', hint = 'quote_status';
  end if;
  select * into quote from public.quotes where id = _quote_id for update;
  latest := private.latest_sent_version(_quote_id);
  if latest.quote_id is null then
    raise exception 'this quote was never sent' using errcode = 'PT409', hint = 'quote_not_sent';
  end if;
  if quote.status = _status then
    return; -- what it is already (a second press, a retry after a lost answer)
  end if;
  shown := private.quote_shown_status(quote.status, latest.valid_until, quote.request_id);
  if _from_status is distinct from shown or _version is distinct from latest.version then
    perform private.refuse_stale(
      'quote', latest.version, null, coalesce(quote.decided_at, quote.updated_at),
      jsonb_build_object('status', shown)
    );
  end if;
  if _status = 'chosen' then
    update public.quotes set status = 'declined', chosen_version = null, decided_at = now(),
      updated_at = now()
    where request_id = request and id <> _quote_id and status in ('sent', 'chosen');
  end if;
  update public.quotes set
    status = _status,
    chosen_version = case when _status = 'chosen' then latest.version end,
    decided_at = case when _status = 'sent' then null else now() end,
    updated_at = now()
  where id = _quote_id;
  perform private.add_request_event(
    request, 'quote_status', quote.status,
    (private.quote_event_value(_quote_id, latest.version)::jsonb
      || jsonb_build_object('status', _status))::text
  );
  perform private.broadcast_quote_change(request, _quote_id, 'status', latest.version);
end
$$;


create or replace function public.send_quote(_quote_id uuid, _version integer, _revision integer, _idempotency_key text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  request uuid;
  quote public.quotes;
  draft public.quote_versions;
  named public.quote_versions;
  old_step text;
  replay jsonb;
  sent_now timestamptz := now();
begin
  perform private.require_staff();
  request := private.visible_quote_request(_quote_id);
  select s.id into staff_id from private.current_staff() s;
  select * into quote from public.quotes where id = _quote_id for update;
  replay := private.replayed_answer('send_quote', _idempotency_key);
  if replay is not null then
    return replay;
  end if;
  select * into draft from public.quote_versions v where v.quote_id = _quote_id and v.sent_at is null;
  if draft.quote_id is null or draft.version is distinct from _version
     or draft.revision is distinct from _revision then
    select * into named from public.quote_versions v
    where v.quote_id = _quote_id and v.version = _version;
    if named.sent_at is not null then
      raise exception 'this version was sent already'
        using errcode = 'PT409', hint = 'quote_already_sent',
          detail = jsonb_build_object(
            'what', 'quote', 'version', named.version, 'revision', named.revision,
            'by', (select a.username from private.admin_users a where a.id = named.sent_by),
            'at', named.sent_at
          )::text;
    end if;
    if draft.quote_id is null then
      raise exception 'this quote has no draft to send' using errcode = 'PT409', hint = 'no_draft';
    end if;
    perform private.refuse_stale(
      'quote_draft', draft.version, draft.updated_by, draft.updated_at,
      jsonb_build_object('state', 'draft', 'revision', draft.revision)
    );
  end if;
  perform private.require_quotable_clinic(quote.clinic_id);
  if draft.price is null then
    raise exception 'a quote needs a price before it is sent'
      using errcode = '23514', hint = 'quote_price_missing';
  end if;
  if draft.valid_until is null or draft.valid_until < private.request_today(quote.request_id) then
    raise exception 'a quote needs a "valid until" from today on'
      using errcode = '23514', hint = 'quote_valid_until';
  end if;
  update public.quote_versions set sent_at = sent_now, sent_by = staff_id
  where quote_id = _quote_id and version = draft.version;
  update public.quotes set
    status = 'sent', chosen_version = null, decided_at = null,
    first_sent_at = coalesce(first_sent_at, now()), updated_at = now()
  where id = _quote_id;
  perform private.add_request_event(
    request, 'quote_sent', null, private.quote_event_value(_quote_id, draft.version)
  );
  select p.step into old_step
  from private.patient_pages p join public.contact_requests r on r.lead_id = p.lead_id
  where r.id = request;
  if old_step is null or old_step = 'documents' then
    update private.patient_pages p set step = 'quotes', step_at = now()
    from public.contact_requests r
    where r.id = request and p.lead_id = r.lead_id;
    perform private.add_request_event(request, 'patient_step', old_step, 'quotes');
  end if;
  perform private.broadcast_quote_change(request, _quote_id, 'sent', draft.version);
  return private.remember_answer('send_quote', _idempotency_key, jsonb_build_object(
    'quote_id', _quote_id, 'version', draft.version, 'revision', draft.revision,
    'sent_at', sent_now,
    'first_quote_at', (select min(q.first_sent_at) from public.quotes q where q.request_id = request)
  ));
end
$$;


create or replace function public.patient_choose_quote(_token text, _quote_id uuid, _version integer) returns jsonb
language plpgsql security definer
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
  if latest.valid_until < private.request_today(request.id) then
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


create or replace function private.patient_now(_request_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  r public.contact_requests;
  step text;
  missing jsonb;
  live integer;
  sent integer;
  chosen jsonb;
  complete timestamptz;
begin
  select * into r from public.contact_requests where id = _request_id;
  if r.id is null then
    return null;
  end if;
  if r.status = 'cancelled' then
    return jsonb_build_object('state', 'closed');
  end if;
  select p.step into step from private.patient_pages p where p.lead_id = r.lead_id;
  if step in ('aftercare', 'travel') then
    return jsonb_build_object('state', step);
  end if;

  select jsonb_build_object('ar', c.name_ar, 'en', c.name_en) into chosen
  from public.quotes q join public.clinics c on c.id = q.clinic_id
  where q.request_id = r.id and q.status = 'chosen'
  order by q.decided_at desc nulls last limit 1;
  if chosen is not null then
    return jsonb_build_object('state', 'chosen', 'clinic', chosen);
  end if;

  select count(*) filter (
           where private.quote_shown_status(q.status, v.valid_until, r.id) = 'sent'
         ),
         count(*)
  into live, sent
  from public.quotes q
  cross join lateral private.latest_sent_version(q.id) v
  where q.request_id = r.id and v.quote_id is not null and q.status <> 'declined';
  if live > 0 then
    return jsonb_build_object('state', 'compare', 'quotes', live);
  end if;
  if sent > 0 then
    return jsonb_build_object('state', 'expired');
  end if;

  select coalesce(jsonb_agg(s.slot order by s.place), '[]'::jsonb) into missing
  from private.request_file_slots(r.service::text) s
  left join private.request_file_asks a on a.request_id = r.id and a.slot = s.slot
  where a.slot is not null
     or (s.required and not exists (
       select 1 from private.request_files f
       where f.request_id = r.id and f.slot = s.slot and f.state = 'ready'
     ));
  if jsonb_array_length(missing) > 0 then
    return jsonb_build_object('state', 'photos', 'missing', missing);
  end if;

  select p.complete_at into complete from private.request_file_progress p where p.request_id = r.id;
  return jsonb_build_object(
    'state', 'waiting',
    'due_at', greatest(r.created_at, coalesce(complete, r.created_at)) + interval '48 hours'
  );
end
$$;


drop function private.quote_shown_status(text, date);
