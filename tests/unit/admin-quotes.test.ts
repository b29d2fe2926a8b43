import { describe, expect, it } from 'vitest';
import { adminAr } from '~/i18n/ui/admin-ar.ts';
import { fill } from '~/i18n/fill.ts';
import {
  quoteDraftsOf,
  readQuoteDraft,
  removeQuoteDraft,
  removeQuoteDrafts,
  writeQuoteDraft,
} from '~/lib/admin/quote-drafts.ts';
import { describeQuoteEvent } from '~/lib/admin/quote-events.ts';
import {
  dayAfter,
  defaultFields,
  fieldsPayload,
  firstQuoteAt,
  missingToSend,
  quoteClock,
  type QuoteVersion,
  type RequestQuote,
} from '~/lib/admin/quotes.ts';
import type { DraftStorage } from '~/lib/admin/drafts.ts';

/** The quote builder's pure parts (issue 31): defaults, the payload, the 48-hour clock, drafts. */

function memoryStorage(): DraftStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
  };
}

const clinic = {
  includes_hotel: true,
  includes_transfer: true,
  includes_interpreter: false,
  hotel: '4★ Şişli',
  currency: 'EUR' as const,
};
const now = new Date('2026-11-27T10:00:00Z');

const version = (overrides: Partial<QuoteVersion> = {}): QuoteVersion => ({
  version: 1,
  revision: 1,
  updated_by_name: 'sara',
  technique: 'FUE',
  units: 4000,
  unit_kind: 'grafts',
  team: 'Dr. Kaya',
  nights: 2,
  hotel: 'Hilton',
  transfer: true,
  interpreter: true,
  included: ['PRP'],
  not_included: ['Flights'],
  price: '2100.00',
  currency: 'USD',
  valid_until: '2026-12-27',
  note: 'hello',
  note_language: 'en',
  created_at: '',
  updated_at: '',
  sent_at: '2026-11-27T09:00:00Z',
  sent_by_name: 'sara',
  ...overrides,
});

describe('a new quote starts from', () => {
  it('the clinic’s record, the treatment’s unit and the patient’s language', () => {
    const fields = defaultFields(clinic, { service: 'dental', language: 'en' }, null, now);
    expect(fields).toMatchObject({
      unit_kind: 'implants',
      hotel: '4★ Şişli',
      nights: '3',
      transfer: true,
      interpreter: false,
      currency: 'EUR',
      note_language: 'en',
      price: '',
      valid_until: dayAfter(now, 30),
    });
  });

  it('the request’s other quote for what is the same plan, never its clinic’s terms or price', () => {
    const fields = defaultFields(
      clinic,
      { service: 'hairTransplant', language: 'ar' },
      version(),
      now,
    );
    expect(fields).toMatchObject({
      technique: 'FUE',
      units: '4000',
      unit_kind: 'grafts',
      nights: '2',
      included: 'PRP',
      not_included: 'Flights',
      // The clinic's own: its hotel, transfer, interpreter and currency; no price, no team.
      hotel: '4★ Şişli',
      interpreter: false,
      currency: 'EUR',
      price: '',
      team: '',
    });
  });
});

describe('the payload', () => {
  it('reads numbers as typed (Arabic digits, separators) and lists one item per line', () => {
    const fields = {
      ...defaultFields(clinic, { service: 'hairTransplant', language: 'ar' }, null, now),
      units: '٤٬٠٠٠'.replace('٬', ','),
      price: '2,100.50',
      included: ' PRP \n\nMedication\n',
    };
    expect(fieldsPayload(fields)).toMatchObject({
      units: 4000,
      price: 2100.5,
      included: ['PRP', 'Medication'],
      nights: 3,
    });
  });

  it('is not sent without a price and a validity from today', () => {
    const fields = defaultFields(clinic, { service: 'hairTransplant', language: 'ar' }, null, now);
    expect(missingToSend(fields, '2026-11-27')).toEqual(['price']);
    expect(
      missingToSend({ ...fields, price: '0', valid_until: '2026-11-26' }, '2026-11-27'),
    ).toEqual(['price', 'validUntil']);
    expect(missingToSend({ ...fields, price: '1900' }, '2026-11-27')).toEqual([]);
  });
});

