-- Admin rights belong to the auth session, not to the auth user. Until now an admin session was
-- keyed by auth.uid() only, so an access token issued before a plain sign-out (without
-- admin_logout) or before its refresh tokens were revoked stayed admin until it expired (up to an
-- hour). Now admin_login records the JWT's `session_id` (GoTrue puts it in every access token and
-- keeps the session in auth.sessions), and is_admin() is true only while:
--   * the token's session_id is the one that proved the password,
--   * that auth session still exists (sign-out deletes it, on GoTrue and in local/auth.ts),
--   * the session's refresh tokens are not all revoked (GoTrue revokes the whole family when a
--     refresh token is reused; a session with no refresh-token rows at all is judged by its
--     existence alone, so a GoTrue that keeps refresh state elsewhere still works),
--   * the admin session has not expired, admin_logout has not ended it and the account is enabled.
-- admin_logout, `disable` and `set-password` already delete admin_sessions rows; every token of
-- that session loses its rights at once. is_admin keeps its name and signature: every policy calls it.
--
-- No foreign key to auth.sessions: on hosted Supabase the auth schema belongs to the auth service and
-- the migration role is only sure to be able to read it (the security definer functions below do).
-- Rows of ended sessions are harmless (is_admin joins auth.sessions) and admin_login sweeps them.

-- Sessions proved before this migration carry no auth session: their admins sign in again.
delete from private.admin_sessions;

alter table private.admin_sessions add column session_id uuid not null;
create index admin_sessions_session_id_idx on private.admin_sessions (session_id);

-- The auth session id of the current request's JWT, or null (no JWT, no or malformed claim).
create function private.jwt_session_id()
returns uuid
language sql
stable
set search_path = ''
as $$
  select case
    when auth.jwt() ->> 'session_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (auth.jwt() ->> 'session_id')::uuid
  end
$$;

-- True while the auth session `session` exists and has not had its refresh tokens revoked.
create function private.auth_session_is_live(session uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.sessions s where s.id = session)
    and (
      not exists (select 1 from auth.refresh_tokens rt where rt.session_id = session)
      or exists (select 1 from auth.refresh_tokens rt where rt.session_id = session and not rt.revoked)
    )
$$;

-- True only when `check_user_id` is the caller's own auth.uid(), the caller's token belongs to the
-- live auth session that proved an admin password, and that admin session is live and enabled.
-- Every RLS policy on staff data goes through this one helper.
create or replace function public.is_admin(check_user_id uuid)
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
        and s.session_id = private.jwt_session_id()
        and s.expires_at > now()
        and a.disabled_at is null
    )
    and private.auth_session_is_live(private.jwt_session_id())
$$;


-- admin_login as in 20251120100000_admin_access.sql, except that the admin session now records the
-- caller's auth session (and a token without one is refused like a call without a user), and that
-- admin sessions of ended auth sessions are swept with the expired ones.
create or replace function public.admin_login(_username text, _password text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  caller_session uuid := private.jwt_session_id();
  login text := lower(btrim(coalesce(_username, '')));
  account_id uuid;
  stored_hash text;
  locked_until timestamptz;
  locked_until_text text;
begin
  if caller is null or caller_session is null then
    raise exception 'admin_login needs a signed-in user'
      using errcode = '42501', hint = 'Sign in anonymously first (auth.signInAnonymously()).';
  end if;
  if login = '' or coalesce(_password, '') = '' then
    return false;
  end if;
  if char_length(login) > 64 then
    return false;
  end if;

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
    perform extensions.crypt(_password, '$2a$10$XBvJjBu4AZ3UulTfsxAfjeuJJtOzSK4WfzZXpO/ubtWZodwhLH/FO');
  elsif extensions.crypt(_password, stored_hash) = stored_hash then
    delete from private.admin_login_failures where username = login;
    delete from private.admin_sessions s
    where s.expires_at <= now()
      or not exists (select 1 from auth.sessions a where a.id = s.session_id);
    insert into private.admin_sessions (user_id, admin_id, expires_at, session_id)
    values (caller, account_id, now() + interval '12 hours', caller_session)
    on conflict (user_id) do update
      set admin_id = excluded.admin_id, created_at = now(), expires_at = excluded.expires_at,
          session_id = excluded.session_id;
    update private.admin_users set last_login_at = now() where id = account_id;
    return true;
  end if;

  insert into private.admin_login_failures (username) values (login);
  delete from private.admin_login_failures where failed_at < now() - interval '1 day';
  return false;
end
$$;

revoke execute on function public.admin_login(text, text) from public, anon;
grant execute on function public.admin_login(text, text) to authenticated, service_role;
revoke execute on all functions in schema private from public;
