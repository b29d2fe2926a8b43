import { describe, expect, it } from 'vitest';
import {
  emergencyPhoneOf,
  emptyTripFields,
  fieldsFromQuote,
  mergeTrip,
  suggestedDays,
  tripPayload,
  tripProblems,
  type ChosenQuote,
  type TripFields,
  type TripPlan,
} from '../../src/lib/admin/trip.ts';
import { renderTemplate } from '../../src/lib/admin/messages/variables.ts';
import { mapLink } from '../../src/lib/trip-map.ts';

/** The trip editor's pure part (src/lib/admin/trip.ts): prefill, suggested days, checks, payload. */

const chosen: ChosenQuote = {
  quote_id: 'q1',
  version: 2,
  clinic: {
    name_ar: 'مركز إسطنبول',
    name_en: 'Istanbul Centre',
    city_ar: 'إسطنبول',
    city_en: 'Istanbul',
  },
  hotel: 'Şişli Suites',
  nights: 4,
  transfer: true,
  interpreter: false,
  included: ['Hotel'],
  not_included: ['Flights'],
};

const withDates = (patch: Partial<TripFields>): TripFields => ({ ...emptyTripFields(), ...patch });

describe('the trip editor', () => {
  it('starts a plan from the chosen quote', () => {
    const fields = fieldsFromQuote(chosen, {
      transfer: 'Airport pickup',
      interpreter: 'Interpreter',
    });
    expect(fields.clinic_name).toBe('مركز إسطنبول');
    expect(fields.clinic_address).toBe('إسطنبول · Istanbul');
    expect(fields.hotel_name).toBe('Şişli Suites');
    expect(fields.transfer).toBe('Airport pickup');
    expect(fields.interpreter).toBe('');
    expect(fields.days).toEqual([]);
  });

  it('suggests arrival, consultation, procedure, check-up, first wash (hair) and departure', () => {
    const fields = withDates({
      arrival_on: '2027-01-10',
      procedure_on: '2027-01-12',
      departure_on: '2027-01-15',
    });
    expect(suggestedDays(fields, 'hairTransplant').map((d) => [d.on, d.kind])).toEqual([
      ['2027-01-10', 'arrival'],
      ['2027-01-11', 'consultation'],
      ['2027-01-12', 'procedure'],
      ['2027-01-13', 'checkup'],
      ['2027-01-14', 'first_wash'],
      ['2027-01-15', 'departure'],
    ]);
    expect(suggestedDays(fields, 'dental').map((d) => d.kind)).not.toContain('first_wash');
    // The procedure the day after arrival: the consultation is on the day of arrival.
    const tight = withDates({ arrival_on: '2027-01-10', procedure_on: '2027-01-11' });
    expect(suggestedDays(tight).filter((d) => d.kind === 'consultation')[0]?.on).toBe('2027-01-10');
  });

  it('names what the database would refuse before it is sent', () => {
    expect(
      tripProblems(withDates({ arrival_on: '2027-01-10', departure_on: '2027-01-05' })),
    ).toEqual([{ field: 'departure_on', problem: 'order' }]);
    expect(
      tripProblems(withDates({ arrival_on: '2027-01-01', departure_on: '2027-04-01' })),
    ).toEqual([{ field: 'departure_on', problem: 'nights' }]);
    expect(tripProblems(withDates({ emergency_phone: '0532 123 45 67' }))).toEqual([
      { field: 'emergency_phone', problem: 'phone' },
    ]);
    expect(tripProblems(withDates({ clinic_name: 'x'.repeat(201) }))).toEqual([
      { field: 'clinic_name', problem: 'tooLong' },
    ]);
    expect(
      tripProblems(withDates({ days: [{ on: '', time: '25:00', kind: 'rest', note: '' }] })),
    ).toEqual([
      { field: 'days', problem: 'dayDate', day: 1 },
      { field: 'days', problem: 'dayTime', day: 1 },
    ]);
    expect(tripProblems(fieldsFromQuote(chosen))).toEqual([]);
  });

  it('sends the 24/7 number as + and digits, empty texts as null, days in order', () => {
    expect(emergencyPhoneOf('+90 532 123 45 67')).toBe('+905321234567');
    expect(emergencyPhoneOf('00٩٠٥٣٢١٢٣٤٥٦٧')).toBe('+905321234567');
    const payload = tripPayload(
      withDates({
        hotel_name: '  ',
        emergency_phone: '+90 532-123 45 67',
        days: [
          { on: '2027-01-12', time: '', kind: 'procedure', note: ' ' },
          { on: '2027-01-10', time: '14:30', kind: 'arrival', note: 'IST' },
        ],
      }),
    );
    expect(payload['hotel_name']).toBeNull();
    expect(payload['arrival_on']).toBeNull();
    expect(payload['emergency_phone']).toBe('+905321234567');
    expect(payload['days']).toEqual([
      { on: '2027-01-10', time: '14:30', kind: 'arrival', note: 'IST' },
      { on: '2027-01-12', time: null, kind: 'procedure', note: '' },
    ]);
  });

  it('makes a map link from the local address', () => {
    expect(mapLink('Halaskargazi Cd. No:38,  Şişli')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Halaskargazi%20Cd.%20No%3A38%2C%20%C5%9Ei%C5%9Fli',
    );
    expect(mapLink('  ')).toBeNull();
  });
});

