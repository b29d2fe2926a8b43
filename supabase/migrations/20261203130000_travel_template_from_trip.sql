-- «تفاصيل السفر» fills from the trip plan (issue 44): the message template seeded with blanks
-- («الموعد: … الفندق: …», 20261127120000_message_templates.sql) names the plan's variables
-- instead, which the back office fills from public.request_trip
-- (src/lib/admin/messages/trip-variables.ts): {trip_dates}, {trip_clinic}, {trip_hotel},
-- {trip_pickup}, {trip_emergency}. A template an owner already rewrote is theirs and is left alone.
insert into private.message_template_variables (name) values
  ('trip_dates'), ('trip_clinic'), ('trip_hotel'), ('trip_pickup'), ('trip_emergency');

update public.message_templates set
  body_ar = 'مرحباً {name}، هذه تفاصيل رحلتك من أجل {treatment}: المواعيد: {trip_dates}. العيادة: {trip_clinic}. الفندق: {trip_hotel}. الاستقبال من المطار: {trip_pickup}. رقم الطوارئ على مدار الساعة: {trip_emergency}. وأنا {manager} معك طوال الرحلة، والخطة كاملة في صفحتك. رقم طلبك {reference}.',
  body_en = 'Hello {name}, here are the details of your trip for {treatment}: dates: {trip_dates}. Clinic: {trip_clinic}. Hotel: {trip_hotel}. Airport pick-up: {trip_pickup}. 24/7 emergency number: {trip_emergency}. I am {manager}, with you all the way, and the whole plan is on your page. Your reference: {reference}.'
where key = 'travel'
  and body_ar = 'مرحباً {name}، هذه تفاصيل رحلتك من أجل {treatment}: الموعد: … الفندق: … الاستقبال من المطار: … وأنا {manager} معك طوال الرحلة. رقم طلبك {reference}.';
