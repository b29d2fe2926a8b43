-- One staff check instead of two. private.require_staff() (20261126140100_patient_page_functions.sql)
-- and private.require_live_staff() (20261126110000_contact_corrections.sql) were the same check
-- written twice: public.is_admin(auth.uid()) or 42501, differing only in the message and in the
-- hint the other staff functions give ('not_admin', which callers read). require_staff now calls
-- require_live_staff, so every staff-only function refuses alike; both names stay, since other
-- branches call either.

-- Refuses (42501, hint 'not_admin') a caller without a live staff session: private.require_live_staff.
create or replace function private.require_staff()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_live_staff();
end
$$;

revoke execute on function private.require_staff() from public;
