-- WhatsApp media through the same file gate (issue 46 item 2). An image or a document a patient
-- sends on WhatsApp is stored first as a message naming Meta's media id (whatsapp_receive); its
-- media_state is then 'pending'. The whatsapp-webhook function (at once) and the whatsapp-send
-- worker (later, for what failed) claim pending media (public.claim_whatsapp_media), download the
-- bytes from the Graph API, begin a request file for them (public.whatsapp_media_begin: the slot
-- the patient was asked for, else the request's reports; the same limits as the patient's page),
-- upload them into the private bucket request-files and run the one server-side file gate
-- (supabase/functions/_shared/file-gate.ts) through public.finish_request_file, exactly as a
-- patient's upload is checked. The message then names its file (file_id) and says 'stored' or
-- 'refused' with the gate's reason; Meta out of reach is retried with growing delays.
--
-- The file row is private.request_files: it references the request with on delete cascade, and its
-- deletion queues its object for removal (private.queue_request_file_deletion), so the erasure,
-- the bin's purge, the withdrawal and the retention remove WhatsApp media as they remove uploads.
-- Audio and video are kept as messages only (no slot takes them); a location is a message and is
-- never shared on.

alter table public.whatsapp_messages
  add column file_id uuid references private.request_files (id) on delete set null,
  add column media_state text,
  add column media_attempts integer not null default 0,
  add column media_next_at timestamptz,
  add column media_reason text,
  add constraint whatsapp_messages_media_state check (
    media_state is null or media_state in ('pending', 'stored', 'refused', 'failed')
    and direction = 'in' and kind in ('image', 'document')
  ),
  add constraint whatsapp_messages_media_reason_length check (char_length(media_reason) <= 200);
comment on column public.whatsapp_messages.media_state is
  'An inbound image or document: pending (to fetch from the Graph API), stored (in the request''s files), refused (by the file gate or the limits, media_reason says why) or failed (Meta never gave it).';

create index whatsapp_messages_media_due_idx on public.whatsapp_messages (media_next_at)
  where media_state = 'pending';

-- An inbound image or document waits to be fetched from the moment it is stored.
create function private.whatsapp_media_pending()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.direction = 'in' and new.kind in ('image', 'document') and new.media_id is not null then
    new.media_state := 'pending';
    new.media_next_at := now();
  end if;
  return new;
end
$$;

create trigger whatsapp_media_pending
before insert on public.whatsapp_messages
for each row execute function private.whatsapp_media_pending();

-- An open dialog hears when a medium is stored or refused, as it hears a message's state
-- (the topic and payload of private.broadcast_whatsapp_message, with the medium's state).
create function private.broadcast_whatsapp_media()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.media_state is not distinct from old.media_state then
    return null;
  end if;
  perform realtime.send(
    jsonb_build_object('request_id', new.request_id, 'message_id', new.id, 'state', new.state,
      'media_state', new.media_state),
    tg_op,
    'staff:whatsapp_messages',
    true
  );
  return null;
end
$$;

create trigger broadcast_whatsapp_media
after update of media_state on public.whatsapp_messages
for each row execute function private.broadcast_whatsapp_media();

-- Claims up to `_limit` pending media for two minutes, counting the attempt; `_message_id` claims
-- that one message only (the webhook, right after storing it).
create function public.claim_whatsapp_media(_limit integer default 10, _message_id uuid default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed jsonb;
begin
  with due as (
    select m.id from public.whatsapp_messages m
    join public.contact_requests r on r.id = m.request_id and r.deleted_at is null
    where m.media_state = 'pending' and m.media_next_at <= now()
      and (_message_id is null or m.id = _message_id)
    order by m.media_next_at
    limit greatest(1, least(coalesce(_limit, 10), 50))
    for update of m skip locked
  ), updated as (
    update public.whatsapp_messages m
    set media_next_at = now() + interval '2 minutes', media_attempts = m.media_attempts + 1
    from due where m.id = due.id
    returning m.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'message_id', u.id, 'request_id', u.request_id, 'media_id', u.media_id,
    'media_type', u.media_type, 'media_name', u.media_name, 'attempts', u.media_attempts
  )), '[]'::jsonb)
  into claimed from updated u;
  return claimed;
