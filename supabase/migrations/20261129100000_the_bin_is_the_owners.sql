-- The bin is the owners', and a patient's withdrawal through a link staff issued is kept there.
--
-- 1. A binned request is hidden from coordinators by the table's row security, but several
--    security-definer functions looked requests up by id without asking whether they were in the
--    bin: a coordinator who knew (or found, through the person's other requests) a binned id could
--    list its files and read them through signed URLs, read its row through correct_request_contact
--    or enter_request, or change it (patient link, step, file asks, merges). Now every staff function
--    that reads a request by id sees a binned one only for an owner (private.request_in_view), and
--    every function that changes one refuses a binned request (PT404, as for a request that is gone;
--    an owner restores it first).
-- 2. patient_withdraw erased the request at once for whoever held a working link, and staff can
--    issue one (issue_patient_link returns it, to be sent to the patient): a coordinator could issue
--    a link and erase any request, leaving no trace. The page now records who issued its link
--    (private.patient_pages.token_issued_by). A withdrawal through the link the patient received
--    from the site erases at once, as before; through a link a staff member issued, the request
--    goes to the bin (the link stops working, an event names the withdrawal) and is erased from
--    there by the bin's 30-day retention or by an owner, who can also restore what a patient did
--    not ask for. Every erasure a patient asked for is written to private.request_purges
--    (purged_by 'patient'), as owners' purges are.

alter table private.patient_pages add column token_issued_by uuid;
comment on column private.patient_pages.token_issued_by is
  'The staff member (private.admin_users.id) who issued the current link; null when the site issued it with the request.';

-- True when the request exists and the caller may see it: live, or in the bin for an owner.
create function private.request_in_view(_request_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.contact_requests r
    where r.id = _request_id
      and (r.deleted_at is null or private.caller_role() = 'owner')
  )
$$;

revoke execute on function private.request_in_view(uuid) from public;

-- The files of a request the caller may see.
CREATE OR REPLACE FUNCTION public.request_files(_request_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_staff();
  if not private.request_in_view(_request_id) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  return private.request_files_view(_request_id, true);
end
$$;

-- Storage's read policy: a binned request's files only for an owner.
CREATE OR REPLACE FUNCTION public.staff_may_read_request_file(_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(public.is_admin(auth.uid()), false)
    and exists (
      select 1 from private.request_files f
      join public.contact_requests r on r.id = f.request_id
      where f.state = 'ready' and (f.object_path = _name or f.thumb_path = _name)
        and (r.deleted_at is null or private.caller_role() = 'owner')
    )
$$;

-- The person's requests and the possible matches: binned ones only for an owner.
CREATE OR REPLACE FUNCTION public.person_requests(_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  result jsonb;
  owner boolean;
begin
  perform private.require_live_staff();
  if not private.request_in_view(_id) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  owner := private.caller_role() = 'owner';
  with person as (
    select r.* from public.contact_requests r
    where r.id in (select p.id from private.person_request_ids(_id) p)
      and (r.deleted_at is null or owner)
  ),
  possible as (
    select r.* from public.contact_requests r
    where r.id not in (select p.id from person p)
      and (r.deleted_at is null or owner)
      and exists (
        select 1 from person m
        where (
            nullif(m.country_code, '') is null
            and public.same_national_digits(r.phone_key, m.phone_key)
          ) or (
            nullif(r.country_code, '') is null
            and public.same_national_digits(m.phone_key, r.phone_key)
          )
      )
  ),
  compact as (
    select 'person' as part, p.* from person p
    union all
    select 'possible', q.* from possible q
  )
  select jsonb_build_object(
    'person', coalesce(jsonb_agg(c.row order by c.created_at desc, c.id desc)
      filter (where c.part = 'person'), '[]'::jsonb),
    'possible', coalesce(jsonb_agg(c.row order by c.created_at desc, c.id desc)
      filter (where c.part = 'possible'), '[]'::jsonb)
  )
  into result
  from (
    select x.part, x.id, x.created_at, jsonb_build_object(
      'id', x.id, 'name', x.name, 'phone', x.phone, 'country_code', x.country_code,
      'phone_key', x.phone_key, 'person_id', x.person_id, 'status', x.status,
      'service', x.service, 'created_at', x.created_at, 'version', x.version
    ) as row
    from compact x
  ) c;
  return result;
end
$$;

CREATE OR REPLACE FUNCTION public.patient_page_info(_request_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    'callback_at', p.callback_at
  )
  into answer
  from public.contact_requests r
  left join private.patient_pages p on p.lead_id = r.lead_id
  where r.id = _request_id;
  return answer;
end
$$;

CREATE OR REPLACE FUNCTION public.revoke_patient_link(_request_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  lead uuid;
begin
  perform private.require_staff();
  select lead_id into lead from public.contact_requests where id = _request_id and deleted_at is null;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  update private.patient_pages set token_hash = null where lead_id = lead;
  update private.patient_confirmations set link_token = null where lead_id = lead;
  perform private.add_request_event(_request_id, 'patient_link', null, 'revoked');
end
$$;

CREATE OR REPLACE FUNCTION public.set_patient_step(_request_id uuid, _step text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  lead uuid;
  old_step text;
begin
  perform private.require_staff();
  select lead_id into lead from public.contact_requests where id = _request_id and deleted_at is null;
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

-- A link staff issue for a live request, recording who issued it.
CREATE OR REPLACE FUNCTION public.issue_patient_link(_request_id uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  lead uuid;
  raw text := private.new_patient_token();
begin
  perform private.require_staff();
  select lead_id into lead from public.contact_requests where id = _request_id and deleted_at is null;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  insert into private.patient_pages (lead_id, token_hash, token_issued_at, token_issued_by)
  values (lead, private.patient_token_hash(raw), now(), (select s.id from private.current_staff() s))
  on conflict (lead_id) do update
    set token_hash = excluded.token_hash, token_issued_at = excluded.token_issued_at,
      token_issued_by = excluded.token_issued_by;
  update private.patient_confirmations set link_token = raw
  where lead_id = lead and sent_at is null and gave_up_at is null;
  perform private.add_request_event(_request_id, 'patient_link', null, 'issued');
  return raw;
end
$$;

CREATE OR REPLACE FUNCTION public.ask_for_request_file(_request_id uuid, _slot text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  needed boolean;
begin
  perform private.require_staff();
  if not exists (
    select 1 from public.contact_requests r where r.id = _request_id and r.deleted_at is null
  ) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  select s.required into needed
  from public.contact_requests r, private.request_file_slots(r.service::text) s
  where r.id = _request_id and r.deleted_at is null and s.slot = _slot;
  if not found then
    raise exception 'This request has no slot %', _slot using errcode = '23514', hint = 'file_slot_unknown';
  end if;
  insert into private.request_file_asks (request_id, slot, asked_by)
  values (_request_id, _slot, (select s.username from private.current_staff() s))
  on conflict (request_id, slot) do update set asked_at = now(), asked_by = excluded.asked_by;
  if needed then
    update private.request_file_progress p set complete_at = null where p.request_id = _request_id;
  end if;
  perform private.add_request_event(_request_id, 'file_requested', null, _slot);
end
$$;

-- Merges and undoes them on live requests only (the person's binned requests follow the merge,
-- as before: they are the same person).
CREATE OR REPLACE FUNCTION public.merge_requests(_id uuid, _other uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  target uuid;
  staff_id uuid;
  staff_name text;
  merged integer := 0;
  item record;
begin
  perform private.require_live_staff();
  if not exists (select 1 from public.contact_requests where id = _id and deleted_at is null)
     or not exists (select 1 from public.contact_requests where id = _other and deleted_at is null) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  if _other in (select p.id from private.person_request_ids(_id) p) then
    raise exception 'these requests are already one person'
      using errcode = '22023', hint = 'already_one_person';
  end if;
  select coalesce(
    (select person_id from public.contact_requests where id = _id),
    (select person_id from public.contact_requests where id = _other),
    gen_random_uuid()
  ) into target;
  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  for item in
    update public.contact_requests r
    set person_id = target
    from public.contact_requests old_row
    where old_row.id = r.id
      and r.person_id is distinct from target
      and r.id in (
        select p.id from private.person_request_ids(_id) p
        union
        select p.id from private.person_request_ids(_other) p
      )
    returning r.id, r.version, old_row.person_id as previous
  loop
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (item.id, item.version, staff_id, staff_name, 'merge', item.previous::text, target::text);
    merged := merged + 1;
  end loop;
  return jsonb_build_object('person_id', target, 'merged', merged);
end
$$;

CREATE OR REPLACE FUNCTION public.undo_merge(_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  last_event public.request_events;
  staff_id uuid;
  staff_name text;
  restored integer := 0;
  item record;
begin
  perform private.require_live_staff();
  if not exists (select 1 from public.contact_requests where id = _id and deleted_at is null) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  select * into last_event from public.request_events e
  where e.request_id = _id and e.kind in ('merge', 'unmerge')
  order by e.id desc limit 1;
  if last_event.id is null or last_event.kind = 'unmerge' then
    raise exception 'no merge to undo' using errcode = '22023', hint = 'nothing_to_undo';
  end if;
  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  -- One merge is one transaction: its events share the author's now() and the person.
  for item in
    update public.contact_requests r
    set person_id = e.old_value::uuid
    from public.request_events e
    where e.kind = 'merge'
      and e.created_at = last_event.created_at
      and e.new_value = last_event.new_value
      and r.id = e.request_id
      and r.person_id::text = e.new_value
    returning r.id, r.version, e.old_value, e.new_value
  loop
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (item.id, item.version, staff_id, staff_name, 'unmerge', item.new_value, item.old_value);
    restored := restored + 1;
  end loop;
  return jsonb_build_object('restored', restored);
end
$$;

CREATE OR REPLACE FUNCTION public.correct_request_contact(_id uuid, _expected_version integer, _changes jsonb) RETURNS public.contact_requests
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  before public.contact_requests;
  saved public.contact_requests;
  staff_id uuid;
  staff_name text;
  new_name text;
  new_phone text;
  new_code text;
  new_country text;
  new_email text;
begin
  perform private.require_live_staff();
  if _changes is null or jsonb_typeof(_changes) <> 'object' or _changes = '{}'::jsonb then
    raise exception 'changes must be a non-empty JSON object' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_object_keys(_changes) k
    where k not in ('name', 'phone', 'country_code', 'country', 'email')
  ) then
    raise exception 'only name, phone, country_code, country and email can be corrected'
      using errcode = '22023', hint = 'unknown_field';
  end if;
  if (_changes ? 'phone') <> (_changes ? 'country_code') then
    raise exception 'a phone number is corrected together with its country code'
      using errcode = '22023', hint = 'phone_needs_country';
  end if;

  select * into before from public.contact_requests r
  where r.id = _id and r.deleted_at is null for update;
  if not found then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  if before.version <> _expected_version then
    raise exception 'the request changed since version % (now version %)', _expected_version, before.version
      using errcode = 'PT409', detail = before.version::text, hint = 'stale_version';
  end if;

  new_name := case when _changes ? 'name' then btrim(_changes ->> 'name') else before.name end;
  new_phone := case when _changes ? 'phone' then _changes ->> 'phone' else before.phone end;
  new_code := case when _changes ? 'country_code'
    then nullif(btrim(_changes ->> 'country_code'), '') else before.country_code end;
  new_country := case when _changes ? 'country'
    then nullif(btrim(_changes ->> 'country'), '') else before.country end;
  new_email := case when _changes ? 'email'
    then nullif(btrim(_changes ->> 'email'), '') else before.email end;
  if _changes ? 'phone' and new_code is null then
    raise exception 'a corrected phone number needs its country code'
      using errcode = '23514', hint = 'phone_needs_country';
  end if;

  -- The lead first: its constraints (name length, 8–15 digits, code and e-mail format) decide,
  -- and its triggers clean the text; the request takes the values as the lead stored them.
  update public.offer_leads l
  set name = new_name, phone = new_phone, country_code = new_code, country = new_country,
      email = new_email
  where l.id = before.lead_id
  returning l.name, l.phone, l.country_code, l.country, l.email
  into new_name, new_phone, new_code, new_country, new_email;

  update public.contact_requests r
  set name = new_name, phone = new_phone, country_code = new_code, country = new_country,
      email = new_email
  where r.id = _id
  returning r.* into saved;

  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  if saved.name is distinct from before.name then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (_id, saved.version, staff_id, staff_name, 'name', before.name, saved.name);
  end if;
  if saved.phone is distinct from before.phone or saved.country_code is distinct from before.country_code then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (
      _id, saved.version, staff_id, staff_name, 'phone',
      private.readable_phone(before.country_code, before.phone),
      private.readable_phone(saved.country_code, saved.phone)
    );
  end if;
  if saved.email is distinct from before.email then
    insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
    values (_id, saved.version, staff_id, staff_name, 'email', before.email, saved.email);
  end if;
  return saved;
end
$$;

CREATE OR REPLACE FUNCTION public.enter_request(_request jsonb) RETURNS public.contact_requests
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  staff_id uuid;
  staff_name text;
  new_lead_id uuid;
  given_at timestamptz;
  saved public.contact_requests;
begin
  perform private.require_live_staff();
  if _request is null or jsonb_typeof(_request) <> 'object' then
    raise exception 'the request must be a JSON object' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_object_keys(_request) k
    where k not in (
      'id', 'name', 'phone', 'country_code', 'country', 'email', 'service', 'message', 'channel',
      'consent_how', 'consent_given_at', 'consent_given_by'
    )
  ) then
    raise exception 'unknown field in the request' using errcode = '22023', hint = 'unknown_field';
  end if;
  if nullif(btrim(_request ->> 'channel'), '') is null then
    raise exception 'a request staff enter needs its channel'
      using errcode = '23514', hint = 'contact_requests_entry_channel';
  end if;
  if nullif(btrim(_request ->> 'country_code'), '') is null then
    raise exception 'a phone number entered by staff needs its country code'
      using errcode = '23514', hint = 'phone_needs_country';
  end if;
  given_at := (_request ->> 'consent_given_at')::timestamptz;
  if given_at > now() + interval '5 minutes' then
    raise exception 'consent cannot be given in the future'
      using errcode = '23514', hint = 'consent_in_future';
  end if;
  select s.id, s.username into staff_id, staff_name from private.current_staff() s;
  new_lead_id := coalesce((_request ->> 'id')::uuid, gen_random_uuid());

  select * into saved from public.contact_requests r where r.lead_id = new_lead_id;
  if found then
    -- The same entry sent again answers the request it made; a binned one is not shown.
    if saved.deleted_at is not null then
      raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
    end if;
    return saved;
  end if;

  perform set_config('rihla.staff_entry', 'on', true);
  perform set_config('rihla.staff_entry_data', jsonb_build_object(
    'lead_id', new_lead_id,
    'channel', _request ->> 'channel',
    'entered_by', staff_id,
    'entered_by_name', staff_name,
    'consent_how', _request ->> 'consent_how',
    'consent_given_at', given_at,
    'consent_given_by', _request ->> 'consent_given_by'
  )::text, true);
  insert into public.offer_leads (
    id, name, phone, country_code, country, email, service, notes, source, language
  )
  values (
    new_lead_id,
    _request ->> 'name',
    _request ->> 'phone',
    _request ->> 'country_code',
    _request ->> 'country',
    _request ->> 'email',
    (_request ->> 'service')::public.lead_service,
    _request ->> 'message',
    'staff:' || coalesce(_request ->> 'channel', ''),
    'ar'
  );
  perform set_config('rihla.staff_entry', 'off', true);
  perform set_config('rihla.staff_entry_data', '', true);

  -- Staff know about it already: the agency's mail is for requests nobody has seen yet.
  delete from private.lead_notifications n where n.lead_id = new_lead_id;

  select * into strict saved from public.contact_requests r where r.lead_id = new_lead_id;
  insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
  values (saved.id, saved.version, staff_id, staff_name, 'entered', null, saved.entry_channel);
  return saved;
end
$$;

-- A withdrawal erases at once through the site's own link, and goes to the bin through a link
-- staff issued.
CREATE OR REPLACE FUNCTION public.patient_withdraw(_token text, _reference text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  lead uuid;
  claims text;
  issued_by uuid;
  request_id uuid;
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
  select p.token_issued_by into issued_by from private.patient_pages p where p.lead_id = lead;
  select r.id into request_id from public.contact_requests r where r.lead_id = lead;
  if issued_by is not null then
    -- A link staff issued: whoever holds it may not be the patient, so the request goes to the bin,
    -- where the retention job or an owner erases it. The link stops working at once.
    update private.patient_pages set token_hash = null where lead_id = lead;
    update private.patient_confirmations set link_token = null where lead_id = lead;
    perform private.add_request_event(request_id, 'patient_link', null, 'withdrawn', 'patient');
    update public.contact_requests r set deleted_at = now(), deleted_by = null
    where r.id = request_id and r.deleted_at is null;
    return jsonb_build_object('ok', true, 'erased', false);
  end if;
  -- An erasure the patient asked for, not a staff delete: the bin's trigger
  -- (20261126100000_staff_roles_and_bin.sql) leaves deletes outside the API roles alone, so the
  -- statement runs as the database itself would, then the caller's claims come back.
  claims := current_setting('request.jwt.claims', true);
  perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
  delete from public.offer_leads where id = lead;
  perform set_config('request.jwt.claims', coalesce(claims, ''), true);
  if request_id is not null then
    insert into private.request_purges (request_id, deleted_at, deleted_by, purged_by)
    values (request_id, null, null, 'patient');
  end if;
  return jsonb_build_object('ok', true, 'erased', true);
end
$$;
