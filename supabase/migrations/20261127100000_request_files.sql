-- Photos and documents from the patient's phone (issue 30, ARCHITECTURE section 14). Files live in
-- Supabase Storage, in the private bucket `request-files`, under requests/<request id>/…; this
-- migration creates the bucket, the rows that say which file belongs to which request and slot,
-- the limits, the outbox of objects to delete, the staff's read policy on storage.objects, the
-- timeline kinds and the live broadcast. The functions that use them are in
-- 20261127100100_request_file_functions.sql.
--
-- How a file travels: the patient's page asks public.patient_file_begin (token, slot, type, size:
-- limits checked here), the edge function request-files signs an upload URL for that one object
-- with the service key, the browser uploads (resumable), and the function downloads the object,
-- checks its type by its bytes and calls public.finish_request_file: `ready` (staff see it) or
-- `rejected` (its objects are deleted). Staff read only `ready` files, through signed URLs.
--
-- Deleting: hosted Storage refuses DELETE on storage.objects by SQL (protect_delete, Storage
-- migration 0055, December 2025), and a deleted row would orphan the bytes anyway. So every path a
-- request's file row held goes to private.storage_deletions when the row goes (request erased,
-- withdrawn, purged from the bin, past retention, replaced, rejected, removed by the patient), and
-- the function's worker removes them through the Storage API (every minute in production, every
-- few seconds locally). The worker also removes any object under requests/ that no live file row
-- names, so nothing outlives its request.

-- The bucket: private (no public URLs), 10 MB per object (the PDF limit), four types. Hosted
-- projects accept buckets created by SQL (supabase.com/docs/guides/storage/buckets/creating-buckets).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'request-files', 'request-files', false, 10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'application/pdf']
)
on conflict (id) do update
  set public = false, file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- The limits, one row, tunable on a live project with one UPDATE.
create table private.request_file_limits (
  id boolean primary key default true check (id),
  max_image_bytes integer not null default 5242880 check (max_image_bytes > 0),
  max_pdf_bytes integer not null default 10485760 check (max_pdf_bytes between 1 and 10485760),
  max_thumb_bytes integer not null default 262144 check (max_thumb_bytes > 0),
  max_request_bytes bigint not null default 52428800 check (max_request_bytes > 0),
  max_files_per_request integer not null default 24 check (max_files_per_request > 0),
  uploads_per_link_per_hour integer not null default 30 check (uploads_per_link_per_hour > 0),
  uploads_per_address_per_hour integer not null default 60 check (uploads_per_address_per_hour > 0)
);
insert into private.request_file_limits default values;
alter table private.request_file_limits enable row level security;
revoke all on table private.request_file_limits from public, anon, authenticated;

-- One file of a request: its slot, its type, its objects (the file and, for images, the thumbnail
-- the device made), and its state. `uploading` rows are counted by the limits and seen by nobody;
-- `ready` ones are what staff see; `rejected` ones hold no object (deleted) and stay a day for the
-- limits. The caller's address is kept a day, for the per-address limit, then cleared.
create table private.request_files (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  slot text not null,
  kind text not null,
  content_type text not null,
  file_name text,
  declared_bytes integer not null,
  bytes integer,
  object_path text not null unique,
  thumb_path text unique,
  state text not null default 'uploading',
  reject_reason text,
  client_address text,
  created_at timestamptz not null default now(),
  checked_at timestamptz,
  constraint request_files_slot check (slot ~ '^[a-z_]{1,20}$'),
  constraint request_files_kind check (kind in ('image', 'pdf')),
  constraint request_files_type check (
    (kind = 'image' and content_type in ('image/jpeg', 'image/png', 'image/webp'))
    or (kind = 'pdf' and content_type = 'application/pdf')
  ),
  constraint request_files_state check (state in ('uploading', 'ready', 'rejected')),
  constraint request_files_declared check (declared_bytes between 1 and 10485760),
  constraint request_files_name check (char_length(file_name) <= 120),
  constraint request_files_path check (object_path like 'requests/' || request_id::text || '/%'),
  constraint request_files_thumb check (
    thumb_path is null or (kind = 'image' and thumb_path like 'requests/' || request_id::text || '/%')
  )
);
create index request_files_request_idx on private.request_files (request_id, created_at);
create index request_files_address_idx on private.request_files (client_address, created_at)
  where client_address is not null;
alter table private.request_files enable row level security;
revoke all on table private.request_files from public, anon, authenticated;

-- A slot staff asked the patient to send (again); cleared when a checked file arrives in it.
create table private.request_file_asks (
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  slot text not null,
  asked_at timestamptz not null default now(),
  asked_by text,
  primary key (request_id, slot),
  constraint request_file_asks_slot check (slot ~ '^[a-z_]{1,20}$')
);
alter table private.request_file_asks enable row level security;
revoke all on table private.request_file_asks from public, anon, authenticated;

