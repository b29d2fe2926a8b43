-- One lead per request from the public. The limits of 20251120100200 count per phone number and per
-- signed-in client, row by row, before each insert; a single INSERT of many rows with different
-- phone numbers (one API call with an array body) slipped past both, because the rows of one
-- statement are only counted after it. The forms always send one row, so API callers (JWT role
-- anon or authenticated) may insert at most one lead per statement. The service role, seeds and the
-- database owner are not limited. A violation raises SQLSTATE PT400 (HTTP 400) with
-- hint 'one_lead_per_request'; the whole statement is rolled back.

create function private.enforce_one_lead_per_statement()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
     and (select count(*) from inserted_leads) > 1 then
    raise exception 'Send one consultation request at a time'
      using errcode = 'PT400', detail = 'limit: 1 lead per request',
            hint = 'one_lead_per_request';
  end if;
  return null;
end
$$;

create trigger one_lead_per_statement
after insert on public.offer_leads
referencing new table as inserted_leads
for each statement execute function private.enforce_one_lead_per_statement();

revoke execute on all functions in schema private from public;
