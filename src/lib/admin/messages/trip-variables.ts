/**
 * The trip's template variables (issue 44): the «تفاصيل السفر» message fills from the request's
 * trip plan (src/lib/admin/trip.ts) instead of blanks: {trip_dates} (arrival – departure, in the
 * request's language), {trip_clinic}, {trip_hotel}, {trip_pickup} (the transfer as the plan words
 * it) and {trip_emergency} (the 24/7 number). Each is missing, saying why, until the plan has it.
 * Registered in ./variables.ts; the database's names are in
 * supabase/migrations/20261203130000_travel_template_from_trip.sql.
 */
import type { AdminKey } from '../strings.ts';
import type { TripPlan } from '../trip.ts';
import type { MessageContext, TemplateVariable } from './variables.ts';

function tripDate(iso: string, language: 'ar' | 'en', withYear: boolean): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'ar-u-nu-latn', {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** "23 ديسمبر – 28 ديسمبر 2026": the plan's arrival and departure. */
export function tripDates(
  plan: Pick<TripPlan, 'arrival_on' | 'departure_on'>,
  language: 'ar' | 'en',
) {
  if (!plan.arrival_on || !plan.departure_on) return null;
  return `${tripDate(plan.arrival_on, language, false)} – ${tripDate(plan.departure_on, language, true)}`;
}

const missing =
  (field: AdminKey) =>
  (context: MessageContext): AdminKey =>
    context.trip ? field : 'admin.trip.missing.plan';

export const tripTemplateVariables: [string, TemplateVariable][] = [
  [
    'trip_dates',
    {
      fill: (c) => (c.trip ? tripDates(c.trip, c.language) : null),
      missing: missing('admin.trip.missing.dates'),
    },
  ],
  [
    'trip_clinic',
    {
      fill: (c) =>
        c.trip?.clinic_name
          ? [c.trip.clinic_name, c.trip.clinic_address_local ?? c.trip.clinic_address]
              .filter(Boolean)
              .join('، ')
          : null,
      missing: missing('admin.trip.missing.clinic'),
    },
  ],
  [
    'trip_hotel',
    {
      fill: (c) =>
        c.trip?.hotel_name
          ? [c.trip.hotel_name, c.trip.hotel_address_local ?? c.trip.hotel_address]
              .filter(Boolean)
              .join('، ')
          : null,
      missing: missing('admin.trip.missing.hotel'),
    },
  ],
  [
    'trip_pickup',
    { fill: (c) => c.trip?.transfer ?? null, missing: missing('admin.trip.missing.pickup') },
  ],
  [
    'trip_emergency',
    {
      fill: (c) => c.trip?.emergency_phone ?? null,
      missing: missing('admin.trip.missing.emergency'),
    },
  ],
];
