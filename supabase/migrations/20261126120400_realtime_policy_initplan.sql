-- The staff topics' policy on realtime.messages (20261123160000_staff_realtime_private.sql) called
-- is_admin(auth.uid()) once per row; like every other policy it now wraps both calls in a
-- sub-select, so PostgreSQL evaluates them once per statement (Supabase's database linter,
-- auth_rls_initplan). Same rule: only a live admin session receives the staff broadcasts.
drop policy "admins receive staff broadcasts" on realtime.messages;

create policy "admins receive staff broadcasts"
on realtime.messages
for select
to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select realtime.topic()) in ('staff:contact_requests', 'staff:offer_leads')
  and (select public.is_admin((select auth.uid())))
);
