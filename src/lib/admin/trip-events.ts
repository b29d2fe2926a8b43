/**
 * Timeline entries about the trip (issue 44): a staff save of the plan (`trip_plan`: "created",
 * or the fields that changed, comma-separated, as public.save_trip_plan writes them) and the
 * patient's part (`patient_trip`: "dates_confirmed:<arrival>/<departure>" or
 * "travel:<flights>/<companions>").
 */
import type { RequestEvent } from './rows.ts';
import { adminText, type AdminKey } from './strings.ts';

const FIELDS = new Set([
  'arrival_on',
  'procedure_on',
  'departure_on',
  'clinic_name',
  'clinic_address',
  'clinic_address_local',
  'hotel_name',
  'hotel_address',
  'hotel_address_local',
  'transfer',
  'interpreter',
  'emergency_phone',
  'days',
]);

function fieldNames(value: string): string {
  const names = value
    .split(',')
    .filter((field) => FIELDS.has(field))
    .map((field) => adminText(`admin.trip.field.${field}` as AdminKey));
  return names.length ? names.join('، ') : adminText('admin.trip.nothingChanged');
}

export function describeTripEvent(event: Pick<RequestEvent, 'kind' | 'old_value' | 'new_value'>): {
  label: string;
  text: string;
} {
  const value = event.new_value ?? '';
  if (event.kind === 'trip_plan') {
    return {
      label: adminText('admin.trip.event'),
      text:
        value === 'created'
          ? adminText('admin.trip.event.created')
          : adminText('admin.trip.event.changed', { fields: fieldNames(value) }),
    };
  }
  const [what = '', detail = ''] = value.split(':');
  const [first = '—', second = '—'] = detail.split('/');
  return {
    label: adminText('admin.trip.event.patient'),
    text:
      what === 'dates_confirmed'
        ? adminText('admin.trip.event.datesConfirmed', { from: first, to: second })
        : adminText('admin.trip.event.travel', { flights: first, companions: second }),
  };
}
