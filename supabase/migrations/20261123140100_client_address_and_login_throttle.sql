-- The caller's address, and a login throttle no stranger can turn against the real admin.
--
-- Client address: PostgREST puts the request's headers, names lower-cased, into the transaction
-- setting `request.headers` (JSON). On hosted Supabase the API gateway sets X-Forwarded-For with
-- the client's address first; Supabase's own guide reads it as
-- split_part(current_setting('request.headers', true)::json->>'x-forwarded-for', ',', 1)
-- (supabase/supabase, apps/docs/content/guides/api/securing-your-api.mdx, "Accessing request
-- information"). The local server (local/client-address.ts) sets the same header from the socket
-- address and drops whatever the client sent, so the helper below reads both the same way.
-- IPv6 clients usually hold a whole /64, so an IPv6 address counts as its /64.
--
-- Login throttle (replaces the per-username lock of 20251120100000_admin_access.sql, which anyone
-- could set on the real admin by failing five times with their username): failures are counted
-- per (username, client address) and per client address over the last 15 minutes. From the 3rd
-- failure of a pair, and from the 10th failure of an address, the next attempt must wait
-- 1 s, 2 s, 4 s, ... (doubling, at most 15 minutes) after the latest failure. A waiting attempt is
-- refused before the password is hashed and records nothing, so hammering costs the database
-- almost nothing and does not extend the wait. Failures from one address never delay another
-- address: the admin at their own desk is never locked out by someone else.
-- A refused attempt raises SQLSTATE PT423 (HTTP 423, the contract the login page already reads):
-- message 'too many failed sign-ins, try again after <ISO time>', detail = that ISO time (UTC),
-- hint = 'login_throttled'.

-- The calling client's address (inet, IPv6 reduced to its /64), or null when the request carries
-- none (SQL run outside the API, a malformed header).
create function private.client_address()
returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  forwarded text;
  address inet;
begin
  forwarded := btrim(split_part(
    nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ',', 1));
  if forwarded is null or forwarded = '' then
    return null;
  end if;
  address := forwarded::inet;
  if family(address) = 6 then
    return network(set_masklen(address, 64));
  end if;
  return host(address)::inet;
exception when others then
  -- Unparseable JSON or address: treat as unknown rather than failing the request.
  return null;
end
$$;

comment on function private.client_address() is
  'Address of the API caller from request.headers x-forwarded-for (IPv6 as its /64); null if none.';

-- Failures now remember the address they came from ('unknown' when the request had none).
alter table private.admin_login_failures add column client_address text not null default 'unknown';
create index admin_login_failures_address_failed_at_idx
  on private.admin_login_failures (client_address, failed_at desc);
create index admin_login_failures_username_address_failed_at_idx
  on private.admin_login_failures (username, client_address, failed_at desc);
drop index private.admin_login_failures_username_failed_at_idx;

-- The earliest time the caller may try `login` again, or null when it may try now.
create function private.admin_login_allowed_at(login text, address text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  with pair as (
    select count(*)::int as n, max(failed_at) as last
    from private.admin_login_failures
    where username = login and client_address = address
      and failed_at > now() - interval '15 minutes'
  ), by_address as (
    select count(*)::int as n, max(failed_at) as last
    from private.admin_login_failures
    where client_address = address and failed_at > now() - interval '15 minutes'
  )
  select nullif(greatest(
    case when pair.n >= 3
      then pair.last + least(power(2, pair.n - 3), 900) * interval '1 second' end,
    case when by_address.n >= 10
      then by_address.last + least(power(2, by_address.n - 10), 900) * interval '1 second' end,
    now()
  ), now())
  from pair, by_address
$$;

-- Checks a username and password and, on success, makes the caller's auth session an admin
-- session for 12 hours (see 20261123140000_admin_rights_follow_auth_session.sql). Returns false
-- for a wrong password, an unknown or disabled username. Throttled as described at the top.
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
  address text := coalesce(host(private.client_address()), 'unknown');
  login text := lower(btrim(coalesce(_username, '')));
  account_id uuid;
  stored_hash text;
  allowed_at timestamptz;
  allowed_at_text text;
begin
  if caller is null or caller_session is null then
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

  -- One attempt per address at a time on a real server, so parallel attempts cannot all slip in
  -- before the first failure is counted.
  perform pg_advisory_xact_lock(hashtextextended('admin_login:address:' || address, 0));
  allowed_at := private.admin_login_allowed_at(login, address);
  if allowed_at is not null then
    -- Whole seconds, rounded up, so a client that waits until then is never refused again.
    allowed_at := date_trunc('second', allowed_at)
      + case when allowed_at > date_trunc('second', allowed_at) then interval '1 second'
             else interval '0' end;
    allowed_at_text := to_char(allowed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
    raise exception 'too many failed sign-ins, try again after %', allowed_at_text
      using errcode = 'PT423', detail = allowed_at_text, hint = 'login_throttled';
  end if;

  -- Only now, with the attempt admitted, is the (deliberately slow) hash computed.
  select a.id, a.password_hash
  into account_id, stored_hash
  from private.admin_users a
  where a.username = login and a.disabled_at is null;

  if account_id is null then
    -- Same bcrypt work as a real check, so the response time does not reveal which usernames exist.
    perform extensions.crypt(_password, '$2a$10$XBvJjBu4AZ3UulTfsxAfjeuJJtOzSK4WfzZXpO/ubtWZodwhLH/FO');
  elsif extensions.crypt(_password, stored_hash) = stored_hash then
    delete from private.admin_login_failures where username = login and client_address = address;
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

  insert into private.admin_login_failures (username, client_address) values (login, address);
  delete from private.admin_login_failures where failed_at < now() - interval '1 day';
  return false;
end
$$;

revoke execute on function public.admin_login(text, text) from public, anon;
grant execute on function public.admin_login(text, text) to authenticated, service_role;
revoke execute on all functions in schema private from public;
