-- The patient's confirmation e-mail (issue 29): exactly one per lead that gave an e-mail address,
-- queued by the lead's own insert (private.take_patient_token, 20261126140000_patient_page.sql)
-- and delivered by the same worker as the agency's notification (send-form-notification drains
-- both), built from stored rows only. The outbox row holds the link's raw token until the mail is
-- delivered or given up; then the token is wiped (a check on the table says so), so the only
-- lasting copy of a link is the patient's. Retries as the agency's mail: 30 s doubling, at most
-- 1 hour apart, given up after 24 hours.

-- Claims up to `_limit` due confirmations (or only `_lead_id`'s) for two minutes and returns what
-- the mail needs, as a JSON array: lead_id, attempt, language, first name, e-mail, reference,
-- service, the link token (null when staff revoked the link meanwhile), the manager's display
-- name and WhatsApp once assigned.
create function public.claim_patient_confirmations(_lead_id uuid default null, _limit integer default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed_rows jsonb;
begin
  update private.patient_confirmations c
  set gave_up_at = now(), claimed_until = null, link_token = null
  where c.sent_at is null and c.gave_up_at is null
    and c.created_at < now() - interval '24 hours'
    and (c.claimed_until is null or c.claimed_until < now());

  with due as (
    select c.lead_id
    from private.patient_confirmations c
    where c.sent_at is null and c.gave_up_at is null
      and c.next_attempt_at <= now()
      and (c.claimed_until is null or c.claimed_until < now())
      and (_lead_id is null or c.lead_id = _lead_id)
    order by c.next_attempt_at
    limit greatest(1, least(coalesce(_limit, 20), 100))
    for update skip locked
  ), claimed as (
    update private.patient_confirmations c
    set attempts = c.attempts + 1, claimed_until = now() + interval '2 minutes'
    from due where c.lead_id = due.lead_id
    returning c.lead_id, c.attempts, c.link_token
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'lead_id', c.lead_id, 'attempt', c.attempts, 'link_token', c.link_token,
    'language', r.language, 'first_name', split_part(btrim(r.name), ' ', 1), 'email', r.email,
    'reference', r.reference, 'service', r.service, 'received_at', r.created_at,
    'manager_name', case when a.id is not null
      then coalesce(nullif(btrim(a.display_name), ''), a.username) end,
    'manager_whatsapp', a.whatsapp
  )), '[]'::jsonb)
  into claimed_rows
  from claimed c
  join public.contact_requests r on r.lead_id = c.lead_id
  left join private.admin_users a on a.id = r.assigned_to
  where r.email is not null;
  return claimed_rows;
end
$$;

-- Records one delivery attempt: sent (the token is wiped), or failed with a bounded error and the
-- next attempt after 30 s × 2^(attempts − 1), at most 1 hour later.
create function public.finish_patient_confirmation(_lead_id uuid, _sent boolean, _error text default null)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.patient_confirmations c
  set sent_at = case when _sent then now() end,
      link_token = case when _sent then null else c.link_token end,
      claimed_until = null,
      last_error = case when _sent then null else left(coalesce(_error, 'unknown error'), 500) end,
      next_attempt_at = case
        when _sent then c.next_attempt_at
        else now() + least(interval '30 seconds' * power(2, greatest(c.attempts - 1, 0)), interval '1 hour')
      end
  where c.lead_id = _lead_id and c.sent_at is null;
$$;

revoke execute on function public.claim_patient_confirmations(uuid, integer) from public, anon, authenticated;
revoke execute on function public.finish_patient_confirmation(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.claim_patient_confirmations(uuid, integer) to service_role;
grant execute on function public.finish_patient_confirmation(uuid, boolean, text) to service_role;
