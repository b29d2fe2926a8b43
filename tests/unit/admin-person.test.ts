import { describe, expect, it } from 'vitest';
import { contactChanges, contactFormOf, rebaseContactForm } from '~/lib/admin/contact.ts';
import { emptyEntry, entryRequest, missingEntryFields } from '~/lib/admin/entry.ts';
import { entryChannelLabel, sourceLabel } from '~/lib/admin/labels.ts';

/** The pure parts of a contact correction and a staff entry (issue 26). */

const stored = { name: 'ليلى', phone: '0545024476', country_code: null, email: null };

describe('contact corrections', () => {
  it('start from the stored number, without its code when it has one', () => {
    expect(contactFormOf(stored)).toEqual({
      name: 'ليلى',
      countryCode: '',
      phone: '0545024476',
      email: '',
    });
    expect(contactFormOf({ ...stored, phone: '966545024476', country_code: '+966' })).toMatchObject(
      { countryCode: '+966', phone: '545024476' },
    );
  });

  it('send only what changed, the number through the one phone rule with its country', () => {
    const form = contactFormOf(stored);
    expect(contactChanges(stored, form)).toEqual({ kind: 'unchanged' });
    expect(contactChanges(stored, { ...form, phone: '0545024477' })).toEqual({
      kind: 'needsCountry',
    });
    expect(contactChanges(stored, { ...form, countryCode: '+966' })).toEqual({
      kind: 'changes',
      changes: { phone: '966545024476', country_code: '+966', country: 'السعودية' },
    });
    expect(contactChanges(stored, { ...form, name: ' سارة ', email: 'a@b.co ' })).toEqual({
      kind: 'changes',
      changes: { name: 'سارة', email: 'a@b.co' },
    });
  });
});

describe('a correction the contact details changed under', () => {
  it('takes the new values into the untouched fields and keeps the coordinator’s edits', () => {
    const was = { name: 'منى', countryCode: '+966', phone: '501234567', email: '' };
    const live = {
      name: 'منى',
      countryCode: '+971',
      phone: '501112222',
      email: 'mona@example.com',
    };
    // Only the name was edited: the colleague's number and e-mail come in.
    expect(rebaseContactForm({ ...was, name: 'منى علي' }, was, live)).toEqual({
      ...live,
      name: 'منى علي',
    });
    // The number was edited (its digits only): it stays, with the country it was typed for.
    expect(rebaseContactForm({ ...was, phone: '509998877' }, was, live)).toEqual({
      name: 'منى',
      countryCode: '+966',
      phone: '509998877',
      email: 'mona@example.com',
    });
  });
});

describe('staff entries', () => {
  it('name what is missing and build the entry with the picked country', () => {
    const empty = emptyEntry(new Date(2026, 10, 26, 14, 5));
    expect(empty.consentAt).toBe('2026-11-26T14:05');
    expect(missingEntryFields(empty)).toEqual([
      'name',
      'phone',
      'service',
      'consentHow',
      'consentBy',
    ]);
    const form = {
      ...empty,
      name: ' منى ',
      phone: '0501234567',
      service: 'dental-implants',
      consentHow: 'وافقت في واتساب',
      consentBy: 'منى نفسها',
    };
    expect(missingEntryFields(form)).toEqual([]);
    expect(entryRequest('id-1', form)).toMatchObject({
      id: 'id-1',
      name: 'منى',
      phone: '966501234567',
      country_code: '+966',
      country: 'السعودية',
      email: null,
      channel: 'whatsapp',
      consent_given_at: new Date(2026, 10, 26, 14, 5).toISOString(),
    });
    // The country staff pick is the number's, however long the digits typed after it.
    expect(
      entryRequest('id-2', { ...form, countryCode: '+965', phone: '5012345678' }),
    ).toMatchObject({ phone: '9655012345678', country_code: '+965', country: 'الكويت' });
  });

  it('label the channel on the card and as the source', () => {
    expect(entryChannelLabel('walk_in')).toBe('زيارة للمكتب');
    expect(sourceLabel('staff:whatsapp')).toBe('واتساب');
  });
});
