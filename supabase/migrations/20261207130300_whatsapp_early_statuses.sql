-- Meta's status before Meta's id (issue 46): the Graph API answers a send with the message id,
-- and Meta may post that message's first status webhook before the whatsapp-send worker has
-- recorded the id (public.finish_whatsapp_send). Such a status found no message and was lost, so a
-- message Meta failed could stay "waiting" for good. Now public.whatsapp_status keeps a status of
-- an id it does not know for a day (its id, state, time and Meta's error; never the number), and
-- public.finish_whatsapp_send applies it the moment it records the id. Both functions are
-- redefined whole; what changed is marked by the comments in them.

create table private.whatsapp_early_statuses (
  wa_message_id text primary key,
  status jsonb not null,
  received_at timestamptz not null default now(),
  constraint whatsapp_early_statuses_id_length check (char_length(wa_message_id) between 1 and 200)
);
comment on table private.whatsapp_early_statuses is
  'Meta''s statuses of message ids not recorded yet (the webhook came before the send''s answer was stored), kept a day (issue 46).';
alter table private.whatsapp_early_statuses enable row level security;
revoke all on table private.whatsapp_early_statuses from public, anon, authenticated;

create or replace function public.whatsapp_status(_status jsonb)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  next_state text := _status ->> 'status';
  rank_of constant jsonb := '{"queued": 0, "sent": 1, "delivered": 2, "read": 3, "failed": 4}';
  error jsonb := _status -> 'errors' -> 0;
  changed integer;
begin
  if _status is null or jsonb_typeof(_status) <> 'object' or coalesce(_status ->> 'id', '') = ''
     or coalesce(next_state, '') not in ('sent', 'delivered', 'read', 'failed')
     or coalesce(_status ->> 'timestamp', '') !~ '^[0-9]{1,12}$'
  then
    raise exception 'not a WhatsApp status this product stores'
      using errcode = '22023', hint = 'whatsapp_status_invalid';
  end if;
  update public.whatsapp_messages m
  set state = next_state,
      state_at = least(to_timestamp((_status ->> 'timestamp')::double precision), now()),
      error_code = case when next_state = 'failed' then (error ->> 'code')::integer end,
      error_title = case when next_state = 'failed'
        then left(coalesce(error ->> 'title', error ->> 'message'), 300) end,
      error_detail = case when next_state = 'failed'
        then left(error -> 'error_data' ->> 'details', 1000) end
  where m.wa_message_id = _status ->> 'id'
    and m.direction = 'out'
    and m.state <> 'failed'
    and (rank_of ->> next_state)::integer > (rank_of ->> m.state)::integer;
  get diagnostics changed = row_count;
  if changed = 0 and not exists (
    select 1 from public.whatsapp_messages m where m.wa_message_id = _status ->> 'id'
  ) then
    -- Not (yet) a message of ours: Meta's status may come before the worker recorded Meta's id.
    -- Kept a day without the number (private.whatsapp_early_statuses), applied by
    -- public.finish_whatsapp_send when the id is recorded; the most advanced state is kept.
    delete from private.whatsapp_early_statuses e where e.received_at < now() - interval '1 day';
    insert into private.whatsapp_early_statuses (wa_message_id, status)
    values (left(_status ->> 'id', 200), _status - 'recipient_id')
    on conflict (wa_message_id) do update set status = excluded.status, received_at = now()
      where private.whatsapp_early_statuses.status ->> 'status' <> 'failed'
        and ((rank_of ->> (excluded.status ->> 'status'))::integer
             > (rank_of ->> (private.whatsapp_early_statuses.status ->> 'status'))::integer);
  end if;
  return changed > 0;
end
$$;

create or replace function public.finish_whatsapp_send(
  _message_id uuid, _wa_message_id text, _error jsonb default null, _retry boolean default false
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  message public.whatsapp_messages;
begin
  select * into message from public.whatsapp_messages m
  where m.id = _message_id and m.direction = 'out' for update;
  if message.id is null then
    return 'gone';
  end if;
  if message.wa_message_id is not null or message.state <> 'queued' then
    return message.state;
  end if;
  if nullif(_wa_message_id, '') is not null then
    update public.whatsapp_messages m
    set wa_message_id = left(_wa_message_id, 200), claimed_until = null, next_attempt_at = null,
        last_error = null
    where m.id = _message_id;
    -- A state Meta reported before its id was recorded here applies now.
    perform public.whatsapp_status(e.status)
    from private.whatsapp_early_statuses e where e.wa_message_id = left(_wa_message_id, 200);
    delete from private.whatsapp_early_statuses e where e.wa_message_id = left(_wa_message_id, 200);
    return 'accepted';
  end if;
  if coalesce(_retry, false) and message.attempts < 5 then
    update public.whatsapp_messages m
    set claimed_until = null,
        next_attempt_at = now() + make_interval(secs => 30 * power(2, greatest(message.attempts - 1, 0))),
        last_error = left(concat_ws(': ', _error ->> 'code', _error ->> 'title', _error ->> 'details'), 1000)
    where m.id = _message_id;
    return 'retry';
  end if;
  update public.whatsapp_messages m
  set state = 'failed', state_at = now(), claimed_until = null, next_attempt_at = null,
      error_code = case when coalesce(_error ->> 'code', '') ~ '^-?[0-9]{1,9}$'
        then (_error ->> 'code')::integer end,
      error_title = left(coalesce(_error ->> 'title', 'not sent'), 300),
      error_detail = left(_error ->> 'details', 1000)
  where m.id = _message_id;
  return 'failed';
end
$$;

revoke execute on function public.whatsapp_status(jsonb) from public, anon, authenticated;
revoke execute on function public.finish_whatsapp_send(uuid, text, jsonb, boolean) from public, anon, authenticated;
grant execute on function public.whatsapp_status(jsonb) to service_role;
grant execute on function public.finish_whatsapp_send(uuid, text, jsonb, boolean) to service_role;
