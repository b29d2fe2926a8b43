-- What the patient page reads and does, and what staff do to it (issue 29; the tables are in
-- 20261126140000_patient_page.sql). Patient functions are keyed by the link's token, callable by
-- anyone holding one (anon or signed in), and answer null for a wrong, revoked or expired token:
-- the same answer whatever the reason, so a guesser learns nothing. Staff functions need a live
-- admin session (public.is_admin) and write the timeline.

-- What the patient sees about their request, and nothing else: the first word of their name, the
-- treatment, the reference, the status and the journey step, the manager (display name and
-- WhatsApp, once assigned), the dates, a pending call-back time, and hints of the stored phone and
-- e-mail (last digits, first letter and domain) so a correction can be checked without showing
-- the whole contact to whoever holds the link. `_opened` false (the thank-you page) does not count
-- as an opening of the page.
create function public.patient_request(_token text, _opened boolean default true)
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
    'manager', case when a.id is null then null else jsonb_build_object(
      'name', coalesce(nullif(btrim(a.display_name), ''), a.username),
      'whatsapp', a.whatsapp,
      'assigned_at', (
        select max(e.created_at) from public.request_events e
        where e.request_id = r.id and e.kind = 'assignment'
      )
    ) end
  )
  into answer
  from public.contact_requests r
  join private.patient_pages p on p.lead_id = r.lead_id
  left join private.admin_users a on a.id = r.assigned_to
  where r.lead_id = lead;
  return answer;
end
$$;

