-- What the request dialog shows of a request's automatic messages (issue 44, item 3): whether
-- staff stopped them (public.stop_automatic_messages, who and when), whether the patient stopped
-- the reminders on their page, the reminders waiting and the last ones sent. Until now the only
-- way to see or change the stop was SQL; the dialog's «الرسائل التلقائية» reads this and its
-- button calls stop_automatic_messages (same state: done, so a retry is harmless).

create function public.request_automatic_messages(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  lead uuid;
begin
  perform private.require_staff();
  select r.lead_id into lead from public.contact_requests r
  where r.id = _request_id and r.deleted_at is null;
  if lead is null then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  return jsonb_build_object(
    'stopped', s.lead_id is not null,
    'stopped_at', s.stopped_at,
    'stopped_by', case when a.id is not null
      then coalesce(nullif(btrim(a.display_name), ''), a.username) end,
    'reminders_stopped_at', (
      select p.stopped_at from private.patient_reminder_stops p where p.lead_id = lead),
    'waiting', coalesce((
      select jsonb_agg(jsonb_build_object('kind', n.kind, 'at', n.next_attempt_at)
                       order by n.next_attempt_at)
      from private.patient_notices n
      where n.lead_id = lead and n.kind like 'reminder\_%'
        and n.sent_at is null and n.gave_up_at is null
    ), '[]'::jsonb),
    'sent', coalesce((
      select jsonb_agg(jsonb_build_object('kind', x.kind, 'at', x.sent_at) order by x.sent_at desc)
      from (
        select n.kind, n.sent_at from private.patient_notices n
        where n.lead_id = lead and n.kind like 'reminder\_%' and n.sent_at is not null
        order by n.sent_at desc limit 5
      ) x
    ), '[]'::jsonb)
  )
  from (select 1) one
  left join private.outbound_stops s on s.lead_id = lead
  left join private.admin_users a on a.id = s.stopped_by;
end
$$;
comment on function public.request_automatic_messages(uuid) is
  'Staff: whether a request''s automatic messages are stopped (by whom, when), whether the patient stopped its reminders, the reminders waiting and the last sent.';

revoke execute on function public.request_automatic_messages(uuid) from public, anon;
grant execute on function public.request_automatic_messages(uuid) to authenticated, service_role;
