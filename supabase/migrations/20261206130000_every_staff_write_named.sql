-- Every staff write names what it was made on (issue 41 item 1): the writes that still took the
-- last writer's word now go through functions that check it.
--
-- - Templates, clinics and accreditations: owners save them with save_message_template,
--   save_clinic, save_clinic_accreditation and delete_clinic_accreditation, each naming the
--   updated_at (an accreditation: its checked_at) the screen opened; a row another owner saved
--   since is refused as stale (private.refuse_stale: who and when). A new row takes the id the
--   screen made, so a repeat after a lost answer is the same row, not a second one.
-- - The patient's step names the step the screen showed (set_patient_step's _from_step).
-- - Asking the patient for a file carries an idempotency key (a repeat is answered, not asked twice).
-- - Through the API, staff write these tables and a request's or lead's columns only through
--   functions: a table write by `authenticated` on a table path (not /rpc/…) is refused
--   (private.refuse_table_write, 42501 write_through_function). PostgREST names the path of each
--   request in request.path; SQL run by the database owner or a function is not a request.

create function private.refuse_table_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'authenticated'
    and coalesce(current_setting('request.path', true), '') <> ''
    and current_setting('request.path', true) !~ '^(/rest/v1)?/rpc/'
  then
    raise exception 'staff change % through its function, which names what they saw', tg_table_name
      using errcode = '42501', hint = 'write_through_function';
  end if;
  return null;
end
$$;
comment on function private.refuse_table_write() is
  'Refuses a staff table write made through the API''s table routes: the table''s writes go through functions that name what the writer saw (issue 41).';
revoke all on function private.refuse_table_write() from public;

create trigger refuse_table_write before insert or update or delete on public.message_templates
  for each statement execute function private.refuse_table_write();
create trigger refuse_table_write before insert or update or delete on public.clinics
  for each statement execute function private.refuse_table_write();
create trigger refuse_table_write before insert or update or delete on public.clinic_accreditations
  for each statement execute function private.refuse_table_write();
-- Deleting a request or a lead (to the bin) stays a table call: a repeat deletes nothing more.
create trigger refuse_table_write before update on public.contact_requests
  for each statement execute function private.refuse_table_write();
create trigger refuse_table_write before update on public.offer_leads
  for each statement execute function private.refuse_table_write();

-- Refuses fields a save does not take.
create function private.require_fields(_fields jsonb, _allowed text[]) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if _fields is null or jsonb_typeof(_fields) <> 'object' or exists (
    select 1 from jsonb_object_keys(_fields) k where k <> all (_allowed)
  ) then
    raise exception 'this save takes %', array_to_string(_allowed, ', ')
      using errcode = '22023', hint = 'unknown_field';
  end if;
end
$$;
comment on function private.require_fields(_fields jsonb, _allowed text[]) is
  'Refuses (22023 unknown_field) a save''s fields that are not an object of the allowed keys.';
revoke all on function private.require_fields(_fields jsonb, _allowed text[]) from public;

create function public.save_message_template(
  _id uuid, _expected_updated_at timestamptz, _fields jsonb
) returns public.message_templates
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved public.message_templates;
begin
  perform private.assert_owner();
  perform private.require_fields(
    _fields, array['title_ar', 'title_en', 'body_ar', 'body_en', 'position', 'archived_at']
  );
  if _id is null then
    raise exception 'a template needs the id its screen made' using errcode = '22023', hint = 'unknown_field';
  end if;
  select * into saved from public.message_templates t where t.id = _id for update;
  if not found then
    if _expected_updated_at is not null then
      raise exception 'template not found' using errcode = 'PT404', hint = 'template_not_found';
    end if;
    insert into public.message_templates (id, title_ar, title_en, body_ar, body_en, position)
    select _id, r.title_ar, r.title_en, r.body_ar, r.body_en, coalesce(r.position, 100)
    from jsonb_populate_record(null::public.message_templates, _fields) r
    returning * into saved;
    return saved;
  end if;
  if _expected_updated_at is null then
    -- The same new template again (its answer was lost): what was stored.
    return saved;
  end if;
  if saved.updated_at is distinct from _expected_updated_at then
    perform private.refuse_stale(
      'message_template', saved.version,
      (select a.id from private.admin_users a where a.username = saved.updated_by), saved.updated_at
    );
  end if;
  update public.message_templates t
  set (title_ar, title_en, body_ar, body_en, position, archived_at) = (
    select r.title_ar, r.title_en, r.body_ar, r.body_en, r.position, r.archived_at
    from jsonb_populate_record(t, _fields) r
  )
  where t.id = _id
  returning * into saved;
  return saved;
