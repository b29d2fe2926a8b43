-- "What now" from the request's real state (issue 43): the patient's page said «ولا شيء مطلوب
-- منك الآن» above four required photo slots, and «أخبر مدير المريض بالعرض الذي اخترته» above
-- «اخترت هذا العرض», because it read only the step staff set. private.patient_now works the state
-- out from the rows themselves (the request's status, its files and asks, its quotes, the step
-- staff set for travel and after-care), and both the patient's page (public.patient_request) and
-- the staff's panel (public.patient_page_info) answer it, so the page, its steps and the staff's
-- view say the same thing. src/lib/patient/steps.ts maps it to the one sentence and one button.

-- The request's state for "what now", one of:
--   closed     the request was cancelled;
--   aftercare  staff set the after-care step;
--   travel     staff set the travel step;
--   chosen     the patient chose a quote (`clinic`: its clinic's names);
--   compare    sent quotes still valid (`quotes`: how many);
--   expired    quotes were sent, none is valid any more and none was chosen;
--   photos     a needed slot holds no checked file, or staff asked for one again (`missing`: the
--              slots, in the page's order);
--   waiting    everything needed is in, the quotes are being prepared (`due_at`: the promise,
--              48 hours from when the last needed file arrived, or from the request).
create function private.patient_now(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
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
           where private.quote_shown_status(q.status, v.valid_until) = 'sent'
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

comment on function private.patient_now(uuid) is
  'The request''s state for the patient''s "what now" (issue 43): closed, aftercare, travel, chosen, compare, expired, photos or waiting, with what the sentence names.';

-- The patient's page: as 20261127091000_patient_advertising_withdrawal.sql, with `now`.
create or replace function public.patient_request(_token text, _opened boolean default true)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
  answer jsonb;
begin
  if lead is null then
    return null;
  end if;
  if coalesce(_opened, true) then
    update private.patient_pages set last_opened_at = now() where lead_id = lead;
  end if;
  select jsonb_build_object(
    'reference', r.reference,
    'first_name', split_part(btrim(r.name), ' ', 1),
    'service', r.service,
    'language', r.language,
    'status', r.status,
    'step', p.step,
    'step_at', p.step_at,
    'received_at', r.created_at,
    'callback_at', case when p.callback_at > now() then p.callback_at end,
    'phone_hint', right(r.phone, 3),
    'email_hint', case when r.email is null then null
      else left(r.email, 1) || '…@' || split_part(r.email, '@', 2) end,
    'advertising', case when l.advertising_consented_at is null then null
      else l.advertising_withdrawn_at is null end,
    'manager', case when a.id is null then null else jsonb_build_object(
      'name', coalesce(nullif(btrim(a.display_name), ''), a.username),
      'whatsapp', a.whatsapp,
      'assigned_at', (
        select max(e.created_at) from public.request_events e
        where e.request_id = r.id and e.kind = 'assignment'
      )
    ) end,
    'now', private.patient_now(r.id)
  )
  into answer
  from public.contact_requests r
  join private.patient_pages p on p.lead_id = r.lead_id
  join public.offer_leads l on l.id = r.lead_id
  left join private.admin_users a on a.id = r.assigned_to
  where r.lead_id = lead;
  return answer;
end
$$;

comment on function public.patient_request(text, boolean) is
  'The patient''s page for a live link token (null for a dead one), with "what now" from the request''s real state; counts an opening unless _opened is false.';

-- The staff's panel: as 20261129100000_the_bin_is_the_owners.sql, with the same `now` the
-- patient's page shows.
create or replace function public.patient_page_info(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform private.require_staff();
  if not private.request_in_view(_request_id) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  select jsonb_build_object(
    'reference', r.reference,
    'link_active', p.token_hash is not null,
    'issued_at', p.token_issued_at,
    'last_opened_at', p.last_opened_at,
    'step', p.step,
    'step_at', p.step_at,
    'callback_at', p.callback_at,
    'now', private.patient_now(r.id),
    -- The manager's name as the patient's page writes it (public.patient_request).
    'manager_name', coalesce(nullif(btrim(a.display_name), ''), a.username)
  )
  into answer
  from public.contact_requests r
  left join private.patient_pages p on p.lead_id = r.lead_id
  left join private.admin_users a on a.id = r.assigned_to
  where r.id = _request_id;
  return answer;
end
$$;

comment on function public.patient_page_info(uuid) is
  'Staff: the patient page of a request (reference, link state, last opening, step, call-back, and the "what now" the patient sees with the manager''s name it shows).';

revoke execute on function private.patient_now(uuid) from public, anon, authenticated;
grant execute on function private.patient_now(uuid) to service_role;
