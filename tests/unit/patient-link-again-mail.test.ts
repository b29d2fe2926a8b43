import { describe, expect, it } from 'vitest';
import { composePatientLinkAgain } from '../../supabase/functions/_shared/patient-link-again.ts';

/**
 * The "your link again" e-mail (issue 43): the new link alone on its line in the request's
 * language, the reference and name isolated, nothing a name could inject into the HTML.
 */
const token = 'A'.repeat(20) + 'bcdefghijklmnopqrstuvw';
const row = {
  id: 7,
  lead_id: '00000000-0000-4000-8000-000000000000',
  attempt: 1,
  link_token: token,
  language: 'en',
  first_name: 'Layla',
  email: 'layla@example.com',
  reference: 'RC-7K4M-2R',
};

describe('composePatientLinkAgain', () => {
  it('puts the link of the request’s language alone on its line', () => {
    const en = composePatientLinkAgain(row, 'https://rihla.care/');
    expect(en.text.split('\n')).toContain(`https://rihla.care/en/r/#${token}`);
    expect(en.subject).toContain('\u2068RC-7K4M-2R\u2069');
    expect(en.text).toContain('The earlier link no longer works');
    const ar = composePatientLinkAgain({ ...row, language: 'ar' }, 'https://rihla.care');
    expect(ar.text.split('\n')).toContain(`https://rihla.care/r/#${token}`);
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.text).toContain('الرابط السابق لم يعد يعمل');
  });

  it('greets without a name when there is none, and escapes what it shows', () => {
    const mail = composePatientLinkAgain(
      { ...row, first_name: null, reference: 'RC-<b>' },
      'https://rihla.care',
    );
    expect(mail.text.startsWith('Hello,')).toBe(true);
    expect(mail.html).not.toContain('<b>');
  });
});
