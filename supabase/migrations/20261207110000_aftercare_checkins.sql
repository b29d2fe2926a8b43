-- After-care that keeps the promise (issue 44, item 4; ARCHITECTURE section 16). The home page
-- promises six months of follow-up; until now nothing asked the patient anything after the trip.
--
-- Each request whose trip plan has a procedure date gets its check-ins: one row per day of its
-- treatment's schedule (content/aftercare.yaml, kept here in private.aftercare_schedule and
-- checked equal by supabase/tests/aftercare-checkins.test.ts), due on the procedure date plus
-- that day, created and moved by a trigger when the plan's procedure date is set or changed (a
-- check-in already asked keeps its date). The scheduler public.run_aftercare(_now) (service role;
-- every minute beside the other jobs, `_now` for tests) moves the page's step from the trip to
-- «المتابعة بعد العلاج» once the departure date has passed, asks the due check-ins (the patient
-- hears it through the patient-notices outbox and its recipient policy: kind aftercare_checkin),
-- and moves the step to «اكتملت المتابعة» (aftercare_done) once the last one is answered or two
-- weeks past its date.
--
-- The patient answers on their page in one tap (public.patient_answer_checkin, token-checked
-- and limited like the page's other actions): all well, a question, or a concern, which may carry
-- a photo uploaded through the file gate (public.patient_file_begin, its 'report' slot). A
-- question or a concern makes the request due now in the follow-up queue; every answer is a
-- timeline event and a broadcast on the private staff topic staff:aftercare (ids and the answer
-- only), on which the manager is alerted of a concern. Staff read the check-ins in the request
-- dialog (public.request_aftercare); the team report measures the promise per request
-- (public.aftercare_report: asked, answered, concerns and how fast staff answered each).
--
-- The check-ins are the person's data: they reference the request on delete cascade, so the
-- admin export and erasure (local/person-data.ts finds them from the catalog), the patient's
-- withdrawal and the retention reach them, and the copies Realtime keeps of their broadcasts go
-- with them.

-- The check-in days of each treatment, as content/aftercare.yaml lists them: `treatment` is a
-- request_service value or 'default' (every treatment without its own list).
create table private.aftercare_schedule (
  treatment text not null,
  day integer not null check (day between 1 and 365),
  photos boolean not null default false,
  primary key (treatment, day)
);
comment on table private.aftercare_schedule is
  'The after-care check-in days per treatment (request_service value, or default), a copy of content/aftercare.yaml checked by supabase/tests/aftercare-checkins.test.ts.';
alter table private.aftercare_schedule enable row level security;
revoke all on table private.aftercare_schedule from public, anon, authenticated;
grant select on table private.aftercare_schedule to service_role;

insert into private.aftercare_schedule (treatment, day, photos) values
  ('default', 1, false), ('default', 7, false), ('default', 30, false),
  ('default', 90, false), ('default', 180, false),
  ('hairTransplant', 1, false), ('hairTransplant', 7, false), ('hairTransplant', 30, false),
  ('hairTransplant', 90, true), ('hairTransplant', 180, true),
  ('dental', 1, false), ('dental', 7, true), ('dental', 30, false),
  ('dental', 90, true), ('dental', 180, false),
  ('hollywood', 1, false), ('hollywood', 7, true), ('hollywood', 30, false),
  ('hollywood', 90, false), ('hollywood', 180, false),
  ('rhinoplasty', 1, false), ('rhinoplasty', 7, false), ('rhinoplasty', 30, true),
  ('rhinoplasty', 90, true), ('rhinoplasty', 180, true);

-- The check-ins of a request.
create table public.aftercare_checkins (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null references public.contact_requests (id) on delete cascade,
  day integer not null check (day between 1 and 365),
  photos boolean not null default false,
  due_on date not null,
  sent_at timestamptz,
  answer text,
  note text,
  file_id uuid references private.request_files (id) on delete set null,
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  constraint aftercare_checkins_one_per_day unique (request_id, day),
  constraint aftercare_checkins_answer check (answer in ('well', 'question', 'concern')),
  constraint aftercare_checkins_answered check ((answer is null) = (answered_at is null)),
  constraint aftercare_checkins_asked check (answered_at is null or sent_at is not null),
  constraint aftercare_checkins_note check (char_length(note) between 1 and 1000)
);
comment on table public.aftercare_checkins is
  'The after-care check-ins of a request (issue 44): due on the procedure date plus the day, asked by public.run_aftercare, answered once on the patient''s page (well, question, concern with an optional note and photo). Read and written only through the after-care functions.';
comment on column public.aftercare_checkins.sent_at is
  'When the check-in was asked (the page shows it, the outbox was given the message).';
comment on column public.aftercare_checkins.file_id is
  'A photo the patient attached, uploaded through the file gate (private.request_files).';
create index aftercare_checkins_file_idx on public.aftercare_checkins (file_id);
create index aftercare_checkins_due_idx on public.aftercare_checkins (due_on) where sent_at is null;
alter table public.aftercare_checkins enable row level security;
revoke all on table public.aftercare_checkins from public, anon, authenticated;
grant select, insert, update, delete on table public.aftercare_checkins to service_role;

insert into private.request_event_kinds (kind) values ('aftercare_checkin'), ('patient_checkin');

-- A check-in message to the patient: at most one a day, held in their quiet hours.
insert into private.outbound_kinds (kind, channel, per_recipient_per_day, needs_opened_link, quiet_hours)
values ('aftercare_checkin', 'email', 1, false, true);

-- The outbox's kinds: those of 20261206100000_patient_notices.sql, the reminders of
-- 20261207100000_patient_reminders.sql and the check-in.
alter table private.patient_notices drop constraint patient_notices_kind;
alter table private.patient_notices add constraint patient_notices_kind check (
  kind in (
    'quotes_ready', 'quote_revised', 'quote_chosen', 'manager_assigned',
    'reminder_photos', 'reminder_quote_expiring', 'reminder_callback',
    'reminder_trip_week', 'reminder_trip_tomorrow', 'reminder_procedure_tomorrow',
    'aftercare_checkin'
  )
);

-- The page's steps: those of 20261126140000_patient_page.sql and «اكتملت المتابعة».
alter table private.patient_pages drop constraint patient_pages_step;
alter table private.patient_pages add constraint patient_pages_step check (
  step in ('documents', 'quotes', 'decision', 'travel', 'aftercare', 'aftercare_done')
);

-- The check-in days of a treatment: its own list, or the default one.
create function private.aftercare_days(_service text)
returns table (day integer, photos boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select s.day, s.photos
  from private.aftercare_schedule s
  where s.treatment = case
    when exists (select 1 from private.aftercare_schedule o where o.treatment = _service)
      then _service else 'default' end
  order by s.day
$$;
comment on function private.aftercare_days(text) is
  'The after-care check-in days of a treatment (request_service value): its own list or the default.';

-- Trigger: a plan's procedure date set or changed creates the request's check-ins or moves those
-- not asked yet; a procedure date cleared removes those not asked yet.
create function private.plan_aftercare_checkins()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.procedure_on is null then
    delete from public.aftercare_checkins c
    where c.request_id = new.request_id and c.sent_at is null;
    return null;
  end if;
  insert into public.aftercare_checkins (request_id, day, photos, due_on)
  select new.request_id, d.day, d.photos, new.procedure_on + d.day
  from public.contact_requests r
  cross join lateral private.aftercare_days(r.service::text) d
  where r.id = new.request_id
  on conflict (request_id, day) do update set due_on = excluded.due_on
  where public.aftercare_checkins.sent_at is null;
  return null;
end
$$;
comment on function private.plan_aftercare_checkins() is
  'Trigger: a trip plan''s procedure date creates or moves the request''s after-care check-ins (those not asked yet).';

create trigger trip_plans_plan_aftercare
after insert or update of procedure_on on public.trip_plans
for each row execute function private.plan_aftercare_checkins();

-- The check-ins as the screens read them.
create function private.aftercare_json(_request_id uuid, _staff boolean)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', c.id, 'day', c.day, 'photos', c.photos, 'due_on', c.due_on,
      'asked', c.sent_at is not null, 'sent_at', c.sent_at,
      'answer', c.answer, 'note', c.note, 'answered_at', c.answered_at,
      'has_photo', c.file_id is not null
    ) || case when _staff then jsonb_build_object('file_id', c.file_id) else '{}'::jsonb end
    order by c.day), '[]'::jsonb)
  from public.aftercare_checkins c
  where c.request_id = _request_id
