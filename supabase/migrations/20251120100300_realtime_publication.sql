-- Realtime (spec call 12): the admin dashboard reloads on any change to contact_requests, and the
-- offer leads page may listen to offer_leads. Supabase Realtime broadcasts changes of the tables in
-- the supabase_realtime publication and re-checks each subscriber's RLS, so only admins with a live
-- session receive rows. Idempotent, because a project may already have enabled realtime by hand.

do $$
begin
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'contact_requests'
  ) then
    alter publication supabase_realtime add table public.contact_requests;
  end if;
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'offer_leads'
  ) then
    alter publication supabase_realtime add table public.offer_leads;
  end if;
end
$$;
