-- The product's own messages on WhatsApp (issue 46 item 4): a row of the patient-notice outbox
-- (private.patient_notices, migration 20261206100000) whose channel is 'whatsapp' leaves as the
-- approved utility template rihla_<kind> in the request's language, under the same recipient
-- policy as mail (private.outbound_verdict: stopped, in the bin, erased, the caps, quiet hours; the
-- recipient is the request's number). public.queue_whatsapp_notices, called by the whatsapp-send
-- worker before it claims, turns each due row the policy lets go into a queued message of the
-- WhatsApp outbox (public.whatsapp_messages, naming its notice); the send, the retries and Meta's
-- states are then the outbox's. When Meta accepts it the notice is delivered (the policy's timeline
-- event, public.finish_patient_notice); when it fails for good the notice is given up with Meta's
-- reason. A kind without an approved template waits (the notice outbox gives up after 24 hours).
-- The templates carry no variables (no link: the patient's link never goes through Meta), and are
-- not offered in the dialog's composer (for_staff false).

alter table public.whatsapp_messages
  add column notice_id bigint references private.patient_notices (id) on delete set null;
create unique index whatsapp_messages_notice_idx on public.whatsapp_messages (notice_id)
  where notice_id is not null;

insert into private.whatsapp_templates (name, language, body, for_staff) values
  ('rihla_quotes_ready', 'ar', 'رحلة كير: عروض العيادات لطلبك جاهزة. افتح صفحة طلبك من الرابط الذي وصلك لتقارن بينها.', false),
  ('rihla_quotes_ready', 'en', 'Rihla Care: the clinics'' quotes for your request are ready. Open your request page from the link you received to compare them.', false),
  ('rihla_quote_revised', 'ar', 'رحلة كير: عُدّل أحد العروض في طلبك. تجد ما تغيّر في صفحة طلبك.', false),
  ('rihla_quote_revised', 'en', 'Rihla Care: one of the quotes for your request was revised. Your request page shows what changed.', false),
  ('rihla_quote_chosen', 'ar', 'رحلة كير: سجّلنا اختيارك للعرض، وسيتواصل معك مدير المريض المتابع لطلبك قريباً.', false),
  ('rihla_quote_chosen', 'en', 'Rihla Care: we recorded your choice of quote; your patient manager will be in touch soon.', false),
  ('rihla_manager_assigned', 'ar', 'رحلة كير: لطلبك الآن مدير مريض يتابعه، وتجد اسمه في صفحة طلبك.', false),
  ('rihla_manager_assigned', 'en', 'Rihla Care: your request now has a patient manager following it; your request page shows their name.', false),
  -- The reminders (20261207100000_patient_reminders.sql) and the after-care check-in
  -- (20261207110000_aftercare_checkins.sql), for requests with no e-mail.
  ('rihla_reminder_photos', 'ar', 'رحلة كير: ما زالت بعض الصور التي يحتاجها الأطباء لطلبك ناقصة. أضفها من صفحة طلبك لتصلك العروض.', false),
  ('rihla_reminder_photos', 'en', 'Rihla Care: some photos the doctors need for your request are still missing. Add them on your request page to get your quotes.', false),
  ('rihla_reminder_quote_expiring', 'ar', 'رحلة كير: ينتهي قريباً عرض في طلبك. تجد تاريخ صلاحيته في صفحة طلبك.', false),
  ('rihla_reminder_quote_expiring', 'en', 'Rihla Care: a quote for your request ends soon. Your request page shows until when it is valid.', false),
  ('rihla_reminder_callback', 'ar', 'رحلة كير: سيتصل بك مدير المريض في الموعد الذي طلبته.', false),
  ('rihla_reminder_callback', 'en', 'Rihla Care: your patient manager will call you at the time you asked for.', false),
  ('rihla_reminder_trip_week', 'ar', 'رحلة كير: تبدأ رحلتك العلاجية بعد أسبوع. راجع خطة الرحلة في صفحة طلبك: المواعيد والعناوين وما تحضره معك.', false),
  ('rihla_reminder_trip_week', 'en', 'Rihla Care: your treatment trip begins in a week. Check the plan on your request page: the times, the addresses and what to bring.', false),
  ('rihla_reminder_trip_tomorrow', 'ar', 'رحلة كير: تبدأ رحلتك العلاجية غداً. خطة الرحلة والعناوين والأرقام في صفحة طلبك.', false),
  ('rihla_reminder_trip_tomorrow', 'en', 'Rihla Care: your treatment trip begins tomorrow. The plan, the addresses and the numbers are on your request page.', false),
  ('rihla_reminder_procedure_tomorrow', 'ar', 'رحلة كير: موعد علاجك غداً. راجع في صفحة طلبك كيف تستعد له.', false),
  ('rihla_reminder_procedure_tomorrow', 'en', 'Rihla Care: your treatment is tomorrow. See on your request page how to prepare.', false),
  ('rihla_aftercare_checkin', 'ar', 'رحلة كير: حان موعد متابعتك بعد العلاج. أخبرنا كيف حالك بنقرة واحدة في صفحة طلبك.', false),
  ('rihla_aftercare_checkin', 'en', 'Rihla Care: it is time for your after-care check-in. Tell us how you are in one tap on your request page.', false);

-- Turns up to `_limit` due WhatsApp notices the policy lets go into queued outbox messages;
-- returns how many. A notice the policy holds waits until its time; one it drops is given up.
create function public.queue_whatsapp_notices(_limit integer default 20)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
  decision record;
  queued integer := 0;
begin
  for due in
    select n.id, n.lead_id, n.kind, r.id as request_id, r.phone_key, t.name, t.language, t.body
    from private.patient_notices n
    join public.contact_requests r on r.lead_id = n.lead_id
    join private.whatsapp_templates t
      on t.name = 'rihla_' || n.kind and t.language = r.language and t.approved
    where n.channel = 'whatsapp' and n.sent_at is null and n.gave_up_at is null
      and n.next_attempt_at <= now()
      and (n.claimed_until is null or n.claimed_until < now())
      and not exists (select 1 from public.whatsapp_messages m where m.notice_id = n.id)
    order by n.next_attempt_at
    limit greatest(1, least(coalesce(_limit, 20), 100))
    for update of n skip locked
  loop
    select * into decision
    from private.outbound_verdict(due.kind, due.lead_id, due.phone_key, 'notice:' || due.id);
    if decision.verdict = 'send' then
      -- Claimed for as long as its message is in the outbox; the message finishes it.
      update private.patient_notices n
      set attempts = n.attempts + 1, claimed_until = 'infinity'
      where n.id = due.id;
      insert into public.whatsapp_messages (
        request_id, direction, kind, body, phone_key, state, author, template_name,
        template_language, next_attempt_at, notice_id
      )
      values (
        due.request_id, 'out', 'template', due.body, due.phone_key, 'queued', null, due.name,
        due.language::text, now(), due.id
      );
      queued := queued + 1;
    elsif decision.verdict = 'wait' then
      update private.patient_notices n set next_attempt_at = decision.not_before where n.id = due.id;
    else
      update private.patient_notices n
      set gave_up_at = now(), claimed_until = null, last_error = 'policy: ' || decision.reason
      where n.id = due.id;
    end if;
  end loop;
  return queued;
end
$$;
comment on function public.queue_whatsapp_notices(integer) is
  'Queues due WhatsApp patient notices the recipient policy lets go as approved templates in the WhatsApp outbox (issue 46).';

-- A notice's message accepted by Meta delivers the notice; failed for good, gives it up.
create function private.finish_whatsapp_notice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.notice_id is null then
    return null;
  end if;
  if new.wa_message_id is not null and old.wa_message_id is null then
    update private.patient_notices n set claimed_until = null where n.id = new.notice_id;
    perform public.finish_patient_notice(new.notice_id, true);
  elsif new.state = 'failed' and old.state <> 'failed' and old.wa_message_id is null then
    update private.patient_notices n
    set gave_up_at = now(), claimed_until = null,
        last_error = left('whatsapp: ' || concat_ws(' ', new.error_code, new.error_title, new.error_detail), 500)
    where n.id = new.notice_id and n.sent_at is null;
  end if;
  return null;
end
$$;

create trigger finish_whatsapp_notice
after update of wa_message_id, state on public.whatsapp_messages
for each row execute function private.finish_whatsapp_notice();

revoke execute on function public.queue_whatsapp_notices(integer) from public, anon, authenticated;
grant execute on function public.queue_whatsapp_notices(integer) to service_role;
revoke execute on function private.finish_whatsapp_notice() from public;
