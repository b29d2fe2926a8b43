-- A follow-up date in the year 9999 is refused (issue 42, item 5). public.contact_requests.follow_up_at
-- took any timestamp a staff screen or a contact event sent: a typed «9999-12-31» was stored and sat
-- at the end of every follow-up queue. A follow-up is a day to call back, so it lies between 2025
-- (the product's first leads) and the end of 2099: fixed bounds, so the CHECK stays immutable (a
-- bound on now() would change meaning on a dump and restore). The staff screens answer the refusal
-- (23514, this constraint) with admin.writes.rule.follow_up_at and their date inputs carry the same
-- max; the patient page's call-back is bounded to 30 days already (patient_callback_time). Rows
-- stored before are not checked again (not valid).
alter table public.contact_requests
  add constraint contact_requests_follow_up_at check (
    follow_up_at is null
    or (follow_up_at >= timestamptz '2025-01-01 00:00:00+00'
        and follow_up_at < timestamptz '2100-01-01 00:00:00+00')
  ) not valid;
