-- What the patient's page, the request-files edge function and staff do with request files
-- (issue 30; the tables are in 20261127100000_request_files.sql). Patient functions are keyed by
-- the link's token, answer null for a dead one (counted as a miss per address, as issue 29's) and
-- are limited per link and per address; the function's calls need the service key; staff calls
-- need a live admin session.

-- The slots a treatment asks for, in order: hair transplants the four views of the scalp, dental
-- treatments a smile photo and a panoramic X-ray, both with room for reports; every other
-- treatment up to six reports (images or PDFs).
create function private.request_file_slots(_service text)
returns table (slot text, required boolean, max_files integer, accepts text[], place integer)
language sql
immutable
set search_path = ''
as $$
  select v.slot, v.required, v.max_files, v.accepts, v.place
  from (values
    ('hair', 'hair_front', true, 1, array['image'], 1),
    ('hair', 'hair_top', true, 1, array['image'], 2),
    ('hair', 'hair_crown', true, 1, array['image'], 3),
    ('hair', 'hair_donor', true, 1, array['image'], 4),
    ('hair', 'report', false, 4, array['image', 'pdf'], 5),
    ('dental', 'smile', true, 1, array['image'], 1),
    ('dental', 'xray', true, 1, array['image', 'pdf'], 2),
    ('dental', 'report', false, 4, array['image', 'pdf'], 3),
    ('other', 'report', true, 6, array['image', 'pdf'], 1)
  ) as v (family, slot, required, max_files, accepts, place)
  where v.family = case
    when _service = 'hairTransplant' then 'hair'
    when _service in ('dental', 'hollywood') then 'dental'
    else 'other'
  end
  order by v.place
$$;

