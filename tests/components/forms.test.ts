import { describe, expect, it } from 'vitest';
import { stringsFor } from '../../src/i18n/index.ts';
import LeadForm, { type LeadFormProps } from '../../src/islands/contact/LeadForm.tsx';
import { DRAFT_KEY_PREFIX } from '../../src/islands/contact/draft.ts';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * The lead form's server HTML is what a visitor types into before the island arrives, and what the
 * page's early script (src/components/forms/EarlyForms.astro) reads and keeps: its field names, the
 * draft key and the markers must match that script, and without JavaScript the form must still go
 * to WhatsApp. A mismatch would otherwise show only in a full-page browser test on a held-back
 * script (tests/e2e/slow-forms.spec.ts).
 */
const props = (variant: LeadFormProps['variant']): LeadFormProps => ({
  lang: 'ar',
  variant,
  strings: stringsFor('ar', ['form.', 'legal.consent.']),
  services: [
    { value: 'hair-transplant', label: 'زراعة الشعر' },
    { value: 'dental-implants', label: 'زراعة الأسنان' },
    { value: 'other', label: 'أخرى' },
  ],
  destinations: [{ value: 'turkey', label: 'تركيا' }],
  countryCodes: [
    { value: '+966', label: '+966 السعودية' },
    { value: '+971', label: '+971 الإمارات' },
  ],
  thankYouHref: '/thank-you',
  whatsappNumber: '+49 151 1234 5678',
  source: '/',
});

/** The island's HTML as the build renders it (React's server renderer, as Astro calls it). */
const render = (variant: LeadFormProps['variant']) =>
  Promise.resolve(renderToString(createElement(LeadForm, props(variant))));

describe('LeadForm server HTML (the form before its island)', () => {
  it('is a WhatsApp form without JavaScript, marked for the early script', async () => {
    const html = await render('wizard');
    const form = /<form[^>]*>/.exec(html)![0];
    expect(form).toContain('action="https://wa.me/4915112345678"');
    expect(form).toContain('method="get"');
    expect(form).toContain('data-early-form=""');
    // The early script keeps drafts under the key the island and its hydration directive read.
    expect(form).toContain(`data-draft-key="${DRAFT_KEY_PREFIX}wizard"`);
    expect(form).not.toContain('data-hydrated');
  });

  it('names its first step fields as the early script reads them', async () => {
    const html = await render('wizard');
    for (const name of ['name', 'phone', 'countryCode'])
      expect(html, name).toMatch(new RegExp(`name="${name}"`));
    expect(html).toContain('data-wizard-next');
    expect(html).toContain('الخطوة 1 من 3');
  });

  it('lists the treatments in the order it is given, on the single-step form', async () => {
    const html = await render('single');
    const options = [...html.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]);
    const services = options.filter((value) =>
      ['hair-transplant', 'dental-implants', 'other'].includes(value!),
    );
    expect(services).toEqual(['hair-transplant', 'dental-implants', 'other']);
    for (const name of ['name', 'phone', 'service', 'notes'])
      expect(html, name).toMatch(new RegExp(`name="${name}"`));
  });
});
