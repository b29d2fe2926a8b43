-- The review's invitations (issue 45, item 1: "invited at day 30 and again at month 6"). A
-- treated patient may write a review from day 30 after the treatment (private.review_eligibility,
-- 20261207120000_verified_reviews.sql); the page said so, but nothing told the patient. Now the
-- reminders' scheduler (public.schedule_patient_reminders, 20261207100000_patient_reminders.sql)
-- queues one invitation, kind reminder_review, through the same outbox and recipient policy:
--   - from day 30, for a week, while no review exists;
--   - from month 6, for a week, unless a review was written or updated since month 6 (hair results
--     show over months: the second invitation asks for the honest one, or to update the first).
-- Each once (the occasion names the round and the treatment day: a moved treatment day is a new
-- occasion); held in the quiet hours, stopped with the reminders (by the patient or staff), none
-- after withdrawal or erasure. The mail names the request page, never the private link.

insert into private.outbound_kinds (kind, channel, per_recipient_per_day, needs_opened_link, quiet_hours)
values ('reminder_review', 'email', 1, false, true);

-- The outbox's kinds: those of 20261207110000_aftercare_checkins.sql and the review's invitation.
alter table private.patient_notices drop constraint patient_notices_kind;
alter table private.patient_notices add constraint patient_notices_kind check (
  kind in (
    'quotes_ready', 'quote_revised', 'quote_chosen', 'manager_assigned',
    'reminder_photos', 'reminder_quote_expiring', 'reminder_callback',
    'reminder_trip_week', 'reminder_trip_tomorrow', 'reminder_procedure_tomorrow',
    'reminder_review', 'aftercare_checkin'
  )
);

-- The invitation on WhatsApp, for a request with no e-mail (20261207130500_whatsapp_patient_notices.sql).
insert into private.whatsapp_templates (name, language, body, for_staff) values
  ('rihla_reminder_review', 'ar', 'رحلة كير: يمكنك الآن أن تكتب مراجعتك للعيادة التي عالجتك، من صفحة طلبك. تساعد تجربتك مرضى آخرين على الاختيار.', false),
  ('rihla_reminder_review', 'en', 'Rihla Care: you can now review the clinic that treated you, from your request page. Your experience helps other patients choose.', false);

-- The scheduler, with the review's invitations added before the trip's reminders.
create or replace function public.schedule_patient_reminders(_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
  due record;
  queued integer := 0;
  today date;
  since timestamptz;
  review jsonb;
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
                                              and (_now + interval '4 days')::date)
           -- The review's two invitations: a week from day 30, a week from month 6.
           or exists (select 1 from public.trip_plans t
                      where t.request_id = c.id and t.procedure_on is not null
                        and ((_now::date - t.procedure_on) between 29 and 38
                             or (_now::date - (t.procedure_on + interval '6 months')::date)
                                between -1 and 8)))
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

    -- The review (issue 45): invited once from day 30 after the treatment (for a week), and
    -- again from month 6, when hair results show, unless a review was written or updated since
    -- then. Whether a review may be written is the review's own rule (private.review_eligibility:
    -- after-care, a chosen quote, the treatment day).
    review := private.review_eligibility(r.id, today);
    if coalesce((review ->> 'eligible')::boolean, false) then
      if review ->> 'round' = 'day30'
         and today < (review ->> 'treated_on')::date + 37
         and not exists (select 1 from public.clinic_reviews cr where cr.request_id = r.id) then
        if private.queue_patient_reminder(r.lead_id, 'reminder_review',
             'review:day30:' || (review ->> 'treated_on'), (review ->> 'treated_on')::date, null, null) then
          queued := queued + 1;
        end if;
      elsif review ->> 'round' = 'month6'
         and today < ((review ->> 'treated_on')::date + interval '6 months')::date + 7
         and not exists (
           select 1 from public.clinic_reviews cr
           where cr.request_id = r.id
             and (cr.edited_at at time zone r.zone)::date
                 >= ((review ->> 'treated_on')::date + interval '6 months')::date
         ) then
        if private.queue_patient_reminder(r.lead_id, 'reminder_review',
             'review:month6:' || (review ->> 'treated_on'), (review ->> 'treated_on')::date, null, null) then
          queued := queued + 1;
        end if;
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
  'Service role (pg_cron every five minutes): queues the reminders due at _now (photos missing, a quote ending, the call-back, the trip in 7 days and tomorrow, the procedure tomorrow, the review''s invitations at day 30 and month 6), each once per occasion.';
