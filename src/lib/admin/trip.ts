/**
 * The trip plan as the request dialog edits it (issue 44; public.request_trip and
 * public.save_trip_plan in supabase/migrations/20261202160000_trip_plans.sql): the plan's shape,
 * the form's fields (text inputs: '' is empty), a first plan prefilled from the chosen quote, a
 * day-by-day plan suggested from the dates, the checks the database makes (so the coordinator
 * reads what is wrong before pressing save) and the payload the save sends. Pure, unit-tested in
 * tests/unit/admin-trip.test.ts.
 */
import { stripNonDigits } from '../phone.ts';

export const TRIP_DAY_KINDS = [
  'arrival',
  'consultation',
  'procedure',
  'checkup',
  'first_wash',
  'rest',
  'departure',
] as const;
export type TripDayKind = (typeof TRIP_DAY_KINDS)[number];

export interface TripDay {
  on: string;
  time: string | null;
  kind: TripDayKind;
  note: string;
}

export interface TripFlight {
  direction: 'arrival' | 'departure';
  number: string;
  at: string;
}

export interface TripCompanion {
  name: string;
  relation: string;
}

/** A plan as public.request_trip answers it. */
export interface TripPlan {
  request_id: string;
  quote_id: string | null;
  quote_version: number | null;
  arrival_on: string | null;
  procedure_on: string | null;
  departure_on: string | null;
  dates_confirmed_at: string | null;
  clinic_name: string | null;
  clinic_address: string | null;
  clinic_address_local: string | null;
  hotel_name: string | null;
  hotel_address: string | null;
  hotel_address_local: string | null;
  transfer: string | null;
  interpreter: string | null;
  emergency_phone: string | null;
  days: TripDay[];
  flights: TripFlight[];
  companions: TripCompanion[];
  version: number;
  updated_at: string;
  updated_by_name: string | null;
  patient_updated_at: string | null;
}

/** The chosen quote a plan is built from (private.trip_chosen_quote). */
export interface ChosenQuote {
  quote_id: string;
  version: number;
  clinic: { name_ar: string; name_en: string; city_ar: string; city_en: string };
  hotel: string | null;
  nights: number | null;
  /** Whether the quote includes the airport transfers / an interpreter (quote_versions). */
  transfer: boolean;
  interpreter: boolean;
  included: string[];
  not_included: string[];
}

export interface TripLimits {
  text_max: number;
  address_max: number;
  note_max: number;
  days_max: number;
  flights_max: number;
  companions_max: number;
  name_max: number;
  nights_max: number;
}

export interface RequestTrip {
  plan: TripPlan | null;
  chosen: ChosenQuote | null;
  limits: TripLimits;
}

/** The limits the database had when this was written (the answer's `limits` wins). */
export const DEFAULT_TRIP_LIMITS: TripLimits = {
  text_max: 200,
  address_max: 300,
  note_max: 300,
  days_max: 30,
  flights_max: 6,
  companions_max: 4,
  name_max: 60,
  nights_max: 60,
};

export const TRIP_TEXT_FIELDS = [
  'clinic_name',
  'clinic_address',
  'clinic_address_local',
  'hotel_name',
  'hotel_address',
  'hotel_address_local',
  'transfer',
  'interpreter',
  'emergency_phone',
] as const;
export type TripTextField = (typeof TRIP_TEXT_FIELDS)[number];

export const TRIP_DATE_FIELDS = ['arrival_on', 'procedure_on', 'departure_on'] as const;
export type TripDateField = (typeof TRIP_DATE_FIELDS)[number];

/** What the editor holds: every text as typed ('' is empty), the days as a list. */
export type TripFields = Record<TripTextField | TripDateField, string> & { days: TripDay[] };

const ADDRESS_FIELDS = new Set<TripTextField>([
  'clinic_address',
  'clinic_address_local',
  'hotel_address',
  'hotel_address_local',
]);

