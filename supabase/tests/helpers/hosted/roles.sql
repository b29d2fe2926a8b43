-- The production rehearsal's cluster, shaped like a hosted Supabase project before the first
-- `supabase db push` (run as supabase_admin, the superuser; the operator works as postgres, which
-- is not one). What hosted projects provide beyond this (Auth, PostgREST, Realtime, supautils,
-- pgsodium, pg_net's worker) is named in docs/local-stack.md, "The production rehearsal".

-- The operator's role: no superuser, as on every hosted project.
create role postgres login createrole createdb replication bypassrls;
grant create, temporary on database postgres to postgres;
grant all on schema public to postgres;
