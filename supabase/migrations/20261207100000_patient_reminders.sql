-- Reminders that fit a medical trip (issue 44, item 3). Until now the patient was reminded of
-- nothing: photos asked for two days ago stayed missing, a quote ran out unseen, the call they
-- asked for came as a surprise, the flight in a week and the procedure tomorrow were only in the
-- plan.
--
-- Now one scheduler, public.schedule_patient_reminders(_now), run every five minutes (pg_cron on
-- hosted, the local server's worker loop beside each drain), finds by the clock what is due and
-- queues one message per request, kind and occasion into the existing outbox of messages to the
-- patient (private.patient_notices, through private.queue_patient_notice), exactly once: the
-- occasion is recorded in private.patient_reminders with a unique key, so a reminder never
-- repeats, and a changed date is a new occasion. The kinds:
--   reminder_photos             a needed photo is still missing 24 hours after the request (or
--                               after staff asked for it again), up to 7 days;
--   reminder_quote_expiring     a sent quote still open ends within 3 days (no quote chosen);
--   reminder_callback           the call-back time the patient asked for is within the hour;
--   reminder_trip_week          the trip (confirmed arrival date) begins in 2 to 7 days;
--   reminder_trip_tomorrow      the trip begins tomorrow;
--   reminder_procedure_tomorrow the procedure is tomorrow.
-- "Days" are counted in the patient's time zone (the one of the quiet hours). Delivery is the
-- outbox's: the recipient policy (private.outbound_verdict) holds them in the quiet hours (not the
-- call-back's, whose time the patient chose), caps them, drops them after staff's stop, in the bin
-- (withdrawal) or after erasure, and writes every send and drop on the timeline.
--
-- Stoppable per request: by staff with the existing public.stop_automatic_messages (every
-- automatic message), and by the patient on their page with public.patient_stop_reminders (only
-- the reminders; the answers to what happened still come), which gives up the reminders already
-- waiting. Decision: docs/decisions/patient-reminders.md.

insert into private.outbound_kinds (kind, channel, per_recipient_per_day, needs_opened_link, quiet_hours)
values
  ('reminder_photos', 'email', 1, false, true),
  ('reminder_quote_expiring', 'email', 1, false, true),
  ('reminder_callback', 'email', 1, false, false),
  ('reminder_trip_week', 'email', 1, false, true),
  ('reminder_trip_tomorrow', 'email', 1, false, true),
  ('reminder_procedure_tomorrow', 'email', 1, false, true);

-- The outbox takes the reminders: the kinds of 20261206100000_patient_notices.sql and these.
alter table private.patient_notices drop constraint patient_notices_kind;
alter table private.patient_notices add constraint patient_notices_kind check (
  kind in (
    'quotes_ready', 'quote_revised', 'quote_chosen', 'manager_assigned',
    'reminder_photos', 'reminder_quote_expiring', 'reminder_callback',
    'reminder_trip_week', 'reminder_trip_tomorrow', 'reminder_procedure_tomorrow'
  )
);

-- Every reminder queued, once per request, kind and occasion (the date or time it is about).
create table private.patient_reminders (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.offer_leads (id) on delete cascade,
  kind text not null references private.outbound_kinds (kind),
  occasion text not null check (char_length(occasion) between 1 and 100),
  -- What the reminder is about: a date (the trip, the procedure, the quote's last day) or a time
  -- (the call-back).
  due_on date,
  due_at timestamptz,
  quote_id uuid references public.quotes (id) on delete cascade,
  notice_id bigint references private.patient_notices (id) on delete set null,
  queued_at timestamptz not null default now(),
  constraint patient_reminders_kind check (kind ~ '^reminder_[a-z_]{1,30}$'),
  constraint patient_reminders_once unique (lead_id, kind, occasion)
);
comment on table private.patient_reminders is
  'Every reminder queued to a patient (issue 44): once per request, kind and occasion, with the date or time it is about and its message in private.patient_notices.';
create index patient_reminders_notice_idx on private.patient_reminders (notice_id);
create index patient_reminders_quote_idx on private.patient_reminders (quote_id);
alter table private.patient_reminders enable row level security;
revoke all on table private.patient_reminders from public, anon, authenticated;

-- Requests whose patient stopped the reminders on their page.
create table private.patient_reminder_stops (
  lead_id uuid primary key references public.offer_leads (id) on delete cascade,
  stopped_at timestamptz not null default now()
);
comment on table private.patient_reminder_stops is
  'Requests whose patient stopped the reminders on their page (public.patient_stop_reminders).';
alter table private.patient_reminder_stops enable row level security;
revoke all on table private.patient_reminder_stops from public, anon, authenticated;

-- The patient's time zone is private.request_time_zone (20261207090000_one_day_for_a_quote.sql):
-- the quiet hours' zone, by the calling code stored with the request, as a quote's days.

-- Queues one reminder unless its occasion was already reminded of, or a message of its kind is
-- still waiting (then the next run queues it). A reminder about quotes joins the message queued
-- in the same run. True when queued.
create function private.queue_patient_reminder(
  _lead_id uuid, _kind text, _occasion text, _due_on date, _due_at timestamptz,
  _quote_id uuid
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  notice bigint;
begin
  if exists (
    select 1 from private.patient_reminders pr
    where pr.lead_id = _lead_id and pr.kind = _kind and pr.occasion = _occasion
  ) then
    return false;
  end if;
  select n.id into notice from private.patient_notices n
  where n.lead_id = _lead_id and n.kind = _kind and n.sent_at is null and n.gave_up_at is null;
  if notice is not null and not exists (
    select 1 from private.patient_reminders pr
    where pr.notice_id = notice and pr.queued_at = now()
  ) then
    return false;
  end if;
  perform private.queue_patient_notice(_lead_id, _kind, _quote_id);
  select n.id into notice from private.patient_notices n
  where n.lead_id = _lead_id and n.kind = _kind and n.sent_at is null and n.gave_up_at is null;
  if notice is null then
    return false;
  end if;
  -- A reminder leaves when it is due, not after the wait that joins close events.
  update private.patient_notices n set next_attempt_at = now()
  where n.id = notice and n.attempts = 0;
  insert into private.patient_reminders (lead_id, kind, occasion, due_on, due_at, quote_id, notice_id)
  values (_lead_id, _kind, _occasion, _due_on, _due_at, _quote_id, notice);
  return true;
end
$$;
comment on function private.queue_patient_reminder(uuid, text, text, date, timestamptz, uuid) is
  'Queues a reminder to the patient once per request, kind and occasion (into private.patient_notices); true when queued.';

-- The scheduler: queues every reminder due at `_now` (service role; the tests pass their clock).
-- Only requests still wanted: not in the bin, not cancelled, not stopped by staff or the patient.
create function public.schedule_patient_reminders(_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r record;
  due record;
  queued integer := 0;
  today date;
  since timestamptz;
begin
  for r in
    select c.id, c.lead_id, c.created_at, c.country_code,
           private.request_time_zone(c.id) as zone, p.callback_at
    from public.contact_requests c
    left join private.patient_pages p on p.lead_id = c.lead_id
    where c.deleted_at is null and c.status <> 'cancelled'
      and not exists (select 1 from private.outbound_stops s where s.lead_id = c.lead_id)
      and not exists (select 1 from private.patient_reminder_stops s where s.lead_id = c.lead_id)
      -- Only requests where something may be due (a day of slack for the time zones), so a run
      -- over a large inbox reads a few rows, not every request.
      and (c.created_at > _now - interval '7 days'
           or exists (select 1 from private.request_file_asks a
                      where a.request_id = c.id and a.asked_at > _now - interval '7 days')
           or p.callback_at between _now and _now + interval '1 hour'
           or exists (select 1 from public.trip_plans t
                      where t.request_id = c.id and t.dates_confirmed_at is not null
                        and (t.arrival_on between (_now - interval '1 day')::date
                                              and (_now + interval '8 days')::date
                             or t.procedure_on between (_now - interval '1 day')::date
                                                   and (_now + interval '2 days')::date))
           or exists (select 1 from public.quotes q
                      cross join lateral private.latest_sent_version(q.id) v
                      where q.request_id = c.id and q.status = 'sent'
                        and v.valid_until between (_now - interval '1 day')::date
                                              and (_now + interval '4 days')::date))
  loop
    today := (_now at time zone r.zone)::date;

    -- Each reminder is asked for only inside its window (an AND with a null would call it).
    -- Photos still missing 24 hours after the request or staff's latest ask, for up to 7 days.
    if (r.created_at > _now - interval '7 days'
        or exists (select 1 from private.request_file_asks a
                   where a.request_id = r.id and a.asked_at > _now - interval '7 days'))
       and coalesce(private.patient_now(r.id) ->> 'state' = 'photos', false) then
      select greatest(r.created_at, max(a.asked_at)) into since
      from private.request_file_asks a where a.request_id = r.id;
      since := coalesce(since, r.created_at);
      if since + interval '24 hours' <= _now and since + interval '7 days' > _now then
        if private.queue_patient_reminder(r.lead_id, 'reminder_photos',
             'since:' || to_char(since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'),
             null, since, null) then
          queued := queued + 1;
        end if;
      end if;
    end if;

    -- Quotes still open that end within 3 days, while none is chosen: one message naming them.
    if not exists (select 1 from public.quotes q where q.request_id = r.id and q.status = 'chosen') then
      for due in
        select q.id, v.valid_until
        from public.quotes q
        cross join lateral private.latest_sent_version(q.id) v
        where q.request_id = r.id and v.quote_id is not null and q.status = 'sent'
          and v.valid_until between today and today + 3
        order by q.first_sent_at, q.id
      loop
        if private.queue_patient_reminder(r.lead_id, 'reminder_quote_expiring',
             'quote:' || due.id || ':' || due.valid_until, due.valid_until, null, due.id) then
          queued := queued + 1;
        end if;
      end loop;
    end if;

    -- The call-back time the patient asked for, within the hour.
    if coalesce(r.callback_at > _now and r.callback_at <= _now + interval '1 hour', false) then
      if private.queue_patient_reminder(r.lead_id, 'reminder_callback',
           'at:' || to_char(r.callback_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'),
           null, r.callback_at, null) then
        queued := queued + 1;
      end if;
    end if;

    -- The trip and the procedure, by the dates the patient confirmed.
    for due in
      select t.arrival_on, t.procedure_on from public.trip_plans t
      where t.request_id = r.id and t.dates_confirmed_at is not null
    loop
      if coalesce(due.arrival_on - today between 2 and 7, false) then
        if private.queue_patient_reminder(r.lead_id, 'reminder_trip_week',
             'arrival:' || due.arrival_on, due.arrival_on, null, null) then
          queued := queued + 1;
        end if;
      end if;
      -- On the day before a procedure on the day of arrival, the procedure's reminder says it.
      if coalesce(due.arrival_on - today = 1 and due.procedure_on is distinct from due.arrival_on,
                  false) then
        if private.queue_patient_reminder(r.lead_id, 'reminder_trip_tomorrow',
             'arrival:' || due.arrival_on, due.arrival_on, null, null) then
          queued := queued + 1;
        end if;
      end if;
      if coalesce(due.procedure_on - today = 1, false) then
        if private.queue_patient_reminder(r.lead_id, 'reminder_procedure_tomorrow',
             'procedure:' || due.procedure_on, due.procedure_on, null, null) then
          queued := queued + 1;
        end if;
      end if;
    end loop;
  end loop;
  return queued;
end
$$;
comment on function public.schedule_patient_reminders(timestamptz) is
  'Service role (pg_cron every five minutes): queues the reminders due at _now (photos missing, a quote ending, the call-back, the trip in 7 days and tomorrow, the procedure tomorrow), each once per occasion.';

-- What a reminder's message says beyond the quotes: its date or time and the patient's time zone.
create function private.patient_reminder_detail(_notice_id bigint)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'on', pr.due_on, 'at', pr.due_at,
    'time_zone', private.request_time_zone(c.id))
  from private.patient_reminders pr
  join public.contact_requests c on c.lead_id = pr.lead_id
  where pr.notice_id = _notice_id
  order by pr.due_on nulls last, pr.id
  limit 1
$$;
comment on function private.patient_reminder_detail(bigint) is
  'The date or time a reminder''s message is about and the patient''s time zone, or null for other messages.';

-- The patient stops (or allows again) the reminders of their request: one tap on the page,
-- limited like the page's other actions, on the timeline. Stopping gives up the reminders still
-- waiting. Null for a link that is not (or no longer) valid.
create function public.patient_stop_reminders(_token text, _stop boolean default true)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.admit_patient_action(_token, 'reminders');
  request uuid;
begin
  if lead is null then
    return null;
  end if;
  select r.id into request from public.contact_requests r where r.lead_id = lead;
  if coalesce(_stop, true) then
    insert into private.patient_reminder_stops (lead_id) values (lead) on conflict (lead_id) do nothing;
    if found then
      perform private.add_request_event(request, 'automatic_message', null, 'reminders_stopped');
    end if;
    update private.patient_notices n
    set gave_up_at = now(), claimed_until = null, last_error = 'reminders stopped by the patient'
    where n.lead_id = lead and n.kind like 'reminder\_%' and n.sent_at is null and n.gave_up_at is null
      and (n.claimed_until is null or n.claimed_until < now());
  else
    delete from private.patient_reminder_stops s where s.lead_id = lead;
    if found then
      perform private.add_request_event(request, 'automatic_message', null, 'reminders_allowed');
    end if;
  end if;
  return public.patient_reminders(_token);
end
$$;
comment on function public.patient_stop_reminders(text, boolean) is
  'The patient (by their link''s token): stop the reminders of the request, or allow them again; the state after.';

-- What the patient's page shows of its reminders: whether they are stopped (by the patient, or by
-- staff with every automatic message) and the last ones that left.
create function public.patient_reminders(_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
begin
  if lead is null then
    return null;
  end if;
  return jsonb_build_object(
    'stopped', exists (select 1 from private.patient_reminder_stops s where s.lead_id = lead),
    'stopped_by_staff', exists (select 1 from private.outbound_stops s where s.lead_id = lead),
    'sent', coalesce((
      select jsonb_agg(jsonb_build_object('kind', x.kind, 'sent_at', x.sent_at) order by x.sent_at desc)
      from (
        select n.kind, n.sent_at from private.patient_notices n
        where n.lead_id = lead and n.kind like 'reminder\_%' and n.sent_at is not null
        order by n.sent_at desc limit 5
      ) x
    ), '[]'::jsonb)
  );
end
$$;
comment on function public.patient_reminders(text) is
  'The patient (by their link''s token): whether the request''s reminders are stopped, and the last ones sent.';

-- The delivery worker, as 20261206100000_patient_notices.sql, with what a reminder is about.
create or replace function public.claim_patient_notices(_limit integer default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
  decision record;
  allowed bigint[] := '{}';
  claimed_rows jsonb;
begin
  update private.patient_notices n
  set gave_up_at = now(), claimed_until = null,
      last_error = coalesce(n.last_error, 'not delivered within 24 hours')
  where n.sent_at is null and n.gave_up_at is null
    and n.created_at < now() - interval '24 hours'
    and (n.claimed_until is null or n.claimed_until < now());

  for due in
    select n.id, n.lead_id, n.kind, r.email
    from private.patient_notices n
    left join public.contact_requests r on r.lead_id = n.lead_id
    where n.channel = 'email' and n.sent_at is null and n.gave_up_at is null
      and n.next_attempt_at <= now()
      and (n.claimed_until is null or n.claimed_until < now())
    order by n.next_attempt_at
    limit greatest(1, least(coalesce(_limit, 20), 100))
    for update of n skip locked
  loop
    select * into decision
    from private.outbound_verdict(due.kind, due.lead_id, due.email, 'notice:' || due.id);
    if decision.verdict = 'send' then
      allowed := allowed || due.id;
    elsif decision.verdict = 'wait' then
      update private.patient_notices n set next_attempt_at = decision.not_before
      where n.id = due.id;
    else
      update private.patient_notices n
      set gave_up_at = now(), claimed_until = null, last_error = 'policy: ' || decision.reason
      where n.id = due.id;
    end if;
  end loop;

  with claimed as (
    update private.patient_notices n
    set attempts = n.attempts + 1, claimed_until = now() + interval '2 minutes'
    where n.id = any (allowed)
    returning n.id, n.lead_id, n.kind, n.attempts, n.quote_ids
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', c.id, 'kind', c.kind, 'attempt', c.attempts,
    'language', r.language, 'first_name', private.outbound_greeting_name(r.name), 'email', r.email,
    'reference', r.reference,
    'quotes', coalesce((
      select jsonb_agg(jsonb_build_object(
        'clinic', case when r.language = 'en' then cl.name_en else cl.name_ar end,
        'version', v.version, 'price', v.price, 'currency', v.currency,
        'valid_until', v.valid_until,
        'changes', case when c.kind = 'quote_revised'
          then private.quote_changes(q.id, v.version) else '[]'::jsonb end
      ) order by q.first_sent_at, q.id)
      from public.quotes q
      join public.clinics cl on cl.id = q.clinic_id
      cross join lateral private.latest_sent_version(q.id) v
      where q.id = any (c.quote_ids) and q.request_id = r.id and v.quote_id is not null
    ), '[]'::jsonb),
    'manager_name', case when a.id is not null
      then coalesce(nullif(btrim(a.display_name), ''), a.username) end,
    'manager_whatsapp', a.whatsapp,
    'reminder', case when c.kind like 'reminder\_%' then private.patient_reminder_detail(c.id) end
  )), '[]'::jsonb)
  into claimed_rows
  from claimed c
  join public.contact_requests r on r.lead_id = c.lead_id
  left join private.admin_users a on a.id = r.assigned_to
  where r.email is not null;
  return claimed_rows;
end
$$;

revoke execute on function private.queue_patient_reminder(uuid, text, text, date, timestamptz, uuid) from public;
revoke execute on function private.patient_reminder_detail(bigint) from public;
revoke execute on function public.schedule_patient_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.schedule_patient_reminders(timestamptz) to service_role;
revoke execute on function public.patient_stop_reminders(text, boolean) from public;
grant execute on function public.patient_stop_reminders(text, boolean) to anon, authenticated, service_role;
revoke execute on function public.patient_reminders(text) from public;
grant execute on function public.patient_reminders(text) to anon, authenticated, service_role;

-- The scheduler runs every five minutes in production as the pg_cron job
-- 'schedule-patient-reminders', scheduled with the other jobs by the operator's
-- private.schedule_production_jobs() (20261207110100_aftercare_job.sql; README, production
-- step 6); locally beside each outbox drain (local/server.ts).