describe('the 48-hour clock', () => {
  it('ticks from the request, amber past 24 hours, red past 48', () => {
    expect(quoteClock('2026-11-27T00:00:00Z', null, now)).toEqual({
      hours: 10,
      sent: false,
      tone: 'ok',
    });
    expect(quoteClock('2026-11-26T00:00:00Z', null, now).tone).toBe('soon');
    expect(quoteClock('2026-11-25T00:00:00Z', null, now).tone).toBe('late');
  });

  it('stops at the first quote sent', () => {
    const quotes = [
      { first_sent_at: '2026-11-26T20:00:00Z' },
      { first_sent_at: '2026-11-26T12:00:00Z' },
      { first_sent_at: null },
    ] as RequestQuote[];
    expect(firstQuoteAt(quotes)).toBe('2026-11-26T12:00:00Z');
    expect(quoteClock('2026-11-25T12:00:00Z', firstQuoteAt(quotes), now)).toEqual({
      hours: 24,
      sent: true,
      tone: 'ok',
    });
    expect(
      fill(adminAr['admin.quotes.clockWaiting'], { hours: 31 }, 'ar').startsWith('مضت 31 ساعة'),
    ).toBe(true);
  });
});

describe('unsaved quotes on this device', () => {
  it('are kept per account, request, clinic and tab, and go at sign-out with that account only', () => {
    const storage = memoryStorage();
    const fields = defaultFields(clinic, { service: 'dental', language: 'ar' }, null, now);
    const mine = { username: 'sara', requestId: 'r1', clinicId: 'c1', tab: 't1', base: null };
    writeQuoteDraft(storage, { ...mine, fields, updatedAt: '2026-11-27T10:00:00Z' });
    // The same coordinator's other tab keeps its own copy of the same quote.
    const otherTab = { ...mine, tab: 't2', base: { version: 1, revision: 3 } };
    writeQuoteDraft(storage, {
      ...otherTab,
      fields: { ...fields, price: '1800' },
      updatedAt: '2026-11-27T10:30:00Z',
    });
    expect(readQuoteDraft(storage, otherTab)?.fields.price).toBe('1800');
    expect(readQuoteDraft(storage, otherTab)?.base).toEqual({ version: 1, revision: 3 });
    expect(readQuoteDraft(storage, mine)?.fields.price).toBe(fields.price);
    removeQuoteDraft(storage, otherTab);
    writeQuoteDraft(storage, {
      ...mine,
      clinicId: 'c2',
      fields: { ...fields, price: '9' },
      updatedAt: '2026-11-27T11:00:00Z',
    });
    writeQuoteDraft(storage, {
      ...mine,
      username: 'omar',
      fields,
      updatedAt: '2026-11-27T12:00:00Z',
    });
    expect(readQuoteDraft(storage, mine)?.fields).toEqual(fields);
    expect(quoteDraftsOf(storage, 'r1', 'sara').map((draft) => draft.clinicId)).toEqual([
      'c2',
      'c1',
    ]);
    removeQuoteDraft(storage, mine);
    expect(readQuoteDraft(storage, mine)).toBeNull();
    expect(removeQuoteDrafts(storage, 'sara')).toBe(1);
    expect(quoteDraftsOf(storage, 'r1', 'omar')).toHaveLength(1);
  });
});

describe('the timeline', () => {
  it('names the clinic, the version and its price', () => {
    const value = JSON.stringify({ clinic: 'عيادة أ', version: 2, price: 1900, currency: 'EUR' });
    expect(
      describeQuoteEvent({ kind: 'patient_quote_choice', old_value: null, new_value: value }),
    ).toEqual({
      label: 'اختار عرضاً',
      text: 'عيادة أ · النسخة 2 · 1,900 EUR',
    });
    expect(
      describeQuoteEvent({
        kind: 'quote_status',
        old_value: 'sent',
        new_value: JSON.stringify({ clinic: 'عيادة أ', version: 1, status: 'declined' }),
      }).text,
    ).toBe('عيادة أ · النسخة 1: مرفوض');
  });
});
