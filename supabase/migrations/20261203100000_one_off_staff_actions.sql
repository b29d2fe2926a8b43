-- The write protocol (issue 41, 20261202100000_staff_write_protocol.sql) for the staff's other
-- one-off actions: logging a contact (a WhatsApp message, a call), issuing and revoking a patient's
-- link, merging requests and undoing a merge, releasing held requests, restoring from the bin and
-- purging it. Each now carries an idempotency key (private.replayed_answer / remember_answer): a
-- repeat of the key (a lost reply, a second press, the notice's «إعادة المحاولة») is the same
-- action, answered with what the first call answered, and nothing happens twice. The old
-- signatures are dropped, so no screen can act without a key. The 30-second "same record twice"
-- guess of the contact log is gone with them: the key says what is a repeat.
--
-- Records are what happened (issue 41, item 4): a template's text has a version (raised by each
-- change of a title or a body) and every version is kept (private.message_template_versions), so a
-- WhatsApp record names the template and the version that went out (request_events.old_value
-- `<template id>:<version>`, new_value that version's Arabic title) and is accepted although the
-- owner edited or archived the template since the coordinator's list opened.

-- A template's content version, raised when a title or a body changes (not by its place or an
-- archive: those change nothing that went out).
alter table public.message_templates add column version integer not null default 1;
alter table public.message_templates
  add constraint message_templates_version check (version >= 1);

comment on column public.message_templates.version is
  'The version of the template''s text: raised by each change of a title or a body (issue 41).';

-- Every version of every template's text, so a record can say what went out.
create table private.message_template_versions (
  template_id uuid not null references public.message_templates (id) on delete cascade,
  version integer not null,
  title_ar text not null,
  title_en text not null,
  body_ar text not null,
  body_en text not null,
  saved_at timestamptz not null default now(),
  saved_by text,
  primary key (template_id, version)
);

comment on table private.message_template_versions is
  'Each version of a message template''s text (issue 41): a WhatsApp record names the one sent.';

alter table private.message_template_versions enable row level security;
revoke all on table private.message_template_versions from public, anon, authenticated;

insert into private.message_template_versions
  (template_id, version, title_ar, title_en, body_ar, body_en, saved_at, saved_by)
select t.id, t.version, t.title_ar, t.title_en, t.body_ar, t.body_en, t.updated_at, t.updated_by
from public.message_templates t;

-- Before a change: the version goes up when the text changes (the client cannot set it).
create function private.bump_message_template_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
  elsif (new.title_ar, new.title_en, new.body_ar, new.body_en)
        is distinct from (old.title_ar, old.title_en, old.body_ar, old.body_en) then
    new.version := old.version + 1;
  else
    new.version := old.version;
  end if;
  return new;
end
$$;

comment on function private.bump_message_template_version() is
  'Raises a message template''s version when its text changes (issue 41).';

-- After a change: the version's text is kept.
create function private.keep_message_template_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.message_template_versions
    (template_id, version, title_ar, title_en, body_ar, body_en, saved_at, saved_by)
  values (new.id, new.version, new.title_ar, new.title_en, new.body_ar, new.body_en,
          new.updated_at, new.updated_by)
  on conflict (template_id, version) do nothing;
  return null;
end
$$;

comment on function private.keep_message_template_version() is
  'Keeps each version of a message template''s text (issue 41).';

create trigger bump_message_template_version
  before insert or update on public.message_templates
  for each row execute function private.bump_message_template_version();
create trigger keep_message_template_version
  after insert or update on public.message_templates
  for each row execute function private.keep_message_template_version();

drop function public.log_whatsapp_message(uuid, uuid);
drop function public.log_call(uuid, text, timestamptz, boolean);