end
$$;
comment on function public.save_message_template(_id uuid, _expected_updated_at timestamptz, _fields jsonb) is
  'Owners: adds a template under the id the screen made (_expected_updated_at null, a repeat answers the stored one) or saves one as opened (saved since by someone: PT409 stale_version).';
revoke all on function public.save_message_template(_id uuid, _expected_updated_at timestamptz, _fields jsonb) from public;
grant execute on function public.save_message_template(_id uuid, _expected_updated_at timestamptz, _fields jsonb) to authenticated;

create function public.save_clinic(
  _id uuid, _expected_updated_at timestamptz, _fields jsonb
) returns public.clinics
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved public.clinics;
begin
  perform private.assert_owner();
  perform private.require_fields(_fields, array[
    'slug', 'name_ar', 'name_en', 'city_ar', 'city_en', 'country', 'languages', 'includes_hotel',
    'includes_transfer', 'includes_interpreter', 'hotel', 'treatments', 'currency', 'about_ar',
    'about_en', 'active'
  ]);
  if _id is null then
    raise exception 'a clinic needs the id its screen made' using errcode = '22023', hint = 'unknown_field';
  end if;
  select * into saved from public.clinics c where c.id = _id for update;
  if not found then
    if _expected_updated_at is not null then
      raise exception 'clinic not found' using errcode = 'PT404', hint = 'clinic_not_found';
    end if;
    insert into public.clinics (id, slug, name_ar, name_en, city_ar, city_en, country)
    select _id, r.slug, r.name_ar, r.name_en, r.city_ar, r.city_en, r.country
    from jsonb_populate_record(null::public.clinics, _fields) r
    returning * into saved;
  elsif _expected_updated_at is null then
    -- The same new clinic again (its answer was lost): what was stored.
    return saved;
  elsif saved.updated_at is distinct from _expected_updated_at then
    perform private.refuse_stale('clinic', 0, saved.updated_by, saved.updated_at);
  end if;
  update public.clinics c
  set (slug, name_ar, name_en, city_ar, city_en, country, languages, includes_hotel,
       includes_transfer, includes_interpreter, hotel, treatments, currency, about_ar, about_en,
       active) = (
    select r.slug, r.name_ar, r.name_en, r.city_ar, r.city_en, r.country, r.languages,
      r.includes_hotel, r.includes_transfer, r.includes_interpreter, r.hotel, r.treatments,
      r.currency, r.about_ar, r.about_en, r.active
    from jsonb_populate_record(c, _fields) r
  )
  where c.id = _id
  returning * into saved;
  return saved;
end
$$;
comment on function public.save_clinic(_id uuid, _expected_updated_at timestamptz, _fields jsonb) is
  'Owners: adds a clinic under the id the screen made (_expected_updated_at null, a repeat answers the stored one) or saves one as opened (saved since by someone: PT409 stale_version).';
revoke all on function public.save_clinic(_id uuid, _expected_updated_at timestamptz, _fields jsonb) from public;
grant execute on function public.save_clinic(_id uuid, _expected_updated_at timestamptz, _fields jsonb) to authenticated;

create function public.save_clinic_accreditation(
  _id uuid, _expected_checked_at timestamptz, _fields jsonb
) returns public.clinic_accreditations
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved public.clinic_accreditations;
begin
  perform private.assert_owner();
  perform private.require_fields(_fields, array['clinic_id', 'body', 'certificate_number', 'valid_until']);
  if _id is null then
    raise exception 'an accreditation needs the id its screen made' using errcode = '22023', hint = 'unknown_field';
  end if;
  select * into saved from public.clinic_accreditations a where a.id = _id for update;
  if not found then
    if _expected_checked_at is not null then
      raise exception 'accreditation not found' using errcode = 'PT404', hint = 'accreditation_not_found';
    end if;
    insert into public.clinic_accreditations (id, clinic_id, body, certificate_number, valid_until)
    select _id, r.clinic_id, r.body, r.certificate_number, r.valid_until
    from jsonb_populate_record(null::public.clinic_accreditations, _fields) r
    returning * into saved;
    return saved;
  end if;
  if _expected_checked_at is null then
    return saved;
  end if;
  if saved.checked_at is distinct from _expected_checked_at then
    perform private.refuse_stale('clinic_accreditation', 0, saved.checked_by, saved.checked_at);
  end if;
  -- A renewal is a new check: who and when are stamped (private.stamp_clinic_accreditation).
  update public.clinic_accreditations a
  set (body, certificate_number, valid_until, checked_at) = (
    select r.body, r.certificate_number, r.valid_until, now()
    from jsonb_populate_record(a, _fields - 'clinic_id') r
  )
  where a.id = _id
  returning * into saved;
  return saved;
