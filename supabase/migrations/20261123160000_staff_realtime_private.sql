-- Staff realtime over a private channel. Hosted Realtime does not apply RLS to the DELETE events of
-- postgres_changes, so with the two lead tables in the supabase_realtime publication any signed-in
-- (even anonymous) user could learn which request ids are deleted and when. Instead, each change is
-- broadcast from the database to a private topic (staff:contact_requests, staff:offer_leads), and
-- Realtime Authorization (RLS on realtime.messages) lets only a live admin session join those topics.
-- The dashboard subscribes with `{ config: { private: true } }` (src/islands/admin/useLiveTable.ts);
-- the broadcasts are private, so a public channel of the same name never receives them.

-- Both tables leave the publication: their changes now travel only as private broadcasts.
do $$
begin
  if exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'contact_requests'
  ) then
    alter publication supabase_realtime drop table public.contact_requests;
  end if;
  if exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'offer_leads'
  ) then
    alter publication supabase_realtime drop table public.offer_leads;
  end if;
end
$$;

-- Sends every row change of a lead table to its staff topic (staff:<table>), with the old and new
-- row, as hosted Realtime's database broadcast does. Runs as its owner: the broadcast is written to
-- realtime.messages whoever made the change (a visitor's insert, an admin's delete).
create function private.broadcast_staff_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.broadcast_changes(
    'staff:' || tg_table_name,
    tg_op,
    tg_op,
    tg_table_name,
    tg_table_schema,
    new,
    old
  );
  return null;
end
$$;

revoke all on function private.broadcast_staff_change() from public;

-- Every insert, update and delete of the inbox reaches the staff topic.
create trigger broadcast_staff_change
after insert or update or delete on public.contact_requests
for each row execute function private.broadcast_staff_change();

-- The same for the offer leads list.
create trigger broadcast_staff_change
after insert or update or delete on public.offer_leads
for each row execute function private.broadcast_staff_change();

-- Realtime Authorization: only a signed-in user with a live admin session may receive broadcasts on
-- the staff topics; nobody else may join them (there is no insert policy, so no client sends there).
create policy "admins receive staff broadcasts"
on realtime.messages
for select
to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and realtime.topic() in ('staff:contact_requests', 'staff:offer_leads')
  and public.is_admin(auth.uid())
);