$$;
comment on function private.aftercare_json(uuid, boolean) is
  'A request''s check-ins as JSON for the patient''s page or (with the photo''s file id) the staff''s dialog.';

-- The patient's check-ins for their link (null for a dead link): every day of the schedule, the
-- asked ones answerable, and whether the follow-up is complete.
create function public.patient_aftercare(_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
  req uuid;
begin
  if lead is null then
    return null;
  end if;
  select r.id into req from public.contact_requests r where r.lead_id = lead;
  return jsonb_build_object(
    'checkins', private.aftercare_json(req, false),
    'procedure_on', (select p.procedure_on from public.trip_plans p where p.request_id = req),
    'done', coalesce((select g.step = 'aftercare_done' from private.patient_pages g
                      where g.lead_id = lead), false)
  );
end
$$;
comment on function public.patient_aftercare(text) is
  'The patient''s after-care check-ins for their link (null for a dead link).';

-- Staff: a request's check-ins with the answers (and the photo's file id, read through the files'
-- own functions).
create function public.request_aftercare(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if not exists (
    select 1 from public.contact_requests r where r.id = _request_id and r.deleted_at is null
  ) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  return jsonb_build_object('checkins', private.aftercare_json(_request_id, true));
end
$$;
comment on function public.request_aftercare(uuid) is
  'Staff: the request''s after-care check-ins and the patient''s answers.';

-- An open dialog and the manager hear of an answer live: the request's and the check-in's ids,
-- the day and the answer (nothing the patient wrote) on the private staff topic staff:aftercare.
create function private.broadcast_aftercare_answer(_checkin public.aftercare_checkins)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('request_id', _checkin.request_id, 'checkin_id', _checkin.id,
                       'day', _checkin.day, 'answer', _checkin.answer),
    'answered',
    'staff:aftercare',
    true
  );
