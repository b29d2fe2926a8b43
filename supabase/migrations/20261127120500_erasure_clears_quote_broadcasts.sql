-- Erasing a request also clears the copies Realtime keeps of its quotes' broadcasts (issue 31's
-- staff:quotes topic names the request in `request_id`). The erase command and the retention job
-- clear the lead tables' copies through private.clear_realtime_copies (by the row's id), and the
-- files of issue 30 clear theirs when the request goes (20261127100000_request_files.sql); a
-- request's quotes go with it on delete cascade, and now so do the copies of their broadcasts, the
-- same way, whichever path erased the request (`npm run admin -- erase`, the patient's withdrawal,
-- the bin's purge, the retention job). The broadcasts carry no personal data, only ids, states and
-- versions, but an erased request leaves no trace of itself.

-- After a quote row is deleted because its request is gone: the copies of the request's quote
-- broadcasts go from realtime.messages (when it exists).
create function private.clear_quote_broadcasts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if to_regclass('realtime.messages') is not null
    and not exists (select 1 from public.contact_requests r where r.id = old.request_id) then
    delete from realtime.messages m
    where m.topic = 'staff:quotes' and m.payload ->> 'request_id' = old.request_id::text;
  end if;
  return null;
end
$$;

revoke execute on function private.clear_quote_broadcasts() from public;

-- Runs after each deleted quote (a request's quotes go with it; a discarded draft keeps its
-- request, so nothing is cleared then).
create trigger clear_quote_broadcasts
after delete on public.quotes
for each row execute function private.clear_quote_broadcasts();
