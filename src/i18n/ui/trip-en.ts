import type { adminTripAr } from './trip-ar.ts';

/** English strings of the trip (as trip-ar.ts). */
export const adminTripEn = {
  'admin.trip.event': 'Trip plan',
  'admin.trip.event.created': 'Trip plan built from the chosen quote',
  'admin.trip.event.changed': 'Changed: {fields}',
  'admin.trip.event.patient': 'Patient: trip plan',
  'admin.trip.event.datesConfirmed': 'The patient confirmed the travel dates: {from} – {to}',
  'admin.trip.event.travel':
    'The patient added travel details: flights {flights}, companions {companions}',
  'admin.trip.field.arrival_on': 'Arrival date',
  'admin.trip.field.procedure_on': 'Procedure date',
  'admin.trip.field.departure_on': 'Departure date',
  'admin.trip.field.clinic_name': 'Clinic',
  'admin.trip.field.clinic_address': 'Clinic address',
  'admin.trip.field.clinic_address_local': 'Clinic address in the local language',
  'admin.trip.field.hotel_name': 'Hotel',
  'admin.trip.field.hotel_address': 'Hotel address',
  'admin.trip.field.hotel_address_local': 'Hotel address in the local language',
  'admin.trip.field.transfer': 'Transfers',
  'admin.trip.field.interpreter': 'Interpreter',
  'admin.trip.field.emergency_phone': '24/7 emergency number',
  'admin.trip.field.days': 'Day-by-day plan',
  'admin.trip.nothingChanged': 'No change',
} as const satisfies Record<keyof typeof adminTripAr, string>;