end
$$;
comment on function private.broadcast_aftercare_answer(public.aftercare_checkins) is
  'Tells open screens that a patient answered an after-care check-in (ids, day, answer), issue 44.';

create policy "admins receive after-care broadcasts"
on realtime.messages
for select
to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select realtime.topic()) = 'staff:aftercare'
  and (select public.is_admin((select auth.uid())))
);

-- The patient answers an asked check-in once: 'well' (one tap), 'question' (a note of 1–1000
-- characters: hint checkin_note) or 'concern' (a note, a photo uploaded through the file gate to
-- this request, or both). A question or a concern makes the request due now for a follow-up. The
-- same answer again is done once; another answer to an answered check-in is PT409
-- checkin_answered; a check-in not asked yet or not theirs PT404 checkin_not_found. Limited like
-- the page's other actions.
create function public.patient_answer_checkin(
  _token text, _checkin_id uuid, _answer text, _note text default null, _file_id uuid default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  text_sent text := nullif(btrim(private.without_bidi_controls(coalesce(_note, ''))), '');
  lead uuid;
  req uuid;
  checkin public.aftercare_checkins;
begin
  if _answer is null or _answer not in ('well', 'question', 'concern') then
    raise exception 'an answer is well, question or concern'
      using errcode = '23514', hint = 'checkin_answer';
  end if;
  if char_length(coalesce(text_sent, '')) > 1000
     or (_answer = 'question' and text_sent is null)
     or (_answer = 'concern' and text_sent is null and _file_id is null) then
    raise exception 'a question needs its words (up to 1000 characters), a concern its words or a photo'
      using errcode = '23514', hint = 'checkin_note';
  end if;
  lead := private.admit_patient_action(_token, 'checkin');
  if lead is null then
    return null;
  end if;
  select r.id into req from public.contact_requests r where r.lead_id = lead;
  select * into checkin from public.aftercare_checkins c
  where c.id = _checkin_id and c.request_id = req and c.sent_at is not null
  for update;
  if checkin.id is null then
    raise exception 'no such check-in to answer' using errcode = 'PT404', hint = 'checkin_not_found';
  end if;
  if checkin.answer is not null then
    if checkin.answer = _answer and checkin.note is not distinct from text_sent
       and checkin.file_id is not distinct from _file_id then
      return jsonb_build_object('ok', true, 'changed', false);
    end if;
    raise exception 'this check-in is answered' using errcode = 'PT409', hint = 'checkin_answered';
  end if;
  if _file_id is not null and not exists (
    select 1 from private.request_files f
    where f.id = _file_id and f.request_id = req and f.state in ('uploading', 'ready')
  ) then
    raise exception 'the photo is not one of this request''s files'
      using errcode = '23514', hint = 'checkin_file';
  end if;
  update public.aftercare_checkins c
  set answer = _answer, note = text_sent, file_id = _file_id, answered_at = now()
  where c.id = checkin.id
  returning * into checkin;
  perform private.add_request_event(req, 'patient_checkin', null, _answer || ':' || checkin.day);
  if _answer in ('question', 'concern') then
    update public.contact_requests r set
      follow_up_at = case when r.follow_up_at is null or r.follow_up_at > now() then now()
                          else r.follow_up_at end
    where r.id = req;
  end if;
  perform private.broadcast_aftercare_answer(checkin);
  return jsonb_build_object('ok', true, 'changed', true);
end
$$;
comment on function public.patient_answer_checkin(text, uuid, text, text, uuid) is
  'The patient answers an asked after-care check-in once: well, question (a note) or concern (a note or a photo); a question or concern is due now for a follow-up.';

-- The scheduler (service role; production's pg_cron job 'aftercare', locally beside each outbox
-- drain), at `_now`:
--   1. a live request whose plan's departure date has passed moves from the trip to
--      «المتابعة بعد العلاج» (unless staff moved it further);
--   2. each due check-in not asked yet is asked (sent_at, a timeline event) and the patient's
--      message is queued in the outbox (one per request however many are due; the recipient
--      policy decides when it leaves, and none goes after withdrawal or erasure);
--   3. a request in after-care whose last check-in is answered, or two weeks past its date,
--      moves to «اكتملت المتابعة».
-- Cancelled requests and those in the bin are left alone. Returns the counts.
create function public.run_aftercare(_now timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  today date := (coalesce(_now, now()) at time zone 'UTC')::date;
  item record;
  moved integer := 0;
  asked integer := 0;
  completed integer := 0;
begin
  for item in
    select r.id, r.lead_id, p.step
    from public.trip_plans t
    join public.contact_requests r on r.id = t.request_id
    left join private.patient_pages p on p.lead_id = r.lead_id
    where t.departure_on < today and r.deleted_at is null and r.status <> 'cancelled'
      and (p.step is null or p.step in ('documents', 'quotes', 'decision', 'travel'))
  loop
    insert into private.patient_pages (lead_id, step, step_at) values (item.lead_id, 'aftercare', now())
    on conflict (lead_id) do update set step = excluded.step, step_at = excluded.step_at;
    perform private.add_request_event(item.id, 'patient_step', item.step, 'aftercare');
    moved := moved + 1;
  end loop;

  for item in
    select r.id, r.lead_id, array_agg(c.id order by c.day) as ids, max(c.day) as day
    from public.aftercare_checkins c
    join public.contact_requests r on r.id = c.request_id
    left join private.patient_pages p on p.lead_id = r.lead_id
    where c.sent_at is null and c.due_on <= today
      and r.deleted_at is null and r.status <> 'cancelled'
      and p.step is distinct from 'aftercare_done'
    group by r.id, r.lead_id
  loop
    update public.aftercare_checkins c set sent_at = coalesce(_now, now())
    where c.id = any (item.ids);
    perform private.add_request_event(item.id, 'aftercare_checkin', null, item.day::text);
    perform private.queue_patient_notice(item.lead_id, 'aftercare_checkin');
    asked := asked + cardinality(item.ids);
  end loop;

  for item in
    select r.id, r.lead_id
    from public.contact_requests r
    join private.patient_pages p on p.lead_id = r.lead_id
    cross join lateral (
      select c.due_on, c.answer from public.aftercare_checkins c
      where c.request_id = r.id order by c.day desc limit 1
    ) last
    where p.step = 'aftercare' and r.deleted_at is null and r.status <> 'cancelled'
      and (last.answer is not null or last.due_on + 14 <= today)
  loop
    update private.patient_pages p set step = 'aftercare_done', step_at = now()
    where p.lead_id = item.lead_id;
    perform private.add_request_event(item.id, 'patient_step', 'aftercare', 'aftercare_done');
    completed := completed + 1;
  end loop;

  return jsonb_build_object('aftercare', moved, 'asked', asked, 'completed', completed);
end
$$;
comment on function public.run_aftercare(timestamptz) is
  'Service role: moves pages to after-care after departure, asks due check-ins (through the patient-notices outbox) and completes the follow-up after the last one; `_now` for tests.';

-- The six-month promise per request, for the team report: requests whose procedure date is in
-- the period (an owner sees all, a coordinator those assigned to her), each with its check-ins
-- due by now, asked, answered, concerns, and for each concern how long until staff answered the
-- patient (a reply on their page, a logged call or WhatsApp message after it). Hours, median and
-- longest; a concern not answered yet counts as open.
create function public.aftercare_report(_from date, _to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller text;
  me uuid;
begin
  perform private.require_live_staff();
  if _from is null or _to is null or _to < _from or _to - _from > 400 then
    raise exception 'a period of at most 400 days' using errcode = '22023', hint = 'report_period';
  end if;
  caller := private.caller_role();
  select s.id into me from private.current_staff() s;
  return coalesce((
    with requests as (
      select r.id, r.reference, r.name, r.assigned_to, t.procedure_on
      from public.trip_plans t
      join public.contact_requests r on r.id = t.request_id
      where t.procedure_on between _from and _to and r.deleted_at is null
        and (caller = 'owner' or r.assigned_to = me)
    ),
    concerns as (
      select c.request_id,
        extract(epoch from (
          select min(e.created_at) from public.request_events e
          where e.request_id = c.request_id and e.author_id is not null
            and e.created_at >= c.answered_at
            and (e.kind = 'patient_reply'
                 or e.kind in (select k.kind from private.contact_event_kinds k))
        ) - c.answered_at) / 3600 as hours
      from public.aftercare_checkins c
      where c.answer = 'concern' and c.request_id in (select q.id from requests q)
    )
    select jsonb_agg(jsonb_build_object(
      'request_id', q.id, 'reference', q.reference, 'name', q.name,
      'manager', (select coalesce(nullif(btrim(a.display_name), ''), a.username)
                  from private.admin_users a where a.id = q.assigned_to),
      'procedure_on', q.procedure_on,
      'checkins', (select count(*) from public.aftercare_checkins c where c.request_id = q.id),
      'due', (select count(*) from public.aftercare_checkins c
              where c.request_id = q.id and c.due_on <= current_date),
      'asked', (select count(*) from public.aftercare_checkins c
                where c.request_id = q.id and c.sent_at is not null),
      'answered', (select count(*) from public.aftercare_checkins c
                   where c.request_id = q.id and c.answered_at is not null),
      'concerns', (select count(*) from concerns k where k.request_id = q.id),
      'concerns_open', (select count(*) from concerns k where k.request_id = q.id and k.hours is null),
      'median_answer_hours', (select round(percentile_cont(0.5) within group (order by k.hours)::numeric, 1)
                              from concerns k where k.request_id = q.id and k.hours is not null),
      'longest_answer_hours', (select round(max(k.hours)::numeric, 1)
                               from concerns k where k.request_id = q.id)
    ) order by q.procedure_on, q.reference)
    from requests q
  ), '[]'::jsonb);
end
$$;
comment on function public.aftercare_report(date, date) is
  'The six-month after-care promise per request whose procedure is in the period: check-ins due, asked, answered, concerns and hours until staff answered each (issue 44).';

-- After a check-in row is deleted because its request is gone: the copies of its broadcasts go
-- from realtime.messages (when it exists), as the quotes' do.
create function private.clear_aftercare_broadcasts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if to_regclass('realtime.messages') is not null
    and not exists (select 1 from public.contact_requests r where r.id = old.request_id) then
    delete from realtime.messages m
    where m.topic = 'staff:aftercare' and m.payload ->> 'request_id' = old.request_id::text;
  end if;
  return null;
end
$$;
comment on function private.clear_aftercare_broadcasts() is
  'Trigger: an erased request''s check-ins take the copies of their broadcasts with them.';

create trigger clear_aftercare_broadcasts
after delete on public.aftercare_checkins
for each row execute function private.clear_aftercare_broadcasts();

-- "What now" knows the completed follow-up: as 20261202130000_patient_now.sql, with
-- aftercare_done beside the steps staff or the scheduler set.
create or replace function private.patient_now(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  r public.contact_requests;
  step text;
  missing jsonb;
  live integer;
  sent integer;
  chosen jsonb;
  complete timestamptz;
begin
  select * into r from public.contact_requests where id = _request_id;
  if r.id is null then
    return null;
  end if;
  if r.status = 'cancelled' then
    return jsonb_build_object('state', 'closed');
  end if;
  select p.step into step from private.patient_pages p where p.lead_id = r.lead_id;
  if step in ('aftercare_done', 'aftercare', 'travel') then
    return jsonb_build_object('state', step);
  end if;

  select jsonb_build_object('ar', c.name_ar, 'en', c.name_en) into chosen
  from public.quotes q join public.clinics c on c.id = q.clinic_id
  where q.request_id = r.id and q.status = 'chosen'
  order by q.decided_at desc nulls last limit 1;
  if chosen is not null then
    return jsonb_build_object('state', 'chosen', 'clinic', chosen);
  end if;

  select count(*) filter (
           where private.quote_shown_status(q.status, v.valid_until, r.id) = 'sent'
         ),
         count(*)
  into live, sent
  from public.quotes q
  cross join lateral private.latest_sent_version(q.id) v
  where q.request_id = r.id and v.quote_id is not null and q.status <> 'declined';
  if live > 0 then
    return jsonb_build_object('state', 'compare', 'quotes', live);
  end if;
  if sent > 0 then
    return jsonb_build_object('state', 'expired');
  end if;

  select coalesce(jsonb_agg(s.slot order by s.place), '[]'::jsonb) into missing
  from private.request_file_slots(r.service::text) s
  left join private.request_file_asks a on a.request_id = r.id and a.slot = s.slot
  where a.slot is not null
     or (s.required and not exists (
       select 1 from private.request_files f
       where f.request_id = r.id and f.slot = s.slot and f.state = 'ready'
     ));
  if jsonb_array_length(missing) > 0 then
    return jsonb_build_object('state', 'photos', 'missing', missing);
  end if;

  select p.complete_at into complete from private.request_file_progress p where p.request_id = r.id;
  return jsonb_build_object(
    'state', 'waiting',
    'due_at', greatest(r.created_at, coalesce(complete, r.created_at)) + interval '48 hours'
  );
end
$$;
comment on function private.patient_now(uuid) is
  'The request''s state for the patient''s "what now" (issues 43, 44): closed, aftercare_done, aftercare, travel, chosen, compare, expired, photos or waiting, with what the sentence names.';

revoke execute on function private.aftercare_days(text) from public;
revoke execute on function private.plan_aftercare_checkins() from public;
revoke execute on function private.aftercare_json(uuid, boolean) from public;
revoke execute on function private.broadcast_aftercare_answer(public.aftercare_checkins) from public;
revoke execute on function private.clear_aftercare_broadcasts() from public;
revoke execute on function public.patient_aftercare(text) from public;
revoke execute on function public.patient_answer_checkin(text, uuid, text, text, uuid) from public;
grant execute on function public.patient_aftercare(text) to anon, authenticated, service_role;
grant execute on function public.patient_answer_checkin(text, uuid, text, text, uuid)
  to anon, authenticated, service_role;
revoke execute on function public.request_aftercare(uuid) from public, anon;
revoke execute on function public.aftercare_report(date, date) from public, anon;
grant execute on function public.request_aftercare(uuid) to authenticated, service_role;
grant execute on function public.aftercare_report(date, date) to authenticated, service_role;
revoke execute on function public.run_aftercare(timestamptz) from public, anon, authenticated;
grant execute on function public.run_aftercare(timestamptz) to service_role;
