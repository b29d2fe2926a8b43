-- The patient withdraws their advertising consent on their own page (issue 34: "withdrawable from
-- the patient's page"; the consent itself is 20261126150000_advertising_consent.sql). The page
-- learns whether there is a live consent to withdraw from patient_request's new `advertising`
-- field, and withdraws it with patient_withdraw_advertising, keyed by the link's token, counted
-- against the link's and the address's limits like every patient action, and written to the
-- timeline so staff see it. The consent's record stays (the withdrawal is a stamp). Staff
-- withdrawals (public.withdraw_advertising_consent) now reach the timeline too.

alter table private.patient_page_calls drop constraint patient_page_calls_kind;
alter table private.patient_page_calls add constraint patient_page_calls_kind check (
  kind in ('miss', 'message', 'contact', 'callback', 'withdraw', 'advertising')
);

insert into private.request_event_kinds (kind) values ('advertising_withdrawn');

-- What the patient sees about their request (as 20261126140100_patient_page_functions.sql), and
-- whether their advertising consent is live: `advertising` is true while the patient can withdraw
-- it, false when it was withdrawn, null when it was never given.
create or replace function public.patient_request(_token text, _opened boolean default true)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
  answer jsonb;
begin
  if lead is null then
    return null;
  end if;
  if coalesce(_opened, true) then
    update private.patient_pages set last_opened_at = now() where lead_id = lead;
  end if;
  select jsonb_build_object(
    'reference', r.reference,
    'first_name', split_part(btrim(r.name), ' ', 1),
    'service', r.service,
    'language', r.language,
    'status', r.status,
    'step', p.step,
    'step_at', p.step_at,
    'received_at', r.created_at,
    'callback_at', case when p.callback_at > now() then p.callback_at end,
    'phone_hint', right(r.phone, 3),
    'email_hint', case when r.email is null then null
      else left(r.email, 1) || '…@' || split_part(r.email, '@', 2) end,
    'advertising', case when l.advertising_consented_at is null then null
      else l.advertising_withdrawn_at is null end,
    'manager', case when a.id is null then null else jsonb_build_object(
      'name', coalesce(nullif(btrim(a.display_name), ''), a.username),
      'whatsapp', a.whatsapp,
      'assigned_at', (
        select max(e.created_at) from public.request_events e
        where e.request_id = r.id and e.kind = 'assignment'
      )
    ) end
  )
  into answer
  from public.contact_requests r
  join private.patient_pages p on p.lead_id = r.lead_id
  join public.offer_leads l on l.id = r.lead_id
  left join private.admin_users a on a.id = r.assigned_to
  where r.lead_id = lead;
  return answer;
end
$$;

-- The patient withdraws the advertising consent given with this request. Returns {ok, withdrawn}:
-- withdrawn is false when there was no live consent (never given, or withdrawn before); null for a
-- dead link, like every patient function.
create function public.patient_withdraw_advertising(_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  withdrawn boolean;
begin
  lead := private.admit_patient_action(_token, 'advertising');
  if lead is null then
    return null;
  end if;
  withdrawn := private.withdraw_advertising_consent(lead);
  if withdrawn then
    perform private.add_request_event(
      (select id from public.contact_requests where lead_id = lead),
      'advertising_withdrawn', null, null
    );
  end if;
  return jsonb_build_object('ok', true, 'withdrawn', withdrawn);
end
$$;

revoke execute on function public.patient_withdraw_advertising(text) from public;
grant execute on function public.patient_withdraw_advertising(text)
  to anon, authenticated, service_role;

-- Staff record a withdrawal the person asked for by phone, WhatsApp or e-mail (as
-- 20261126150000_advertising_consent.sql), now also in the request's timeline, by the staff member
-- (the request dialog's «تسجيل سحب الموافقة»). The entry's new value 'staff' tells it from the
-- patient's own withdrawal on their page.
create or replace function public.withdraw_advertising_consent(_lead_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  withdrawn boolean;
begin
  if not coalesce(public.is_admin(auth.uid()), false) then
    raise exception 'only a signed-in admin can record a withdrawal'
      using errcode = '42501', hint = 'not_admin';
  end if;
  withdrawn := private.withdraw_advertising_consent(_lead_id);
  if withdrawn then
    perform private.add_request_event(
      (select id from public.contact_requests where lead_id = _lead_id),
      'advertising_withdrawn', null, 'staff'
    );
  end if;
  return withdrawn;
end
$$;
