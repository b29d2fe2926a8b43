-- Staff access (ARCHITECTURE section 4, spec calls 3-5). Admin accounts live in the non-exposed
-- `private` schema with bcrypt password hashes (pgcrypto). The browser keeps the spec's contract:
-- sign out, sign in anonymously, then rpc('admin_login') binds that auth.uid() to an admin session
-- with an expiry; is_admin() is true only for the caller's own live session; admin_logout() ends it.
-- Repeated failures lock a username for a while. Admins are created with the admin CLI only.
--
-- Tunables (kept in the function bodies below, documented in docs/local-stack.md):
--   5 failed logins within 15 minutes lock the username until 15 minutes after the oldest of them;
--   a session lasts 12 hours; bcrypt cost 10; passwords need at least 10 characters.

create schema if not exists private;
-- Nothing in `private` is reachable by the API roles; PostgREST does not expose the schema either.
revoke all on schema private from public;

-- Admin accounts. Usernames are stored lower-case; only the bcrypt hash of the password is kept.
create table private.admin_users (
  id uuid primary key default gen_random_uuid(),
  username text not null unique,
  password_hash text not null,
  disabled_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint admin_users_username_format check (username ~ '^[a-z0-9][a-z0-9._@-]{2,63}$'),
  constraint admin_users_password_hash_bcrypt check (password_hash ~ '^\$2[abxy]\$[0-9]{2}\$')
);
alter table private.admin_users enable row level security;

-- Live admin sessions: the (anonymous) auth user that proved an admin password, until expires_at.
create table private.admin_sessions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  admin_id uuid not null references private.admin_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index admin_sessions_admin_id_idx on private.admin_sessions (admin_id);
alter table private.admin_sessions enable row level security;

-- Failed logins per normalized username, whether or not the account exists, so that lockout looks
-- the same for real and made-up usernames and cannot be used to discover accounts.
create table private.admin_login_failures (
  id bigint generated always as identity primary key,
  username text not null,
  failed_at timestamptz not null default now()
);
create index admin_login_failures_username_failed_at_idx
  on private.admin_login_failures (username, failed_at desc);
alter table private.admin_login_failures enable row level security;

