-- Bootstrap for the local stack: what a hosted Supabase project already provides before the first
-- migration runs (API roles, the auth schema and auth.uid(), pgcrypto in the extensions schema, the
-- supabase_realtime publication, the CLI's migration history table), recreated for PGlite or a plain
-- PostgreSQL. Every statement is idempotent. It is never applied to a Supabase-managed database.

-- The three roles PostgREST, Realtime and the functions runtime switch to for each request.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
exception when duplicate_object or unique_violation then null; -- a concurrent bootstrap won the race
end
$$;

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
exception when duplicate_object or unique_violation then null;
end
$$;

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
exception when duplicate_object or unique_violation then null;
end
$$;

-- A non-superuser owner (DATABASE_URL) needs membership to `set role` to the API roles.
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
exception when others then null;
end
$$;

-- Supabase's per-role statement timeouts: a visitor's statement may run 3 s, a signed-in user's 8 s.
-- Stored on the roles as Supabase stores them; the REST layer applies them per request as PostgREST
-- does (local/rest.ts applyRoleStatementTimeout), so a query too slow for production fails locally.
do $$
begin
  alter role anon set statement_timeout = '3s';
  alter role authenticated set statement_timeout = '8s';
exception when insufficient_privilege then null; -- a non-superuser owner: the REST layer's 8 s stays
end
$$;

-- Extensions live in their own schema, as on Supabase, so migrations call extensions.crypt() etc.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- The subset of GoTrue's auth schema the local auth endpoints use (same table and column names).
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- Users: anonymous sign-ins and e-mail/password users.
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_partial_key on auth.users (email)
  where email is not null;

-- Identities: one per way a user signs in (GoTrue's columns); an e-mail sign-up gets an `email`
-- identity, an anonymous user none, a user inserted by SQL none (as on hosted).
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

-- Sessions: one per sign-in; the access token carries its id as `session_id`.
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Refresh tokens: rotated on every refresh; `parent` links a token to the one it replaced.
create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  token varchar(255) not null unique,
  user_id varchar(255) not null,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- auth.uid(), exactly as Supabase defines it: after `set local`, an unset setting reads as '' (not
-- NULL), hence the nullif.
create or replace function auth.uid()
returns uuid
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

-- auth.role(): the JWT's role claim (anon, authenticated or service_role).
create or replace function auth.role()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

-- auth.email(): the JWT's email claim.
create or replace function auth.email()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

-- auth.jwt(): all claims of the request's JWT.
create or replace function auth.jwt()
returns jsonb
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;

-- Hosted projects (new ones since 2026, every one since 30 Oct 2026) and `supabase start` give the
-- API roles nothing on new public objects: each migration grants, by name, what a role needs. The
-- revokes undo the grant-everything defaults an older bootstrap left in an existing data dir, so a
-- migration that forgets its grant fails here (42501) as it would in production. Functions keep
-- PostgreSQL's own EXECUTE for PUBLIC, as there; migrations revoke it where it must not apply.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;

-- The publication Supabase Realtime reads; migrations add the tables whose changes are broadcast.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
exception when duplicate_object then null;
end
$$;

-- The Supabase CLI's migration history table, so `supabase db push` and the local stack agree.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- Local-only plumbing, never on a hosted project.
create schema if not exists _local;
revoke all on schema _local from public;

-- The postgres_changes engine is gone (the app uses private broadcasts only): its row triggers,
-- parked row images and helpers are dropped from data dirs that still have them.
do $$
declare
  published record;
begin
  for published in
    select t.tgrelid::regclass as table_name from pg_trigger t where t.tgname = '_local_realtime'
  loop
    execute format('drop trigger _local_realtime on %s', published.table_name);
  end loop;
end
$$;
drop function if exists _local.sync_realtime_triggers();
drop function if exists _local.notify_change();
drop table if exists _local.change_rows;
drop table if exists _local.deleted_rows;

-- Supabase Realtime's own schema, as far as Realtime Authorization uses it: realtime.messages (RLS
-- on it decides who may join a private channel), realtime.topic() for those policies, and the
-- database broadcast functions realtime.send() and realtime.broadcast_changes(). Hosted projects have
-- these already (with the same signatures); migrations only add policies and triggers.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- One row per broadcast sent from the database (hosted: partitioned by day, kept a few days).
create table if not exists realtime.messages (
  id bigint generated always as identity primary key,
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  inserted_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
alter table realtime.messages enable row level security;
grant select, insert on realtime.messages to anon, authenticated;

-- The channel topic a join is checked against (set by the realtime server during the check).
create or replace function realtime.topic()
returns text
language sql
stable
as $$
  select nullif(current_setting('realtime.topic', true), '')
$$;

-- Broadcasts `payload` as `event` on `topic` (private: only to members whose policies allow it).
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload, event, topic, private, 'broadcast');
end
$$;

-- A row change as a broadcast, in the shape hosted Realtime sends for it.
create or replace function realtime.broadcast_changes(
  topic_name text,
  event_name text,
  operation text,
  table_name text,
  table_schema text,
  new record,
  old record,
  level text default 'ROW'
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object(
      'schema', table_schema,
      'table', table_name,
      'operation', operation,
      'record', case when new is null then null else to_jsonb(new) end,
      'old_record', case when old is null then null else to_jsonb(old) end
    ),
    event_name,
    topic_name,
    true
  );
end
$$;

-- Local delivery of database broadcasts: the server is told the message id and reads it itself.
create or replace function _local.notify_broadcast()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('_local_broadcast', new.id::text);
  return null;
end
$$;

drop trigger if exists _local_broadcast on realtime.messages;
create trigger _local_broadcast after insert on realtime.messages
  for each row when (new.event is distinct from '_local_check')
  execute function _local.notify_broadcast();

-- Supabase Storage's schema, as far as this project uses it: storage.buckets and storage.objects
-- with the columns hosted Storage has (supabase/storage migrations/tenant, through 0063), the path
-- helpers policies call (storage.foldername/filename/extension), the same grants (0046: all to the
-- API roles, RLS deciding), RLS on both tables, and the statement trigger that refuses deleting
-- their rows by SQL (0055: "Direct deletion from storage tables is not allowed. Use the Storage API
-- instead."). The local Storage stand-in (local/storage/) sets storage.allow_delete_query for its
-- own deletes, as hosted Storage does. Migrations add buckets and policies; hosted projects have
-- all of this already.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

-- One row per bucket.
create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets (name);
alter table storage.buckets enable row level security;

-- One row per stored object; the bytes live outside the database (locally: <data dir>/storage/).
create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
alter table storage.objects enable row level security;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- The folders of an object name: storage.foldername('requests/a/b.jpg') = {requests,a}.
create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

-- The last part of an object name.
create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

-- The extension of an object name's last part.
create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- Refuses a DELETE on the storage tables unless the Storage service itself runs it.
create or replace function storage.protect_delete()
returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.',
            errcode = '42501';
  end if;
  return null;
end
$$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete
  before delete on storage.buckets
  for each statement execute function storage.protect_delete();

drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete
  before delete on storage.objects
  for each statement execute function storage.protect_delete();
