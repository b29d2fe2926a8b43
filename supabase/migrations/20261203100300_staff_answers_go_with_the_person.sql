-- The stored answers of staff actions (private.staff_write_answers, issue 41) go with the person
-- they are about and do not outlive their use. A replay is a matter of minutes (a lost reply, a
-- second press, a retry from a notice), so answers older than seven days are dropped as new ones
-- come in; and an answer naming a request or a lead (a contact record, a patient link's token) is
-- deleted with that request or lead: an erasure or the bin's purge leaves none behind.

create index staff_write_answers_request_idx on private.staff_write_answers
  ((answer ->> 'request_id'));
create index staff_write_answers_lead_idx on private.staff_write_answers ((answer ->> 'lead_id'));

create function private.forget_answers_of_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.staff_write_answers w where w.answer ->> 'request_id' = old.id::text;
  return null;
end
$$;

comment on function private.forget_answers_of_request() is
  'Deletes the stored staff answers that name a request deleted for good (issue 41).';

create function private.forget_answers_of_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.staff_write_answers w where w.answer ->> 'lead_id' = old.id::text;
  return null;
end
$$;

comment on function private.forget_answers_of_lead() is
  'Deletes the stored staff answers that name a lead deleted for good (issue 41).';

create function private.forget_old_staff_answers()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.staff_write_answers w where w.created_at < now() - interval '7 days';
  return null;
end
$$;

comment on function private.forget_old_staff_answers() is
  'Drops stored staff answers older than seven days: a replay is a matter of minutes (issue 41).';

create trigger forget_staff_answers after delete on public.contact_requests
  for each row execute function private.forget_answers_of_request();
create trigger forget_staff_answers after delete on public.offer_leads
  for each row execute function private.forget_answers_of_lead();
create trigger forget_old_staff_answers after insert on private.staff_write_answers
  for each statement execute function private.forget_old_staff_answers();

revoke execute on all functions in schema private from public;
