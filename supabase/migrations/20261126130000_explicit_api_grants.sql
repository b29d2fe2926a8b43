-- Hosted projects no longer grant the API roles anything on new public objects (and the local
-- bootstrap now behaves the same), so what the earlier migrations received from the old
-- grant-everything defaults, and still need, is granted here by name. Everything else they received
-- (service_role's write rights on the timeline and the staff view, every role's use of the timeline's
-- sequence) is left out on purpose: those rows are written by security definer triggers only.

-- The admin CLI and server-side jobs holding the secret key apply the same bulk changes as staff;
-- the function checks the caller's admin session itself, so the grant adds no way in.
grant execute on function public.bulk_update_requests(jsonb, jsonb) to service_role;

-- Lead inserts evaluate it (constraints and the per-phone limits) as the caller, so every API role
-- needs it. PostgreSQL's EXECUTE for PUBLIC covers it today; named, it survives a project that
-- revokes that default too.
grant execute on function public.canonical_phone(text, text) to anon, authenticated, service_role;