end
$$;
comment on function public.save_clinic_accreditation(_id uuid, _expected_checked_at timestamptz, _fields jsonb) is
  'Owners: records a new accreditation under the id the screen made, or a renewal of one as opened (its checked_at, checked since by someone: PT409 stale_version).';
revoke all on function public.save_clinic_accreditation(_id uuid, _expected_checked_at timestamptz, _fields jsonb) from public;
grant execute on function public.save_clinic_accreditation(_id uuid, _expected_checked_at timestamptz, _fields jsonb) to authenticated;

create function public.delete_clinic_accreditation(_id uuid, _expected_checked_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved public.clinic_accreditations;
begin
  perform private.assert_owner();
  select * into saved from public.clinic_accreditations a where a.id = _id for update;
  if not found then
    return; -- already gone: done
  end if;
  if saved.checked_at is distinct from _expected_checked_at then
    perform private.refuse_stale('clinic_accreditation', 0, saved.checked_by, saved.checked_at);
  end if;
  delete from public.clinic_accreditations a where a.id = _id;
end
$$;
comment on function public.delete_clinic_accreditation(_id uuid, _expected_checked_at timestamptz) is
  'Owners: deletes an accreditation as opened (checked since by someone: PT409 stale_version, already gone: done).';
revoke all on function public.delete_clinic_accreditation(_id uuid, _expected_checked_at timestamptz) from public;
grant execute on function public.delete_clinic_accreditation(_id uuid, _expected_checked_at timestamptz) to authenticated;

-- The patient's step, over the step the screen showed.
drop function public.set_patient_step(_request_id uuid, _step text);
create function public.set_patient_step(_request_id uuid, _step text, _from_step text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead uuid;
  old_step text;
  old_at timestamptz;
begin
  perform private.require_staff();
  select lead_id into lead from public.contact_requests where id = _request_id and deleted_at is null;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  select p.step, p.step_at into old_step, old_at
  from private.patient_pages p where p.lead_id = lead for update;
  if old_step is not distinct from nullif(_step, '') then
    return;
  end if;
  if old_step is distinct from nullif(_from_step, '') then
    perform private.refuse_stale(
      'patient_step', 0,
      (select e.author_id from public.request_events e
       where e.request_id = _request_id and e.kind = 'patient_step' order by e.id desc limit 1),
      old_at, jsonb_build_object('step', old_step)
    );
  end if;
  insert into private.patient_pages (lead_id, step, step_at) values (lead, nullif(_step, ''), now())
  on conflict (lead_id) do update set step = excluded.step, step_at = excluded.step_at;
  perform private.add_request_event(_request_id, 'patient_step', old_step, nullif(_step, ''));
end
$$;
comment on function public.set_patient_step(_request_id uuid, _step text, _from_step text) is
  'Staff: sets the step the patient''s page shows, over the step the screen showed (_from_step, moved since by someone: PT409 stale_version, the same step: done).';
revoke all on function public.set_patient_step(_request_id uuid, _step text, _from_step text) from public;
grant execute on function public.set_patient_step(_request_id uuid, _step text, _from_step text) to authenticated, service_role;

-- Asking for a file, once per idempotency key.
drop function public.ask_for_request_file(_request_id uuid, _slot text);
create function public.ask_for_request_file(_request_id uuid, _slot text, _idempotency_key text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
  if private.replayed_answer('ask_for_request_file', _idempotency_key) is not null then
    return;
  end if;
  insert into private.request_file_asks (request_id, slot, asked_by)
  values (_request_id, _slot, (select s.username from private.current_staff() s))
  on conflict (request_id, slot) do update set asked_at = now(), asked_by = excluded.asked_by;
  if needed then
    update private.request_file_progress p set complete_at = null where p.request_id = _request_id;
  end if;
  perform private.add_request_event(_request_id, 'file_requested', null, _slot);
  perform private.remember_answer('ask_for_request_file', _idempotency_key, jsonb_build_object(
    'request_id', _request_id, 'slot', _slot
  ));
end
$$;
comment on function public.ask_for_request_file(_request_id uuid, _slot text, _idempotency_key text) is
  'Staff: asks the patient for a file of a slot, once per idempotency key (a repeat is answered, not asked again).';
revoke all on function public.ask_for_request_file(_request_id uuid, _slot text, _idempotency_key text) from public;
grant execute on function public.ask_for_request_file(_request_id uuid, _slot text, _idempotency_key text) to authenticated, service_role;