-- A message for the manager, on the request's timeline (1–1000 characters).
create function public.patient_send_message(_token text, _message text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  text_sent text := btrim(private.without_bidi_controls(coalesce(_message, '')));
  lead uuid;
begin
  if char_length(text_sent) not between 1 and 1000 then
    raise exception 'A message has 1 to 1000 characters'
      using errcode = '23514', hint = 'patient_message_length';
  end if;
  lead := private.admit_patient_action(_token, 'message');
  if lead is null then
    return null;
  end if;
  perform private.add_request_event(
    (select id from public.contact_requests where lead_id = lead), 'patient_message', null, text_sent
  );
  return jsonb_build_object('ok', true);
end
$$;

-- Corrected contact details. Null leaves a field as it is; '' removes the e-mail. The lead is
-- corrected first, so its checks (name, phone digits, e-mail format, bidi controls) apply; the
-- request takes the stored values. One timeline entry lists the old and the new values.
create function public.patient_update_contact(
  _token text, _name text default null, _country_code text default null,
  _phone text default null, _email text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  old_lead public.offer_leads;
  new_lead public.offer_leads;
  old_values jsonb := '{}';
  new_values jsonb := '{}';
begin
  lead := private.admit_patient_action(_token, 'contact');
  if lead is null then
    return null;
  end if;
  select * into old_lead from public.offer_leads where id = lead;
  update public.offer_leads l
  set name = coalesce(btrim(_name), l.name),
      country_code = coalesce(nullif(btrim(_country_code), ''), l.country_code),
      phone = coalesce(nullif(regexp_replace(_phone, '[^0-9]', '', 'g'), ''), l.phone),
      email = case when _email is null then l.email else nullif(btrim(_email), '') end
  where l.id = lead
  returning l.* into new_lead;
  if new_lead.name is distinct from old_lead.name then
    old_values := old_values || jsonb_build_object('name', old_lead.name);
    new_values := new_values || jsonb_build_object('name', new_lead.name);
  end if;
  if (new_lead.country_code, new_lead.phone) is distinct from (old_lead.country_code, old_lead.phone) then
    old_values := old_values || jsonb_build_object('phone', concat_ws(' ', old_lead.country_code, old_lead.phone));
    new_values := new_values || jsonb_build_object('phone', concat_ws(' ', new_lead.country_code, new_lead.phone));
  end if;
  if new_lead.email is distinct from old_lead.email then
    old_values := old_values || jsonb_build_object('email', old_lead.email);
    new_values := new_values || jsonb_build_object('email', new_lead.email);
  end if;
  if new_values = '{}' and old_values = '{}' then
    return jsonb_build_object('ok', true, 'changed', false);
  end if;
  update public.contact_requests
  set name = new_lead.name, country_code = new_lead.country_code, phone = new_lead.phone, email = new_lead.email
  where lead_id = lead;
  perform private.add_request_event(
    (select id from public.contact_requests where lead_id = lead),
    'patient_contact', old_values::text, new_values::text
  );
  return jsonb_build_object('ok', true, 'changed', true);
end
$$;

-- "Call me back at": a time between 15 minutes and 30 days from now. It becomes the request's
-- follow-up, so it shows in the coordinator's "due" list at that time, and a timeline entry.
create function public.patient_request_callback(_token text, _at timestamptz)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
begin
  if _at is null or _at < now() + interval '15 minutes' or _at > now() + interval '30 days' then
    raise exception 'A call-back time is between 15 minutes and 30 days from now'
      using errcode = '23514', hint = 'patient_callback_time';
  end if;
  lead := private.admit_patient_action(_token, 'callback');
  if lead is null then
    return null;
  end if;
  update private.patient_pages set callback_at = _at where lead_id = lead;
  update public.contact_requests set follow_up_at = _at where lead_id = lead;
  perform private.add_request_event(
    (select id from public.contact_requests where lead_id = lead), 'patient_callback', null,
    to_char(_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
  );
  return jsonb_build_object('ok', true);
end
$$;

-- Withdrawal: the patient's request and everything about it are erased (the lead, its request,
-- timeline, link and outbox rows, on delete cascade). The patient confirms by sending the
-- reference shown on the page; another reference changes nothing (22023, reference_mismatch).
create function public.patient_withdraw(_token text, _reference text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  claims text;
begin
  lead := private.admit_patient_action(_token, 'withdraw');
  if lead is null then
    return null;
  end if;
  if not exists (
    select 1 from public.contact_requests
    where lead_id = lead and reference = upper(btrim(coalesce(_reference, '')))
  ) then
    raise exception 'The reference does not match this request'
      using errcode = '22023', hint = 'reference_mismatch';
  end if;
  -- An erasure the patient asked for, not a staff delete: the bin's trigger
  -- (20261126100000_staff_roles_and_bin.sql) leaves deletes outside the API roles alone, so the
  -- statement runs as the database itself would, then the caller's claims come back.
  claims := current_setting('request.jwt.claims', true);
  perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
  delete from public.offer_leads where id = lead;
  perform set_config('request.jwt.claims', coalesce(claims, ''), true);
  return jsonb_build_object('ok', true, 'erased', true);
end
$$;

-- Raises 42501 unless the caller holds a live admin session.
create function private.require_staff()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce(public.is_admin(auth.uid()), false) then
    raise exception 'Only staff can do this' using errcode = '42501';
  end if;
end
$$;

-- Staff view of a request's patient page: reference, whether a link is live, when it was issued
-- and last opened, the journey step and the call-back time asked for.
create function public.patient_page_info(_request_id uuid)
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
  select jsonb_build_object(
    'reference', r.reference,
    'link_active', p.token_hash is not null,
    'issued_at', p.token_issued_at,
    'last_opened_at', p.last_opened_at,
    'step', p.step,
    'step_at', p.step_at,
    'callback_at', p.callback_at
  )
  into answer
  from public.contact_requests r
  left join private.patient_pages p on p.lead_id = r.lead_id
  where r.id = _request_id;
  return answer;
end
$$;

-- A new link for the request: the old one stops working at once. Returns the new token, the only
-- time it is ever handed out (the database keeps its hash). An unsent confirmation e-mail carries
-- the new link instead of the dead one.
create function public.issue_patient_link(_request_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  raw text := private.new_patient_token();
begin
  perform private.require_staff();
  select lead_id into lead from public.contact_requests where id = _request_id;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  insert into private.patient_pages (lead_id, token_hash, token_issued_at)
  values (lead, private.patient_token_hash(raw), now())
  on conflict (lead_id) do update
    set token_hash = excluded.token_hash, token_issued_at = excluded.token_issued_at;
  update private.patient_confirmations set link_token = raw
  where lead_id = lead and sent_at is null and gave_up_at is null;
  perform private.add_request_event(_request_id, 'patient_link', null, 'issued');
  return raw;
end
$$;

-- Revokes the request's link: it stops working at once and no link works until a new one is
-- issued. An unsent confirmation e-mail goes out without a link.
create function public.revoke_patient_link(_request_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
begin
  perform private.require_staff();
  select lead_id into lead from public.contact_requests where id = _request_id;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  update private.patient_pages set token_hash = null where lead_id = lead;
  update private.patient_confirmations set link_token = null where lead_id = lead;
  perform private.add_request_event(_request_id, 'patient_link', null, 'revoked');
end
$$;

-- The step of the journey the patient sees (null: received / manager assigned, from the request).
create function public.set_patient_step(_request_id uuid, _step text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  old_step text;
begin
  perform private.require_staff();
  select lead_id into lead from public.contact_requests where id = _request_id;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  select step into old_step from private.patient_pages where lead_id = lead;
  if old_step is not distinct from nullif(_step, '') then
    return;
  end if;
  insert into private.patient_pages (lead_id, step, step_at) values (lead, nullif(_step, ''), now())
  on conflict (lead_id) do update set step = excluded.step, step_at = excluded.step_at;
  perform private.add_request_event(_request_id, 'patient_step', old_step, nullif(_step, ''));
end
$$;

revoke execute on function public.patient_request(text, boolean) from public;
revoke execute on function public.patient_send_message(text, text) from public;
revoke execute on function public.patient_update_contact(text, text, text, text, text) from public;
revoke execute on function public.patient_request_callback(text, timestamptz) from public;
revoke execute on function public.patient_withdraw(text, text) from public;
grant execute on function public.patient_request(text, boolean) to anon, authenticated, service_role;
grant execute on function public.patient_send_message(text, text) to anon, authenticated, service_role;
grant execute on function public.patient_update_contact(text, text, text, text, text)
  to anon, authenticated, service_role;
grant execute on function public.patient_request_callback(text, timestamptz)
  to anon, authenticated, service_role;
grant execute on function public.patient_withdraw(text, text) to anon, authenticated, service_role;

revoke execute on function public.patient_page_info(uuid) from public, anon;
revoke execute on function public.issue_patient_link(uuid) from public, anon;
revoke execute on function public.revoke_patient_link(uuid) from public, anon;
revoke execute on function public.set_patient_step(uuid, text) from public, anon;
grant execute on function public.patient_page_info(uuid) to authenticated, service_role;
grant execute on function public.issue_patient_link(uuid) to authenticated, service_role;
grant execute on function public.revoke_patient_link(uuid) to authenticated, service_role;
grant execute on function public.set_patient_step(uuid, text) to authenticated, service_role;

revoke execute on all functions in schema private from public;
