-- Admin notes long enough for a whole WhatsApp chat (issue 25). The dialog's field cut a pasted
-- chat at 5,000 characters without a word, and the database refused anything longer. Now the
-- database takes 20,000 characters (tens of KB), and the dashboard counts towards that limit and
-- refuses to save past it with the text kept (src/islands/admin/dialog/ManageFields.tsx); nothing
-- is ever cut. Why not more: every change of a request is broadcast to the staff topic with the old
-- and the new row (20261123160000_staff_realtime_private.sql), each carrying the notes and their
-- folded copy in search_text, and hosted Realtime drops a broadcast over 256 KB on the Free plan:
-- four copies of 20,000 Arabic characters (two bytes each in UTF-8) stay near 160 KB.
--
-- Every function that writes notes keeps them whole: update_request() (trimmed, as before) and the
-- spec's plain update go through this one constraint; request_events keeps the old and new note
-- as unbounded text; bulk_update_requests() never touches notes; the lead's own message
-- (offer_leads.notes, at most 2,000) goes to the request's message, never into its notes.
alter table public.contact_requests drop constraint contact_requests_notes_length;
alter table public.contact_requests
  add constraint contact_requests_notes_length check (char_length(notes) <= 20000);