-- Records a WhatsApp message the caller sent for `_request_id` with version `_template_version`
-- of template `_template_id` (both null: the chat opened without a template). The version must be
-- one the template had (an edit or an archive since the list opened does not refuse it: the record
-- says what went out); a template without a version is refused (22023, hint template_version), an
-- unknown one is not found (PT404, template_not_found). `_idempotency_key`: a repeat returns the
-- first record, replayed. Returns the record (the request_events row) as JSON, with `replayed`.
create function public.log_whatsapp_message(
  _request_id uuid,
  _template_id uuid,
  _template_version integer,
  _idempotency_key text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.contact_requests := private.staff_request(_request_id);
  staff record;
  sent private.message_template_versions;
  recorded public.request_events;
  replay jsonb;
begin
  replay := private.replayed_answer('log_whatsapp_message', _idempotency_key);
  if replay is not null then
    return replay;
  end if;
  select s.id, s.username into staff from private.current_staff() s;
  if _template_id is not null or _template_version is not null then
    if _template_id is null or _template_version is null then
      raise exception 'a template is named by its id and the version that went out'
        using errcode = '22023', hint = 'template_version';
    end if;
    select * into sent from private.message_template_versions v
    where v.template_id = _template_id and v.version = _template_version;
    if sent.template_id is null then
      raise exception 'template not found' using errcode = 'PT404', hint = 'template_not_found';
    end if;
  end if;
  insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
  values (
    target.id, target.version, staff.id, staff.username, 'whatsapp',
    case when sent.template_id is not null then sent.template_id || ':' || sent.version end,
    sent.title_ar
  )
  returning * into recorded;
  return private.remember_answer('log_whatsapp_message', _idempotency_key, to_jsonb(recorded));
end
$$;

comment on function public.log_whatsapp_message(uuid, uuid, integer, text) is
  'Records the WhatsApp message (template version) that went out, once per idempotency key.';

-- Records a call and its outcome (answered, no_answer, wrong_number, call_back with a time in the
-- coming year); a call back also sets the request's follow-up unless `_set_follow_up` is false.
-- `_idempotency_key` (required: 22023, hint idempotency_key): a repeat returns the first record,
-- replayed, and sets nothing again. Returns the record as JSON, with `replayed`.
create function public.log_call(
  _request_id uuid,
  _outcome text,
  _call_back_at timestamptz default null,
  _set_follow_up boolean default true,
  _idempotency_key text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.contact_requests := private.staff_request(_request_id);
  staff record;
  at_text text;
  recorded public.request_events;
  replay jsonb;
begin
  replay := private.replayed_answer('log_call', _idempotency_key);
  if replay is not null then
    return replay;
  end if;
  if _outcome is null or _outcome not in ('answered', 'no_answer', 'wrong_number', 'call_back') then
    raise exception 'unknown call outcome' using errcode = '22023', hint = 'call_outcome';
  end if;
  if _outcome = 'call_back' and (
    _call_back_at is null or _call_back_at <= now() or _call_back_at > now() + interval '1 year'
  ) then
    raise exception 'a call back needs a time in the coming year'
      using errcode = '22023', hint = 'call_back_time';
  end if;
  if _outcome = 'call_back' then
    at_text := to_char(_call_back_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
  end if;
  select s.id, s.username into staff from private.current_staff() s;
  insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
  values (target.id, target.version, staff.id, staff.username, 'call', at_text, _outcome)
  returning * into recorded;
  if _outcome = 'call_back' and coalesce(_set_follow_up, true) then
    update public.contact_requests set follow_up_at = _call_back_at where id = target.id;
  end if;
  return private.remember_answer('log_call', _idempotency_key, to_jsonb(recorded));
end
$$;

comment on function public.log_call(uuid, text, timestamptz, boolean, text) is
  'Records a call and its outcome, once per idempotency key (a replay returns the record).';

drop function public.issue_patient_link(uuid);
drop function public.revoke_patient_link(uuid);

-- The stored answers of earlier link issues for `_lead` lose their token when that link stops (a
-- new one, a revocation): a replay of them is then refused as replaced, and no live token is kept
-- but the current one.
create function private.forget_issued_link_answers(_lead uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.staff_write_answers
  set answer = (answer - 'token') || jsonb_build_object('replaced_at', now())
  where action = 'issue_patient_link' and answer ->> 'lead_id' = _lead::text
    and answer ? 'token';
$$;

comment on function private.forget_issued_link_answers(uuid) is
  'Takes the token out of the stored answers of a lead''s earlier link issues (issue 41).';

-- Issues a new link to the patient's page of `_request_id` (the old one stops) and returns its
-- token. `_idempotency_key`: a repeat returns the same token, and issues nothing again, while that
-- link is live; once it was replaced or revoked the repeat is refused (PT409, hint
-- patient_link_replaced) rather than answer a link that no longer opens.
create function public.issue_patient_link(_request_id uuid, _idempotency_key text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  raw text;
  replay jsonb;
begin
  perform private.require_staff();
  select lead_id into lead from public.contact_requests where id = _request_id and deleted_at is null;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  replay := private.replayed_answer('issue_patient_link', _idempotency_key);
  if replay is not null then
    if replay ? 'token' then
      return replay ->> 'token';
    end if;
    raise exception 'the link issued then was replaced or revoked since'
      using errcode = 'PT409', hint = 'patient_link_replaced',
        detail = jsonb_build_object('at', replay -> 'replaced_at')::text;
  end if;
  raw := private.new_patient_token();
  perform private.forget_issued_link_answers(lead);
  insert into private.patient_pages (lead_id, token_hash, token_issued_at, token_issued_by)
  values (lead, private.patient_token_hash(raw), now(), (select s.id from private.current_staff() s))
  on conflict (lead_id) do update
    set token_hash = excluded.token_hash, token_issued_at = excluded.token_issued_at,
      token_issued_by = excluded.token_issued_by;
  update private.patient_confirmations set link_token = raw
  where lead_id = lead and sent_at is null and gave_up_at is null;
  perform private.add_request_event(_request_id, 'patient_link', null, 'issued');
  perform private.remember_answer('issue_patient_link', _idempotency_key, jsonb_build_object(
    'request_id', _request_id, 'lead_id', lead, 'token', raw
  ));
  return raw;
end
$$;

comment on function public.issue_patient_link(uuid, text) is
  'Issues a new link to the patient''s page, once per idempotency key (a replay: the same token).';

-- Stops the link to the patient's page of `_request_id`. `_idempotency_key`: a repeat changes and
-- records nothing again.
create function public.revoke_patient_link(_request_id uuid, _idempotency_key text)
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
  select lead_id into lead from public.contact_requests where id = _request_id and deleted_at is null;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  if private.replayed_answer('revoke_patient_link', _idempotency_key) is not null then
    return;
  end if;
  perform private.forget_issued_link_answers(lead);
  update private.patient_pages set token_hash = null where lead_id = lead;
  update private.patient_confirmations set link_token = null where lead_id = lead;
  perform private.add_request_event(_request_id, 'patient_link', null, 'revoked');
  perform private.remember_answer('revoke_patient_link', _idempotency_key, jsonb_build_object(
    'request_id', _request_id
  ));
end
$$;

comment on function public.revoke_patient_link(uuid, text) is
  'Stops the link to the patient''s page, once per idempotency key.';

-- The merge functions of 20261126110200_person_merge.sql (as 20261129100000 left them), each now
-- one action per idempotency key: a repeat returns the first answer (replayed) instead of "already
-- one person" or "nothing to undo", and changes nothing.
alter function public.merge_requests(uuid, uuid) rename to merge_requests_once;
alter function public.merge_requests_once(uuid, uuid) set schema private;
alter function public.undo_merge(uuid) rename to undo_merge_once;
alter function public.undo_merge_once(uuid) set schema private;
revoke execute on function private.merge_requests_once(uuid, uuid) from public, anon, authenticated;
revoke execute on function private.undo_merge_once(uuid) from public, anon, authenticated;

comment on function private.merge_requests_once(uuid, uuid) is
  'The merge itself (public.merge_requests adds the idempotency key).';
comment on function private.undo_merge_once(uuid) is
  'The undo itself (public.undo_merge adds the idempotency key).';

-- Makes the requests of `_id` and of `_other` one person; returns {person_id, merged, replayed}.
create function public.merge_requests(_id uuid, _other uuid, _idempotency_key text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  replay jsonb;
begin
  perform private.require_live_staff();
  replay := private.replayed_answer('merge_requests', _idempotency_key);
  if replay is not null then
    return replay;
  end if;
  return private.remember_answer(
    'merge_requests', _idempotency_key, private.merge_requests_once(_id, _other)
  );
end
$$;

comment on function public.merge_requests(uuid, uuid, text) is
  'Makes two requests'' people one, once per idempotency key (a replay returns the answer).';

-- Undoes the last merge of `_id`'s person; returns {restored, replayed}.
create function public.undo_merge(_id uuid, _idempotency_key text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  replay jsonb;
begin
  perform private.require_live_staff();
  replay := private.replayed_answer('undo_merge', _idempotency_key);
  if replay is not null then
    return replay;
  end if;
  return private.remember_answer('undo_merge', _idempotency_key, private.undo_merge_once(_id));
end
$$;

comment on function public.undo_merge(uuid, text) is
  'Undoes the last merge, once per idempotency key (a replay returns the answer).';

drop function public.release_held_requests(uuid[]);

-- Releases the held requests among `_ids` (and their leads); returns how many were released. A
-- repeat of `_idempotency_key` returns the first count.
create function public.release_held_requests(_ids uuid[], _idempotency_key text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  released integer;
  replay jsonb;
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'only staff may release held requests' using errcode = '42501';
  end if;
  replay := private.replayed_answer('release_held_requests', _idempotency_key);
  if replay is not null then
    return (replay ->> 'released')::integer;
  end if;
  update public.offer_leads set held_reason = null
  where held_reason is not null
    and id in (select lead_id from public.contact_requests where id = any(_ids));
  update public.contact_requests set held_reason = null
  where held_reason is not null and id = any(_ids);
  get diagnostics released = row_count;
  perform private.remember_answer('release_held_requests', _idempotency_key,
    jsonb_build_object('released', released));
  return released;
end
$$;

comment on function public.release_held_requests(uuid[], text) is
  'Releases held requests, once per idempotency key (a replay returns the first count).';

drop function public.restore_requests(uuid[]);
drop function public.purge_requests(uuid[]);

-- Owners: takes the requests among `_ids` out of the bin; returns the ids restored. A repeat of
-- `_idempotency_key` returns the first answer.
create function public.restore_requests(_ids uuid[], _idempotency_key text)
returns uuid[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  restored uuid[];
  replay jsonb;
begin
  perform private.assert_owner();
  if cardinality(_ids) > 500 then
    raise exception 'at most 500 requests at once' using errcode = '22023', hint = 'too_many';
  end if;
  replay := private.replayed_answer('restore_requests', _idempotency_key);
  if replay is not null then
    return array(select jsonb_array_elements_text(replay -> 'restored')::uuid);
  end if;
  with back as (
    update public.contact_requests r
    set deleted_at = null, deleted_by = null
    where r.id = any (_ids) and r.deleted_at is not null
    returning r.id
  )
  select coalesce(array_agg(id), '{}') into restored from back;
  perform private.remember_answer('restore_requests', _idempotency_key,
    jsonb_build_object('restored', to_jsonb(restored)));
  return restored;
end
$$;

comment on function public.restore_requests(uuid[], text) is
  'Owners: restores requests from the bin, once per idempotency key.';

-- Owners: erases the requests among `_ids` that are in the bin; returns how many. A repeat of
-- `_idempotency_key` returns the first count.
create function public.purge_requests(_ids uuid[], _idempotency_key text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  purged integer;
  replay jsonb;
begin
  perform private.assert_owner();
  if cardinality(_ids) > 500 then
    raise exception 'at most 500 requests at once' using errcode = '22023', hint = 'too_many';
  end if;
  replay := private.replayed_answer('purge_requests', _idempotency_key);
  if replay is not null then
    return (replay ->> 'purged')::integer;
  end if;
  purged := private.purge_binned(_ids, (select s.username from private.current_staff() s));
  perform private.remember_answer('purge_requests', _idempotency_key,
    jsonb_build_object('purged', purged));
  return purged;
end
$$;

comment on function public.purge_requests(uuid[], text) is
  'Owners: erases requests in the bin for good, once per idempotency key.';

revoke execute on function public.log_whatsapp_message(uuid, uuid, integer, text) from public, anon;
revoke execute on function public.log_call(uuid, text, timestamptz, boolean, text) from public, anon;
revoke execute on function public.issue_patient_link(uuid, text) from public, anon;
revoke execute on function public.revoke_patient_link(uuid, text) from public, anon;
revoke execute on function public.merge_requests(uuid, uuid, text) from public, anon;
revoke execute on function public.undo_merge(uuid, text) from public, anon;
revoke execute on function public.release_held_requests(uuid[], text) from public, anon;
revoke execute on function public.restore_requests(uuid[], text) from public, anon;
revoke execute on function public.purge_requests(uuid[], text) from public, anon;
grant execute on function public.log_whatsapp_message(uuid, uuid, integer, text)
  to authenticated, service_role;
grant execute on function public.log_call(uuid, text, timestamptz, boolean, text)
  to authenticated, service_role;
grant execute on function public.issue_patient_link(uuid, text) to authenticated, service_role;
grant execute on function public.revoke_patient_link(uuid, text) to authenticated, service_role;
grant execute on function public.merge_requests(uuid, uuid, text) to authenticated, service_role;
grant execute on function public.undo_merge(uuid, text) to authenticated, service_role;
grant execute on function public.release_held_requests(uuid[], text)
  to authenticated, service_role;
grant execute on function public.restore_requests(uuid[], text) to authenticated;
grant execute on function public.purge_requests(uuid[], text) to authenticated;

revoke execute on all functions in schema private from public;
