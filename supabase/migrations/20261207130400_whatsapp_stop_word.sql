-- «توقف» / STOP on WhatsApp (issue 46 item 4). A patient who writes only the word «توقف» (or
-- «إيقاف», STOP, Stop, stop; with or without spaces and punctuation) to the agency's number
-- withdraws their advertising consent and stops every automatic message of their requests
-- (confirmation, reminders, notices, templates), as public.stop_automatic_messages does for staff:
-- for each request of the person (the number's and merged ones), private.withdraw_advertising_consent
-- and a row in private.outbound_stops, and the timeline says the patient stopped them. Staff can
-- still write to the patient from the dialog; automatic messages go again only if the patient asks
-- for it (public.stop_automatic_messages(request, false), docs/admin.md).

create function private.whatsapp_stop_word()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  word text := lower(regexp_replace(coalesce(new.body, ''), '[[:space:][:punct:]«»،؛؟]+', '', 'g'));
  person record;
begin
  if new.direction <> 'in' or new.kind <> 'text' or word not in ('توقف', 'إيقاف', 'ايقاف', 'stop') then
    return null;
  end if;
  for person in
    select r.id, r.lead_id from public.contact_requests r
    where r.id in (select p.id from private.person_request_ids(new.request_id) p)
  loop
    perform private.withdraw_advertising_consent(person.lead_id);
    insert into private.outbound_stops (lead_id, stopped_by) values (person.lead_id, null)
    on conflict (lead_id) do nothing;
    if found then
      perform private.add_request_event(person.id, 'automatic_message', 'whatsapp', 'stopped_by_patient');
    end if;
  end loop;
  return null;
end
$$;
comment on function private.whatsapp_stop_word() is
  'A patient''s «توقف» / STOP on WhatsApp withdraws advertising and stops automatic messages of their requests (issue 46).';

create trigger whatsapp_stop_word
after insert on public.whatsapp_messages
for each row execute function private.whatsapp_stop_word();

revoke execute on function private.whatsapp_stop_word() from public;
