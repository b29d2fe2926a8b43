-- The client address the API gateway vouches for, not the one a client wrote (issue 27).
-- private.client_address() of 20261123140100_client_address_and_login_throttle.sql trusted the
-- FIRST X-Forwarded-For entry, which any client can write: on hosted Supabase a client-sent
-- X-Forwarded-For reaches request.headers as sent (supabase/supabase discussion #34647: a curl with
-- a forged X-Forwarded-For read back the forged value in Postgres), and Supabase Auth's own team
-- calls the header one that "can be (and frequently is) rewritten by proxies or otherwise spoofed"
-- (supabase/auth#2295, which added Sb-Forwarded-For for Auth only). Hosted Supabase's API is served
-- through Cloudflare, which sets CF-Connecting-IP to the address that opened the connection to it
-- and replaces any value the client sent (Cloudflare's "HTTP request headers" reference); PostgREST
-- passes every request header, name lower-cased, into request.headers (PostgREST "Transactions").
-- So the address is now, in this order:
--   1. cf-connecting-ip, when present (hosted Supabase);
--   2. else the LAST X-Forwarded-For entry: the one the nearest proxy appended (a self-hosted nginx
--      with proxy_add_x_forwarded_for), never what the client wrote in front of it. The local
--      server (local/client-address.ts) sets both headers from the socket and drops the client's.
-- `npm run smoke` proves it on the real project (scripts/smoke-address.ts): a forged
-- X-Forwarded-For must not be what public.my_client_address() reports. IPv6 still counts as /64.

create or replace function private.client_address()
returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  headers json;
  forwarded text;
  address inet;
begin
  headers := nullif(current_setting('request.headers', true), '')::json;
  forwarded := nullif(btrim(headers ->> 'cf-connecting-ip'), '');
  if forwarded is null then
    forwarded := nullif(btrim(regexp_replace(headers ->> 'x-forwarded-for', '^.*,', '')), '');
  end if;
  if forwarded is null then
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
  'Address of the API caller: cf-connecting-ip, else the last x-forwarded-for entry (IPv6 as /64); null if none.';

-- The address the database attributes to the caller, for the production check that a forged
-- header is ignored. It tells callers only their own address, which they already know.
create function public.my_client_address()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select host(private.client_address())
$$;

revoke execute on function public.my_client_address() from public;
grant execute on function public.my_client_address() to anon, authenticated, service_role;