-- When every slot the treatment needs last held a checked file ("photos received"); reset when a
-- needed file goes or staff ask for one again, so the event is written again when it comes.
create table private.request_file_progress (
  request_id uuid primary key references public.contact_requests (id) on delete cascade,
  complete_at timestamptz
);
alter table private.request_file_progress enable row level security;
revoke all on table private.request_file_progress from public, anon, authenticated;

-- Objects to delete through the Storage API (drained by the request-files worker). Paths only: a
-- path names a request id and a file id, nothing about the person.
create table private.storage_deletions (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  object_path text not null,
  queued_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  constraint storage_deletions_unique unique (bucket_id, object_path)
);
create index storage_deletions_due_idx on private.storage_deletions (next_attempt_at);
alter table private.storage_deletions enable row level security;
revoke all on table private.storage_deletions from public, anon, authenticated;

-- Queues the objects of a file row for deletion.
create function private.queue_file_objects(_object_path text, _thumb_path text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into private.storage_deletions (bucket_id, object_path)
  select 'request-files', path from unnest(array[_object_path, _thumb_path]) as path
  where path is not null
  on conflict (bucket_id, object_path) do update set next_attempt_at = least(
    private.storage_deletions.next_attempt_at, now()
  );
$$;

-- After a file row is deleted (its request erased, withdrawn, purged or expired; the file replaced
-- or removed) or rejected: its objects go to the deletion outbox. When the request itself is gone
-- (the row went with it, on delete cascade), the copies Realtime keeps of its file broadcasts go
-- too, as the erasure and the retention clear the lead tables' copies.
create function private.queue_request_file_deletion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform private.queue_file_objects(old.object_path, old.thumb_path);
    if not exists (select 1 from public.contact_requests r where r.id = old.request_id) then
      delete from realtime.messages m where m.payload ->> 'request_id' = old.request_id::text;
    end if;
  elsif new.state = 'rejected' and old.state <> 'rejected' then
    perform private.queue_file_objects(new.object_path, new.thumb_path);
  end if;
  return null;
end
$$;

create trigger queue_request_file_deletion
after update of state or delete on private.request_files
for each row execute function private.queue_request_file_deletion();

-- An open request dialog hears of its files live: the request's id, the file's id, slot and state
-- (no name, nothing about the person) on the private staff topic staff:request_files.
create function private.broadcast_request_file()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_now private.request_files := coalesce(new, old);
begin
  if tg_op = 'UPDATE' and new.state is not distinct from old.state then
    return null;
  end if;
  if tg_op = 'INSERT' and new.state = 'uploading' then
    return null;
  end if;
  -- A request being erased takes its files with it: nothing to tell an open dialog about them.
  if tg_op = 'DELETE' and not exists (
    select 1 from public.contact_requests r where r.id = old.request_id
  ) then
    return null;
  end if;
  perform realtime.send(
    jsonb_build_object(
      'request_id', row_now.request_id,
      'file_id', row_now.id,
      'slot', row_now.slot,
      'state', case when tg_op = 'DELETE' then 'deleted' else row_now.state end
    ),
    tg_op,
    'staff:request_files',
    true
  );
  return null;
end
$$;

create trigger broadcast_request_file
after insert or update of state or delete on private.request_files
for each row execute function private.broadcast_request_file();

-- Realtime Authorization for that topic: a live admin session only, like the other staff topics.
create policy "admins receive file broadcasts"
on realtime.messages
for select
to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select realtime.topic()) = 'staff:request_files'
  and (select public.is_admin((select auth.uid())))
);

-- True when the caller is live staff and `_name` is an object of a checked file (the file or its
-- thumbnail): what the read policy on storage.objects asks. Unchecked, rejected and unknown
-- objects are never readable, not even by staff.
create function public.staff_may_read_request_file(_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(public.is_admin(auth.uid()), false)
    and exists (
      select 1 from private.request_files f
      where f.state = 'ready' and (f.object_path = _name or f.thumb_path = _name)
    )
$$;

revoke execute on function public.staff_may_read_request_file(text) from public, anon;
grant execute on function public.staff_may_read_request_file(text) to authenticated, service_role;

-- Staff read checked request files (signed URLs are created as the reader, so this decides who
-- gets one). Nobody inserts, updates or deletes through the API: uploads go through signed upload
-- URLs the service issues, deletions through the worker with the service key.
create policy "staff read checked request files"
on storage.objects
for select
to authenticated
using (
  bucket_id = 'request-files'
  and public.staff_may_read_request_file(name)
);

-- The timeline's new kinds: a checked file arrived, a file failed the check and was deleted, the
-- patient removed one, staff asked for a slot again, every needed slot holds a file.
insert into private.request_event_kinds (kind) values
  ('file_received'), ('file_rejected'), ('file_removed'), ('file_requested'), ('files_complete');

revoke execute on function private.queue_file_objects(text, text) from public;
revoke execute on function private.queue_request_file_deletion() from public;
revoke execute on function private.broadcast_request_file() from public;