-- True only when `check_user_id` is the caller's own auth.uid() and that user holds a live session
-- of an enabled admin account. Every RLS policy on staff data goes through this one helper.
create function public.is_admin(check_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select check_user_id is not null
    and check_user_id = auth.uid()
    and exists (
      select 1
      from private.admin_sessions s
      join private.admin_users a on a.id = s.admin_id
      where s.user_id = check_user_id
        and s.expires_at > now()
        and a.disabled_at is null
    )
$$;

-- Checks a username and password and, on success, makes the caller's auth.uid() an admin session
-- for 12 hours. Returns false for a wrong password, an unknown or disabled username. While a
-- username is locked it raises SQLSTATE PT423 (PostgREST answers HTTP 423): message
-- 'account locked until <ISO time>', details = the ISO time (UTC), hint = 'account_locked'.
create function public.admin_login(_username text, _password text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  login text := lower(btrim(coalesce(_username, '')));
  account_id uuid;
  stored_hash text;
  locked_until timestamptz;
  locked_until_text text;
begin
  if caller is null then
    raise exception 'admin_login needs a signed-in user'
      using errcode = '42501', hint = 'Sign in anonymously first (auth.signInAnonymously()).';
  end if;
  if login = '' or coalesce(_password, '') = '' then
    return false;
  end if;
  -- No account has a longer name (the CLI allows 64): answer without recording a failure, so junk
  -- names neither fill the failure log nor overflow its index.
  if char_length(login) > 64 then
    return false;
  end if;

  -- Locked while the 5th most recent failure is less than 15 minutes old.
  select f.failed_at + interval '15 minutes'
  into locked_until
  from private.admin_login_failures f
  where f.username = login and f.failed_at > now() - interval '15 minutes'
  order by f.failed_at desc
  offset 4
  limit 1;
  if locked_until is not null then
    locked_until_text := to_char(locked_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
    raise exception 'account locked until %', locked_until_text
      using errcode = 'PT423', detail = locked_until_text, hint = 'account_locked';
  end if;

  select a.id, a.password_hash
  into account_id, stored_hash
  from private.admin_users a
  where a.username = login and a.disabled_at is null;

  if account_id is null then
    -- Same bcrypt work as a real check, so the response time does not reveal which usernames exist.
    perform extensions.crypt(_password, '$2a$10$XBvJjBu4AZ3UulTfsxAfjeuJJtOzSK4WfzZXpO/ubtWZodwhLH/FO');
  elsif extensions.crypt(_password, stored_hash) = stored_hash then
    delete from private.admin_login_failures where username = login;
    delete from private.admin_sessions where expires_at <= now();
    insert into private.admin_sessions (user_id, admin_id, expires_at)
    values (caller, account_id, now() + interval '12 hours')
    on conflict (user_id) do update
      set admin_id = excluded.admin_id, created_at = now(), expires_at = excluded.expires_at;
    update private.admin_users set last_login_at = now() where id = account_id;
    return true;
  end if;

  insert into private.admin_login_failures (username) values (login);
  delete from private.admin_login_failures where failed_at < now() - interval '1 day';
  return false;
end
$$;

-- Ends the caller's admin session (spec call 5). Harmless when there is none.
create function public.admin_logout()
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.admin_sessions where user_id = auth.uid();
$$;

-- Supabase grants new public functions to everyone; narrow them to who actually calls them.
revoke execute on function public.is_admin(uuid) from public;
revoke execute on function public.admin_login(text, text) from public, anon;
revoke execute on function public.admin_logout() from public, anon;
grant execute on function public.is_admin(uuid) to anon, authenticated, service_role;
grant execute on function public.admin_login(text, text) to authenticated, service_role;
grant execute on function public.admin_logout() to authenticated, service_role;

-- Creates an admin account (used by the admin CLI as the database owner, never over the API).
create function private.create_admin(_username text, _password text)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id uuid;
begin
  if char_length(coalesce(_password, '')) < 10 then
    raise exception 'password must be at least 10 characters'
      using errcode = '22023', hint = 'password_too_short';
  end if;
  insert into private.admin_users (username, password_hash)
  values (lower(btrim(_username)), extensions.crypt(_password, extensions.gen_salt('bf', 10)))
  returning id into new_id;
  return new_id;
end
$$;

-- Replaces an admin's password, ends their sessions and clears their lockout. False if unknown.
create function private.set_admin_password(_username text, _password text)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  account_id uuid;
begin
  if char_length(coalesce(_password, '')) < 10 then
    raise exception 'password must be at least 10 characters'
      using errcode = '22023', hint = 'password_too_short';
  end if;
  update private.admin_users
  set password_hash = extensions.crypt(_password, extensions.gen_salt('bf', 10)), updated_at = now()
  where username = lower(btrim(_username))
  returning id into account_id;
  if account_id is null then
    return false;
  end if;
  delete from private.admin_sessions where admin_id = account_id;
  delete from private.admin_login_failures where username = lower(btrim(_username));
  return true;
end
$$;

-- Disables (or re-enables) an admin; disabling ends their sessions at once. False if unknown.
create function private.set_admin_disabled(_username text, _disabled boolean)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  account_id uuid;
begin
  update private.admin_users
  set disabled_at = case when _disabled then coalesce(disabled_at, now()) end, updated_at = now()
  where username = lower(btrim(_username))
  returning id into account_id;
  if account_id is null then
    return false;
  end if;
  if _disabled then
    delete from private.admin_sessions where admin_id = account_id;
  end if;
  return true;
end
$$;

revoke execute on all functions in schema private from public;