describe('a trip conflict', () => {
  it('puts the fields I changed on top of the colleague’s plan', () => {
    const opened = withDates({ hotel_name: 'A', transfer: 'old' });
    const mine = { ...opened, transfer: 'new' };
    const theirs = withDates({ hotel_name: 'B', transfer: 'old' });
    expect(mergeTrip(opened, mine, theirs)).toMatchObject({ hotel_name: 'B', transfer: 'new' });
  });
});

describe('«تفاصيل السفر» from the plan', () => {
  const base = {
    name: 'ليلى',
    treatment: 'hairTransplant',
    reference: 'RC-7K4M-2R',
    language: 'ar' as const,
    manager: 'سارة',
    pageLink: null,
    quotesSent: 1,
  };
  const plan = {
    arrival_on: '2027-01-10',
    departure_on: '2027-01-15',
    clinic_name: 'مركز إسطنبول',
    clinic_address: null,
    clinic_address_local: 'Halaskargazi Cd. No:38',
    hotel_name: 'Şişli Suites',
    hotel_address: null,
    hotel_address_local: null,
    transfer: 'سائق العيادة',
    emergency_phone: '+905321234567',
  } as unknown as TripPlan;
  const body =
    'المواعيد: {trip_dates}. العيادة: {trip_clinic}. الفندق: {trip_hotel}. {trip_pickup} {trip_emergency}';

  it('fills the dates, places, pickup and 24/7 number in the request language', () => {
    expect(renderTemplate(body, { ...base, trip: plan })).toEqual({
      text: 'المواعيد: 10 يناير – 15 يناير 2027. العيادة: مركز إسطنبول، Halaskargazi Cd. No:38. الفندق: Şişli Suites. سائق العيادة +905321234567',
      missing: [],
    });
    expect(renderTemplate('{trip_dates}', { ...base, language: 'en', trip: plan }).text).toBe(
      '10 January – 15 January 2027',
    );
  });

  it('says the plan is missing, or which part of it', () => {
    expect(renderTemplate('{trip_hotel}', base).missing).toEqual([
      { variable: 'trip_hotel', reason: 'admin.trip.missing.plan' },
    ]);
    expect(
      renderTemplate('{trip_pickup}', { ...base, trip: { ...plan, transfer: null } }).missing,
    ).toEqual([{ variable: 'trip_pickup', reason: 'admin.trip.missing.pickup' }]);
  });
});
