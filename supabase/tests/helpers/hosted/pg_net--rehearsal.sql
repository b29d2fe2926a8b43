-- A stand-in for pg_net (supabase/pg_net), for the production rehearsal only: the tables and the
-- net.http_post signature of pg_net 0.x, so a scheduled job's SQL runs unchanged; there is no
-- background worker, the rehearsal (supabase/tests/production-rehearsal.test.ts) sends each queued
-- request itself and records the answer in net._http_response as pg_net's worker would.

-- Requests waiting for the worker, as pg_net queues them.
create table net.http_request_queue (
  id bigserial primary key,
  method text not null,
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds integer not null
);

-- The answers, as pg_net's worker stores them.
create table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);

-- pg_net's POST: queues the request and returns its id.
create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint
language sql
volatile
as $$
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', url, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id
$$;

-- As hosted projects grant pg_net to the operator.
grant usage on schema net to postgres;
grant all on net.http_request_queue, net._http_response to postgres;
grant usage, select on sequence net.http_request_queue_id_seq to postgres;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to postgres;