end
$$;
comment on function public.claim_whatsapp_media(integer, uuid) is
  'Claims inbound WhatsApp media to fetch from the Graph API (issue 46).';

-- Begins the request file for a downloaded medium of `_message_id`: `_content_type` is the type
-- Meta declared (the gate then checks the bytes are exactly that), `_bytes` the size downloaded.
-- The slot: the oldest one staff asked the patient for that takes this kind of file and has room,
-- else the treatment's reports. Answers the file's target (private.request_file_target, what the
-- function uploads to and checks), or { refused: reason } when no file can take it: file_type
-- (not a JPEG, PNG, WebP or PDF), file_too_large, request_files_full, file_slot_full; the message
-- is then 'refused' with that reason. A message already begun answers its file's target again.
create function public.whatsapp_media_begin(_message_id uuid, _content_type text, _bytes integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  message public.whatsapp_messages;
  existing private.request_files;
  service text;
  limits private.request_file_limits;
  file_kind text := case _content_type
    when 'application/pdf' then 'pdf'
    when 'image/jpeg' then 'image' when 'image/png' then 'image' when 'image/webp' then 'image'
  end;
  extension text := case _content_type
    when 'image/jpeg' then 'jpg' when 'image/png' then 'png' when 'image/webp' then 'webp' else 'pdf'
  end;
  chosen_slot text;
  used_bytes bigint;
  used_files integer;
  refusal text;
  new_file private.request_files;
  file_id uuid := gen_random_uuid();
begin
  select * into message from public.whatsapp_messages m
  where m.id = _message_id and m.media_state = 'pending' for update;
  if message.id is null then
    return null;
  end if;
  if message.file_id is not null then
    select * into existing from private.request_files f where f.id = message.file_id;
    if existing.state = 'uploading' then
      return private.request_file_target(existing);
    end if;
  end if;
  select r.service::text into service from public.contact_requests r where r.id = message.request_id;
  select * into limits from private.request_file_limits;
  perform pg_advisory_xact_lock(hashtextextended('request_files:' || message.request_id::text, 0));

  if file_kind is null then
    refusal := 'file_type';
  elsif _bytes is null or _bytes < 1 or _bytes > (
    case file_kind when 'pdf' then limits.max_pdf_bytes else limits.max_image_bytes end
  ) then
    refusal := 'file_too_large';
  else
    select coalesce(sum(coalesce(f.bytes, f.declared_bytes)), 0), count(*)
    into used_bytes, used_files
    from private.request_files f
    where f.request_id = message.request_id
      and (f.state = 'ready' or (f.state = 'uploading' and f.created_at > now() - interval '3 hours'));
    if used_files >= limits.max_files_per_request or used_bytes + _bytes > limits.max_request_bytes then
      refusal := 'request_files_full';
    end if;
  end if;
  if refusal is null then
    -- An asked slot that takes this kind and that no file has answered since the ask (the new file
    -- then takes the place of the old one, as the patient's page does).
    select s.slot into chosen_slot
    from private.request_file_asks a
    join private.request_file_slots(service) s on s.slot = a.slot
    where a.request_id = message.request_id and file_kind = any(s.accepts)
      and not exists (
        select 1 from private.request_files f
        where f.request_id = message.request_id and f.slot = s.slot
          and f.state in ('ready', 'uploading') and f.created_at >= a.asked_at
      )
    order by a.asked_at, s.place
    limit 1;
    if chosen_slot is null then
      select s.slot into chosen_slot
      from private.request_file_slots(service) s
      where s.slot = 'report' and file_kind = any(s.accepts)
        and (
          select count(*) from private.request_files f
          where f.request_id = message.request_id and f.slot = s.slot and f.state in ('ready', 'uploading')
        ) < s.max_files;
    end if;
    if chosen_slot is null then
      refusal := 'file_slot_full';
    end if;
  end if;
  if refusal is not null then
    update public.whatsapp_messages m
    set media_state = 'refused', media_reason = refusal, media_next_at = null
    where m.id = _message_id;
    return jsonb_build_object('refused', refusal);
  end if;

  insert into private.request_files (
    id, request_id, slot, kind, content_type, file_name, declared_bytes, object_path
  )
  values (
    file_id, message.request_id, chosen_slot, file_kind, _content_type,
    nullif(left(btrim(private.without_bidi_controls(coalesce(message.media_name, ''))), 120), ''),
    _bytes, format('requests/%s/%s.%s', message.request_id, file_id, extension)
  )
  returning * into new_file;
  update public.whatsapp_messages m set file_id = new_file.id where m.id = _message_id;
  return private.request_file_target(new_file);
end
$$;
comment on function public.whatsapp_media_begin(uuid, text, integer) is
  'Begins the request file of a downloaded WhatsApp medium, in the asked slot or the reports (issue 46).';

-- Records how fetching a medium ended. 'checked': the gate's outcome is read from its file (ready:
-- stored; rejected: refused with the gate's reason). 'retry': the Graph API was not reached (again
-- after 30 s × 2^attempts, five attempts, then failed). 'failed': Meta has no such medium any more
-- (`_reason` says what it answered). A message no longer pending stays as it is.
create function public.finish_whatsapp_media(_message_id uuid, _outcome text, _reason text default null)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  message public.whatsapp_messages;
  file private.request_files;
begin
  select * into message from public.whatsapp_messages m
  where m.id = _message_id and m.media_state = 'pending' for update;
  if message.id is null then
    return coalesce((select m.media_state from public.whatsapp_messages m where m.id = _message_id), 'gone');
  end if;
  if _outcome = 'checked' then
    select * into file from private.request_files f where f.id = message.file_id;
    if file.state = 'ready' then
      update public.whatsapp_messages m set media_state = 'stored', media_next_at = null, media_reason = null
      where m.id = _message_id;
      return 'stored';
    elsif file.state = 'rejected' then
      update public.whatsapp_messages m
      set media_state = 'refused', media_next_at = null, media_reason = left(file.reject_reason, 200)
      where m.id = _message_id;
      return 'refused';
    end if;
  end if;
  if _outcome in ('retry', 'checked') and message.media_attempts < 5 then
    update public.whatsapp_messages m
    set media_next_at = now() + make_interval(secs => 30 * power(2, greatest(message.media_attempts - 1, 0))),
        media_reason = left(_reason, 200)
    where m.id = _message_id;
    return 'pending';
  end if;
  update public.whatsapp_messages m
  set media_state = 'failed', media_next_at = null, media_reason = left(coalesce(_reason, 'not fetched'), 200)
  where m.id = _message_id;
  return 'failed';
end
$$;
comment on function public.finish_whatsapp_media(uuid, text, text) is
  'Records the outcome of fetching one WhatsApp medium: stored, refused, retried or failed (issue 46).';

revoke execute on function private.whatsapp_media_pending() from public;
revoke execute on function private.broadcast_whatsapp_media() from public;
revoke execute on function public.claim_whatsapp_media(integer, uuid) from public, anon, authenticated;
revoke execute on function public.whatsapp_media_begin(uuid, text, integer) from public, anon, authenticated;
revoke execute on function public.finish_whatsapp_media(uuid, text, text) from public, anon, authenticated;
grant execute on function public.claim_whatsapp_media(integer, uuid) to service_role;
grant execute on function public.whatsapp_media_begin(uuid, text, integer) to service_role;
grant execute on function public.finish_whatsapp_media(uuid, text, text) to service_role;
