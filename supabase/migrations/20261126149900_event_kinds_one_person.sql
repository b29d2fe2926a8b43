-- The timeline's kinds of every issue together. 20261126140000_patient_page.sql (issue 29) redefined
-- request_events_kind after 20261126110000_contact_corrections.sql (issue 26) had: each listed its
-- own kinds beside the bin's, so the later one dropped the other's. This keeps all of them: the
-- team workspace's, the bin's, issue 26's (contact corrections, staff entries, merges) and the
-- patient page's. A later migration that adds kinds starts from this list.
alter table public.request_events drop constraint request_events_kind;
alter table public.request_events add constraint request_events_kind check (
  kind in (
    'status', 'note', 'assignment', 'follow_up', 'deleted', 'restored',
    'name', 'phone', 'email', 'entered', 'merge', 'unmerge',
    'patient_message', 'patient_contact', 'patient_callback', 'patient_link', 'patient_step'
  )
);
