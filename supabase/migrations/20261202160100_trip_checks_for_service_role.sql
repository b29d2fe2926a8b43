-- The trip plan's checks hold for the service role too (issue 44). public.trip_plans' CHECK
-- constraints call private.trip_limits() and the three validators, and PostgreSQL checks EXECUTE
-- on them (and USAGE on the private schema inside their bodies) for whoever writes: the service
-- role (the workers, which may write the table directly) was refused with "permission denied for
-- function trip_companions_valid" instead of having its rows checked. The validators are pure
-- and reveal nothing: the service role may run them, and they run as their owner (security
-- definer with an empty search_path) so the role needs no access to the private schema.
alter function private.trip_days_valid(jsonb) security definer;
alter function private.trip_flights_valid(jsonb) security definer;
alter function private.trip_companions_valid(jsonb) security definer;
grant execute on function private.trip_limits() to service_role;
grant execute on function private.trip_days_valid(jsonb) to service_role;
grant execute on function private.trip_flights_valid(jsonb) to service_role;
grant execute on function private.trip_companions_valid(jsonb) to service_role;