-- The request of a live link, without counting a miss: for the service's calls, which come from
-- one address (the edge function's) and follow a call of the patient's own that was counted.
create function private.live_request_for_token(_token text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select r.id
  from private.patient_pages p
  join public.contact_requests r on r.lead_id = p.lead_id
  cross join private.retention_settings s
  where _token ~ '^[A-Za-z0-9_-]{22,128}$'
    and p.token_hash = private.patient_token_hash(_token)
    and r.deleted_at is null
    and r.updated_at >= now() - make_interval(
      months => case when r.status = 'cancelled' then s.keep_cancelled_months else s.keep_months end
    )
$$;

-- A request's files by slot, with the asks, the limits and "photos received"; staff also get
-- each file's object paths (to sign), the patient does not.
create function private.request_files_view(_request_id uuid, _for_staff boolean)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'slots', coalesce((
      select jsonb_agg(jsonb_build_object(
        'slot', s.slot, 'required', s.required, 'max_files', s.max_files,
        'accepts', to_jsonb(s.accepts), 'asked_at', a.asked_at,
        'files', coalesce((
          select jsonb_agg(jsonb_build_object(
            'id', f.id, 'kind', f.kind, 'content_type', f.content_type, 'bytes', f.bytes,
            'file_name', f.file_name, 'created_at', f.created_at, 'has_thumb', f.thumb_path is not null
          ) || case when _for_staff
                 then jsonb_build_object('object_path', f.object_path, 'thumb_path', f.thumb_path)
                 else '{}'::jsonb end
          order by f.created_at)
          from private.request_files f
          where f.request_id = r.id and f.slot = s.slot and f.state = 'ready'
        ), '[]'::jsonb)
      ) order by s.place)
      from private.request_file_slots(r.service::text) s
      left join private.request_file_asks a on a.request_id = r.id and a.slot = s.slot
    ), '[]'::jsonb),
    'complete_at', p.complete_at,
    'unfinished', (
      select count(*) from private.request_files f
      where f.request_id = r.id and f.state = 'uploading' and f.created_at > now() - interval '3 hours'
    ),
    'limits', (
      select jsonb_build_object(
        'max_image_bytes', l.max_image_bytes, 'max_pdf_bytes', l.max_pdf_bytes,
        'max_request_bytes', l.max_request_bytes, 'max_files', l.max_files_per_request,
        'used_bytes', coalesce(sum(f.bytes), 0), 'used_files', count(f.id)
      )
      from private.request_file_limits l
      left join private.request_files f on f.request_id = r.id and f.state = 'ready'
      group by l.max_image_bytes, l.max_pdf_bytes, l.max_request_bytes, l.max_files_per_request
    )
  )
  from public.contact_requests r
  left join private.request_file_progress p on p.request_id = r.id
  where r.id = _request_id
$$;

-- The patient's files, by slot (null for a dead link).
create function public.patient_files(_token text)
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
  return private.request_files_view(
    (select id from public.contact_requests where lead_id = lead), false
  );
end
$$;

-- Starts one upload: checks the slot, the type, the size (images 5 MB, PDFs 10 MB, the request
-- 50 MB and 24 files) and the rate (30 uploads per link, 60 per address and hour), and records the
-- file with the object paths the edge function will sign. Refusals: 23514 with the hint
-- file_slot_unknown, file_type_not_accepted, file_too_large (detail: the limit), file_slot_full or
-- request_files_full; PT429 rate_limited.
create function public.patient_file_begin(
  _token text, _slot text, _content_type text, _bytes integer,
  _file_name text default null, _with_thumb boolean default false
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
  target_request uuid;
  service text;
  limits private.request_file_limits;
  wanted record;
  max_bytes integer;
  file_kind text := case _content_type
    when 'application/pdf' then 'pdf'
    when 'image/jpeg' then 'image' when 'image/png' then 'image' when 'image/webp' then 'image'
  end;
  extension text := case _content_type
    when 'image/jpeg' then 'jpg' when 'image/png' then 'png' when 'image/webp' then 'webp' else 'pdf'
  end;
  address text := host(private.client_address());
  recent integer;
  used_bytes bigint;
  used_files integer;
  file_id uuid := gen_random_uuid();
  object_path text;
begin
  if lead is null then
    return null;
  end if;
  select r.id, r.service::text into target_request, service from public.contact_requests r where r.lead_id = lead;
  select * into limits from private.request_file_limits;
  perform pg_advisory_xact_lock(hashtextextended('request_files:' || target_request::text, 0));
  -- A day later a refused file's row and every file's address are no longer needed.
  delete from private.request_files f where f.state = 'rejected' and f.created_at < now() - interval '1 day';
  update private.request_files f set client_address = null
  where f.client_address is not null and f.created_at < now() - interval '1 day';

  select * into wanted from private.request_file_slots(service) s where s.slot = _slot;
  if not found then
    raise exception 'This request has no slot %', _slot using errcode = '23514', hint = 'file_slot_unknown';
  end if;
  if file_kind is null or not file_kind = any(wanted.accepts) then
    raise exception 'This slot takes %', array_to_string(wanted.accepts, ', ')
      using errcode = '23514', hint = 'file_type_not_accepted';
  end if;
  max_bytes := (case file_kind when 'pdf' then limits.max_pdf_bytes else limits.max_image_bytes end);
  if _bytes is null or _bytes < 1 or _bytes > max_bytes then
    raise exception 'The file is too large'
      using errcode = '23514', hint = 'file_too_large', detail = format('limit: %s bytes', max_bytes);
  end if;

  select count(*) into recent from private.request_files f
  where f.request_id = target_request and f.created_at > now() - interval '1 hour';
  if recent >= limits.uploads_per_link_per_hour then
    raise exception 'Too many uploads from this link, try again later'
      using errcode = 'PT429', hint = 'rate_limited',
            detail = format('limit: %s uploads per link per hour', limits.uploads_per_link_per_hour);
  end if;
  if address is not null then
    select count(*) into recent from private.request_files f
    where f.client_address = address and f.created_at > now() - interval '1 hour';
    if recent >= limits.uploads_per_address_per_hour then
      raise exception 'Too many uploads from this address, try again later'
        using errcode = 'PT429', hint = 'rate_limited',
              detail = format('limit: %s uploads per address per hour', limits.uploads_per_address_per_hour);
    end if;
  end if;

  -- What the request holds: its checked files and the uploads still under way.
  select coalesce(sum(coalesce(f.bytes, f.declared_bytes)), 0), count(*)
  into used_bytes, used_files
  from private.request_files f
  where f.request_id = target_request
    and (f.state = 'ready' or (f.state = 'uploading' and f.created_at > now() - interval '3 hours'));
  if used_files >= limits.max_files_per_request or used_bytes + _bytes > limits.max_request_bytes then
    raise exception 'This request holds as many files as it can'
      using errcode = '23514', hint = 'request_files_full',
            detail = format('limit: %s files, %s bytes', limits.max_files_per_request, limits.max_request_bytes);
  end if;
  -- A one-file slot takes a new file in place of the old (replaced once the new one is checked).
  if wanted.max_files > 1 and (
    select count(*) from private.request_files f
    where f.request_id = target_request and f.slot = _slot
      and (f.state = 'ready' or (f.state = 'uploading' and f.created_at > now() - interval '3 hours'))
  ) >= wanted.max_files then
    raise exception 'This slot is full' using errcode = '23514', hint = 'file_slot_full';
  end if;

  object_path := format('requests/%s/%s.%s', target_request, file_id, extension);
  insert into private.request_files (
    id, request_id, slot, kind, content_type, file_name, declared_bytes, object_path, thumb_path,
    client_address
  )
  values (
    file_id, target_request, _slot, file_kind, _content_type,
    nullif(left(btrim(private.without_bidi_controls(coalesce(_file_name, ''))), 120), ''),
    _bytes, object_path,
    case when file_kind = 'image' and coalesce(_with_thumb, false)
      then format('requests/%s/%s-thumb.%s', target_request, file_id, extension) end,
    address
  );
  return jsonb_build_object(
    'file_id', file_id,
    'object_path', object_path,
    'thumb_path', case when file_kind = 'image' and coalesce(_with_thumb, false)
      then format('requests/%s/%s-thumb.%s', target_request, file_id, extension) end
  );
end
$$;

-- The patient removes one of their checked files: its objects are deleted, the timeline says so.
create function public.patient_file_delete(_token text, _file_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
  target_request uuid;
  removed_slot text;
begin
  if lead is null then
    return null;
  end if;
  select r.id into target_request from public.contact_requests r where r.lead_id = lead;
  delete from private.request_files f
  where f.id = _file_id and f.request_id = target_request and f.state = 'ready'
  returning f.slot into removed_slot;
  if removed_slot is null then
    return jsonb_build_object('removed', false);
  end if;
  if exists (
    select 1 from public.contact_requests r, private.request_file_slots(r.service::text) s
    where r.id = target_request and s.slot = removed_slot and s.required
  ) then
    update private.request_file_progress p set complete_at = null where p.request_id = target_request;
  end if;
  perform private.add_request_event(target_request, 'file_removed', null, removed_slot);
  return jsonb_build_object('removed', true);
end
$$;

revoke execute on function private.request_file_slots(text) from public;
revoke execute on function private.live_request_for_token(text) from public;
revoke execute on function private.request_files_view(uuid, boolean) from public;
revoke execute on function public.patient_files(text) from public;
revoke execute on function public.patient_file_begin(text, text, text, integer, text, boolean) from public;
revoke execute on function public.patient_file_delete(text, uuid) from public;
grant execute on function public.patient_files(text) to anon, authenticated, service_role;
grant execute on function public.patient_file_begin(text, text, text, integer, text, boolean)
  to anon, authenticated, service_role;
grant execute on function public.patient_file_delete(text, uuid) to anon, authenticated, service_role;
