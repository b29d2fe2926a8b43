-- Optional demo data for a local database: a handful of leads as the public forms would send them
-- (each one fans out into the inbox through the trigger), with a few requests moved along the
-- workflow. Loaded by `npm start -- --seed` (only into an empty database) and by
-- `supabase db reset` locally. Contains no admin account: create one with the admin CLI.

insert into public.offer_leads (
  id, name, phone, country_code, country, email, service, notes, source, language,
  ready_to_travel, preferred_countries, appointment_time, utm_source, utm_medium, utm_campaign
)
values
  ('4c1d9b1e-6f0a-4b8e-9a51-0d3f1c2b7a01', 'أحمد العتيبي', '966501234567', '+966', 'السعودية',
   'ahmed@example.com', 'hair-transplant', 'أرغب بزراعة 4000 بصيلة', '/', 'ar',
   'yes', '{Turkey}', 'thisMonth', 'google', 'cpc', 'hair-autumn'),
  ('4c1d9b1e-6f0a-4b8e-9a51-0d3f1c2b7a02', 'Mariam Al-Sabah', '96550123456', '+965', 'Kuwait',
   'mariam@example.com', 'hollywood-smile', 'Prefer a female dentist', '/en/', 'en',
   'maybe', '{Turkey,Romania}', 'nextMonth', null, null, null),
  ('4c1d9b1e-6f0a-4b8e-9a51-0d3f1c2b7a03', 'خالد منصور', '971501234567', '+971', 'الإمارات',
   null, 'bariatric-surgery', null, '/bariatric-surgery-turkey', 'ar',
   'no', '{}', 'flexible', 'instagram', 'social', 'summer'),
  ('4c1d9b1e-6f0a-4b8e-9a51-0d3f1c2b7a04', 'Jonas Weber', '4915112345678', '+49', 'Germany',
   'jonas@example.com', 'dental-implants', 'All-on-4, lower jaw', '/en/dental-implants-turkey',
   'en', 'yes', '{Turkey}', 'urgent', null, null, null),
  ('4c1d9b1e-6f0a-4b8e-9a51-0d3f1c2b7a05', 'سارة يوسف', '963944123456', '+963', 'سوريا',
   null, null, null, 'hair-transplant-offer-page', 'ar',
   null, '{}', null, 'facebook', 'paid', 'offer-2100')
on conflict (id) do nothing;

update public.offer_leads
set campaign_params = '{"utm_source":"facebook","utm_medium":"paid","utm_campaign":"offer-2100"}'
where id = '4c1d9b1e-6f0a-4b8e-9a51-0d3f1c2b7a05';

update public.contact_requests set status = 'in_progress', notes = 'Called, sending two quotes'
where lead_id = '4c1d9b1e-6f0a-4b8e-9a51-0d3f1c2b7a01';

update public.contact_requests set status = 'completed', notes = 'Booked for March'
where lead_id = '4c1d9b1e-6f0a-4b8e-9a51-0d3f1c2b7a04';