export function emptyTripFields(): TripFields {
  return {
    arrival_on: '',
    procedure_on: '',
    departure_on: '',
    clinic_name: '',
    clinic_address: '',
    clinic_address_local: '',
    hotel_name: '',
    hotel_address: '',
    hotel_address_local: '',
    transfer: '',
    interpreter: '',
    emergency_phone: '',
    days: [],
  };
}

/** The editor's fields of a saved plan. */
export function fieldsOfPlan(plan: TripPlan): TripFields {
  const fields = emptyTripFields();
  for (const key of [...TRIP_DATE_FIELDS, ...TRIP_TEXT_FIELDS])
    fields[key] = String(plan[key] ?? '');
  fields.days = plan.days.map((day) => ({
    on: day.on,
    time: day.time ?? null,
    kind: day.kind,
    note: day.note ?? '',
  }));
  return fields;
}

/** The words a first plan starts with when the quote includes transfers / an interpreter. */
export interface QuoteWords {
  transfer: string;
  interpreter: string;
}

/**
 * A first plan from the chosen quote: its clinic (with its city) and hotel, and the transfer and
 * the interpreter worded when the quote includes them (staff then name the driver, the times).
 */
export function fieldsFromQuote(chosen: ChosenQuote, words?: QuoteWords): TripFields {
  const fields = emptyTripFields();
  fields.clinic_name = chosen.clinic.name_ar;
  fields.clinic_address = [chosen.clinic.city_ar, chosen.clinic.city_en]
    .filter(Boolean)
    .join(' · ');
  fields.hotel_name = chosen.hotel ?? '';
  fields.transfer = chosen.transfer === true ? (words?.transfer ?? '') : '';
  fields.interpreter = chosen.interpreter === true ? (words?.interpreter ?? '') : '';
  return fields;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A day-by-day plan from the dates: arrival and pickup, the consultation (the day after arrival
 * when the procedure is later, else the procedure's morning), the procedure, a check-up the day
 * after it and, for a hair transplant, the first wash two days after; departure. Staff change it
 * freely afterwards.
 */
export function suggestedDays(fields: TripFields, service?: string | null): TripDay[] {
  const { arrival_on: arrival, procedure_on: procedure, departure_on: departure } = fields;
  const days: TripDay[] = [];
  const add = (on: string, kind: TripDayKind, time: string | null = null) =>
    days.push({ on, time, kind, note: '' });
  if (ISO_DATE.test(arrival)) add(arrival, 'arrival');
  if (ISO_DATE.test(procedure)) {
    const consultation =
      ISO_DATE.test(arrival) && daysBetween(arrival, procedure) >= 1
        ? addDays(arrival, 1) === procedure
          ? arrival
          : addDays(arrival, 1)
        : procedure;
    add(consultation, 'consultation');
    add(procedure, 'procedure', '09:00');
    const before = (iso: string) => !ISO_DATE.test(departure) || iso < departure;
    if (before(addDays(procedure, 1))) add(addDays(procedure, 1), 'checkup');
    if (service === 'hairTransplant' && before(addDays(procedure, 2)))
      add(addDays(procedure, 2), 'first_wash');
  }
  if (ISO_DATE.test(departure)) add(departure, 'departure');
  return days.sort((a, b) => a.on.localeCompare(b.on));
}

/** The 24/7 number as the database keeps it (+ and digits), or the text as typed when it is none. */
export function emergencyPhoneOf(raw: string): string {
  const trimmed = raw.trim();
  if (!trimmed) return '';
  const international = /^(\+|00)/.test(trimmed);
  const digits = stripNonDigits(trimmed).replace(/^00/, '');
  return international ? `+${digits}` : trimmed;
}

/** A field the coordinator must correct, and which words say why (admin.trip.problem.*). */
export interface TripProblem {
  field: TripTextField | TripDateField | 'days';
  problem:
    | 'date'
    | 'order'
    | 'nights'
    | 'phone'
    | 'tooLong'
    | 'daysMax'
    | 'dayDate'
    | 'dayTime'
    | 'dayNote';
  /** The day's position (from 1) for a day's problem. */
  day?: number;
}

/** What the database would refuse, before it is sent. */
export function tripProblems(
  fields: TripFields,
  limits: TripLimits = DEFAULT_TRIP_LIMITS,
): TripProblem[] {
  const problems: TripProblem[] = [];
  for (const key of TRIP_DATE_FIELDS) {
    if (fields[key] && !ISO_DATE.test(fields[key])) problems.push({ field: key, problem: 'date' });
  }
  const date = (key: TripDateField) => (ISO_DATE.test(fields[key]) ? fields[key] : '');
  const [arrival, procedure, departure] = TRIP_DATE_FIELDS.map(date);
  if (arrival && departure && arrival > departure)
    problems.push({ field: 'departure_on', problem: 'order' });
  if (procedure && ((arrival && procedure < arrival) || (departure && procedure > departure)))
    problems.push({ field: 'procedure_on', problem: 'order' });
  if (arrival && departure && daysBetween(arrival, departure) > limits.nights_max)
    problems.push({ field: 'departure_on', problem: 'nights' });
  for (const key of TRIP_TEXT_FIELDS) {
    const max = ADDRESS_FIELDS.has(key) ? limits.address_max : limits.text_max;
    if (fields[key].trim().length > max) problems.push({ field: key, problem: 'tooLong' });
  }
  const phone = emergencyPhoneOf(fields.emergency_phone);
  if (phone && !/^\+[1-9][0-9]{7,14}$/.test(phone))
    problems.push({ field: 'emergency_phone', problem: 'phone' });
  if (fields.days.length > limits.days_max) problems.push({ field: 'days', problem: 'daysMax' });
  fields.days.forEach((day, index) => {
    const at = index + 1;
    if (!ISO_DATE.test(day.on)) problems.push({ field: 'days', problem: 'dayDate', day: at });
    if (day.time && !/^([01]\d|2[0-3]):[0-5]\d$/.test(day.time))
      problems.push({ field: 'days', problem: 'dayTime', day: at });
    if (day.note.length > limits.note_max)
      problems.push({ field: 'days', problem: 'dayNote', day: at });
  });
  return problems;
}

/** What public.save_trip_plan receives as `_fields`. */
export function tripPayload(fields: TripFields): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const key of TRIP_DATE_FIELDS) payload[key] = fields[key] || null;
  for (const key of TRIP_TEXT_FIELDS) payload[key] = fields[key].trim() || null;
  payload['emergency_phone'] = emergencyPhoneOf(fields.emergency_phone) || null;
  payload['days'] = [...fields.days]
    .sort((a, b) => a.on.localeCompare(b.on) || (a.time ?? '').localeCompare(b.time ?? ''))
    .map((day) => ({ on: day.on, time: day.time || null, kind: day.kind, note: day.note.trim() }));
  return payload;
}

/** Whether two sets of fields save the same plan. */
export function sameTrip(a: TripFields, b: TripFields): boolean {
  return JSON.stringify(tripPayload(a)) === JSON.stringify(tripPayload(b));
}

/** The fields that differ between two sets (the conflict view's bold rows). */
export function changedTripFields(a: TripFields, b: TripFields): string[] {
  const left = tripPayload(a);
  const right = tripPayload(b);
  return Object.keys(left).filter(
    (key) => JSON.stringify(left[key]) !== JSON.stringify(right[key]),
  );
}

/**
 * A conflict's "mine on top of theirs": the fields changed between what the editor opened and
 * what is typed now, applied to the colleague's plan; every other field stays theirs.
 */
export function mergeTrip(opened: TripFields, mine: TripFields, theirs: TripFields): TripFields {
  const merged: TripFields = { ...theirs, days: theirs.days };
  for (const key of [...TRIP_DATE_FIELDS, ...TRIP_TEXT_FIELDS]) {
    if (mine[key].trim() !== opened[key].trim()) merged[key] = mine[key];
  }
  if (JSON.stringify(tripPayload(mine)['days']) !== JSON.stringify(tripPayload(opened)['days']))
    merged.days = mine.days;
  return merged;
}
