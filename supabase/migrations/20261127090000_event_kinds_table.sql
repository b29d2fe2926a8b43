-- The timeline's kinds as rows, not as one check constraint. Each feature that adds kinds used to
-- drop and recreate request_events_kind with the whole list, so two features built side by side
-- dropped each other's kinds (20261126149900_event_kinds_one_person.sql repaired one such merge).
-- Now a feature inserts its own kinds into private.request_event_kinds and the foreign key refuses
-- any other: two migrations can add kinds without knowing about each other.

-- The kinds of event a request's timeline may hold (see public.request_events).
create table private.request_event_kinds (
  kind text primary key check (kind ~ '^[a-z_]{1,40}$')
);
comment on table private.request_event_kinds is
  'The kinds of event a request''s timeline may hold; a feature inserts its own.';

insert into private.request_event_kinds (kind) values
  ('status'), ('note'), ('assignment'), ('follow_up'), ('deleted'), ('restored'),
  ('name'), ('phone'), ('email'), ('entered'), ('merge'), ('unmerge'),
  ('patient_message'), ('patient_contact'), ('patient_callback'), ('patient_link'), ('patient_step');

alter table private.request_event_kinds enable row level security;

alter table public.request_events drop constraint request_events_kind;
alter table public.request_events
  add constraint request_events_kind foreign key (kind) references private.request_event_kinds (kind);

-- The foreign key's index (splinter's unindexed_foreign_keys), also what "the first contact event
-- of a request" and the reports filter on.
create index request_events_kind_idx on public.request_events (kind);
