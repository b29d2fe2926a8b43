import { describe, expect, it } from 'vitest';
import {
  composePatientNotice,
  type StoredNotice,
} from '../../supabase/functions/_shared/patient-notice.ts';

/**
 * The messages telling the patient what happened (issue 43, item 4): in the request's language,
 * a revision's changes one line each (2,400 → 2,300 EUR), the request page's address alone on its
 * line and no private link, nothing a name or a clinic's text could inject into the HTML.
 */
const row: StoredNotice = {
  id: 9,
  kind: 'quote_revised',
  attempt: 1,
  language: 'en',
  first_name: 'Omar',
  email: 'omar@example.com',
  reference: 'RC-7K4M-2R',
  quotes: [
    {
      clinic: 'Clinic Istanbul',
      version: 2,
      price: 2300,
      currency: 'EUR',
      valid_until: '2026-12-20',
      changes: [
        {
          field: 'price',
          from: { amount: 2400, currency: 'EUR' },
          to: { amount: 2300, currency: 'EUR' },
        },
        { field: 'team', from: 'Dr. Kaya', to: 'Dr. Demir' },
        { field: 'nights', from: 3, to: 4 },
        { field: 'transfer', from: true, to: false },
        { field: 'included', added: ['Hotel'], removed: ['Medication'] },
        { field: 'valid_until', from: '2026-12-10', to: '2026-12-20' },
      ],
    },
  ],
  manager_name: null,
  manager_whatsapp: null,
};
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe('composePatientNotice', () => {
  it('says what a revision changed, one line per field, in English', () => {
    const mail = composePatientNotice(row, 'https://rihla.care/');
    const lines = plain(mail.text).split('\n');
    expect(lines).toContain('- Price: 2,400 EUR → 2,300 EUR');
    expect(lines).toContain('- Surgeon or team: Dr. Kaya → Dr. Demir');
    expect(lines).toContain('- Nights: 3 → 4');
    expect(lines).toContain('- Transfers: included → not included');
    expect(lines).toContain('- Included: added: Hotel; removed: Medication');
    expect(lines).toContain('- Valid until: 10 December 2026 → 20 December 2026');
    expect(plain(mail.subject)).toBe('A quote for your request was revised (RC-7K4M-2R)');
    // The request page alone on its line; no token anywhere.
    expect(lines).toContain('https://rihla.care/en/r/');
    expect(mail.text).not.toContain('#');
  });

  it('says it in Arabic for an Arabic request', () => {
    const mail = composePatientNotice(
      { ...row, language: 'ar', first_name: 'ليلى' },
      'https://rihla.care',
    );
    const lines = plain(mail.text).split('\n');
    expect(lines[0]).toBe('أهلاً ليلى،');
    expect(lines).toContain('- السعر: 2,400 EUR ← 2,300 EUR');
    expect(lines).toContain('- يشمل: أضيف: Hotel؛ أزيل: Medication');
    expect(lines).toContain('https://rihla.care/r/');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('lists the ready quotes, the choice and the manager', () => {
    const ready = composePatientNotice(
      {
        ...row,
        kind: 'quotes_ready',
        quotes: [
          { ...row.quotes[0]!, changes: [] },
          { ...row.quotes[0]!, clinic: 'Clinic Ankara', price: 2600, changes: [] },
        ],
      },
      'https://rihla.care',
    );
    expect(plain(ready.text)).toContain(
      '- Clinic Istanbul: 2,300 EUR, valid until 20 December 2026',
    );
    expect(plain(ready.text)).toContain('- Clinic Ankara: 2,600 EUR, valid until 20 December 2026');
    expect(plain(ready.subject)).toBe('Your quotes are ready to compare (RC-7K4M-2R)');

    const chosen = composePatientNotice(
      { ...row, kind: 'quote_chosen', language: 'ar' },
      'https://rihla.care',
    );
    expect(plain(chosen.text)).toContain('سجّلنا اختيارك لعرض Clinic Istanbul (2,300 EUR)');

    const manager = composePatientNotice(
      {
        ...row,
        kind: 'manager_assigned',
        manager_name: 'Sara Ali',
        manager_whatsapp: '+90 555 000 1122',
      },
      'https://rihla.care',
    );
    expect(plain(manager.text)).toContain('is now Sara Ali');
    expect(manager.text).toContain('https://wa.me/905550001122');
  });

  it('greets without a name when there is none, and escapes what it shows', () => {
    const mail = composePatientNotice(
      {
        ...row,
        first_name: null,
        quotes: [
          {
            ...row.quotes[0]!,
            clinic: '<b>Clinic</b>',
            changes: [{ field: 'note', from: null, to: '<script>' }],
          },
        ],
      },
      'https://rihla.care',
    );
    expect(mail.text.startsWith('Hello,')).toBe(true);
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('<script>');
    expect(plain(mail.text)).toContain('- Note: none → <script>');
  });

  it('asks how the patient is on an after-care check-in day, pointing to the page (issue 44)', () => {
    const checkin = { ...row, kind: 'aftercare_checkin' as const, quotes: [], language: 'ar' };
    const mail = composePatientNotice(checkin, 'https://rihla.care/');
    expect(plain(mail.subject)).toBe('كيف حالك بعد العلاج؟ (RC-7K4M-2R)');
    const lines = plain(mail.text).split('\n');
    expect(lines.some((line) => line.startsWith('حان موعد متابعتك بعد العلاج'))).toBe(true);
    expect(lines).toContain('https://rihla.care/r/');
    const english = composePatientNotice({ ...checkin, language: 'en' }, 'https://rihla.care/');
    expect(plain(english.subject)).toBe('How are you after your treatment? (RC-7K4M-2R)');
  });
});

/**
 * The reminders (issue 44, item 3): the date or the call-back time they are about, in the
 * patient's time zone and language, the page without a private link, and how to stop them.
 */
describe('composePatientNotice for reminders', () => {
  const reminder = (
    kind: StoredNotice['kind'],
    detail: NonNullable<StoredNotice['reminder']> | null,
    language = 'en',
  ): StoredNotice => ({ ...row, kind, language, quotes: [], reminder: detail });

  it('names the trip’s date and how to stop the reminders, in English and Arabic', () => {
    const en = composePatientNotice(
      reminder('reminder_trip_week', { on: '2027-03-08', at: null, time_zone: 'Asia/Riyadh' }),
      'https://rihla.care',
    );
    expect(plain(en.subject)).toBe('Your treatment trip is coming up (RC-7K4M-2R)');
    expect(plain(en.text)).toContain('Your treatment trip begins on 8 March 2027.');
    expect(en.text).toContain('Tap "Stop reminders" on your page.');
    expect(en.text.split('\n')).toContain('https://rihla.care/en/r/');
    expect(en.html).toContain('Stop reminders');

    const ar = composePatientNotice(
      reminder(
        'reminder_procedure_tomorrow',
        { on: '2027-03-09', at: null, time_zone: 'Asia/Riyadh' },
        'ar',
      ),
      'https://rihla.care',
    );
    expect(plain(ar.subject)).toBe('موعد علاجك غداً (RC-7K4M-2R)');
    expect(plain(ar.text)).toContain('موعد علاجك غداً، 9 مارس 2027.');
    expect(ar.text).toContain('«أوقف التذكيرات»');
    expect(ar.text.split('\n')).toContain('https://rihla.care/r/');
  });

  it('invites to the review on the page, in both languages, never with the private link', () => {
    const en = composePatientNotice(
      reminder('reminder_review', { on: '2027-03-09', at: null, time_zone: 'Asia/Riyadh' }),
      'https://rihla.care',
    );
    expect(plain(en.subject)).toBe('Tell others about the clinic that treated you (RC-7K4M-2R)');
    expect(plain(en.text)).toContain('or update the one you wrote with what you see today');
    expect(en.text.split('\n')).toContain('https://rihla.care/en/r/');
    expect(en.text).not.toContain('#');
    const ar = composePatientNotice(
      reminder('reminder_review', { on: '2027-03-09', at: null, time_zone: 'Asia/Riyadh' }, 'ar'),
      'https://rihla.care',
    );
    expect(plain(ar.subject)).toBe('شاركنا رأيك في العيادة التي عالجتك (RC-7K4M-2R)');
    expect(plain(ar.text)).toContain('ويمكنك تعديلها أو سحبها متى شئت');
    expect(ar.text).toContain('«أوقف التذكيرات»');
  });

  it('says the call-back time in the patient’s own time zone', () => {
    const mail = composePatientNotice(
      reminder('reminder_callback', {
        on: null,
        at: '2027-03-08T11:30:00+00:00',
        time_zone: 'Europe/Istanbul',
      }),
      'https://rihla.care',
    );
    expect(plain(mail.text)).toContain('You asked us to call you on Monday 8 March at 14:30');
    const ar = composePatientNotice(
      reminder(
        'reminder_callback',
        { on: null, at: '2027-03-08T11:30:00+00:00', time_zone: 'Asia/Riyadh' },
        'ar',
      ),
      'https://rihla.care',
    );
    expect(plain(ar.text)).toContain('الساعة 14:30');
  });

  it('lists the quotes that end soon, and the photos’ reminder stands alone', () => {
    const quotes = composePatientNotice(
      { ...reminder('reminder_quote_expiring', null), quotes: row.quotes },
      'https://rihla.care',
    );
    expect(plain(quotes.text)).toContain(
      '- Clinic Istanbul: 2,300 EUR, valid until 20 December 2026',
    );
    const photos = composePatientNotice(reminder('reminder_photos', null), 'https://rihla.care');
    expect(plain(photos.subject)).toBe('Your photos are still missing (RC-7K4M-2R)');
    expect(photos.text).not.toContain('#');
  });
});
