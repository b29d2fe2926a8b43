import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { describeEvent } from '~/lib/admin/team.ts';
import { requestServiceLabelsEn, treatmentName } from '~/lib/admin/messages/treatments.ts';
import {
  knownTemplateVariables,
  registerTemplateVariable,
  renderTemplate,
  variablesIn,
  type MessageContext,
} from '~/lib/admin/messages/variables.ts';
import { requestServiceFor, type FormService } from '~/lib/services.ts';

/**
 * WhatsApp templates filled for one request (issue 32, src/lib/admin/messages/): the request's
 * language picks the treatment's name, a variable that cannot be filled keeps the message from
 * being sent and says why, patient-typed values lose their control characters, a feature can add a
 * variable, and the timeline reads the new events.
 */

const context: MessageContext = {
  name: 'ليلى',
  treatment: 'dental',
  reference: 'RC-7K4M-2R',
  language: 'ar',
  manager: 'سارة',
  pageLink: null,
  quotesSent: 0,
};

describe('template variables', () => {
  it('fills every variable it knows, in the request language', () => {
    const body = 'مرحباً {name}، معك {manager}. طلبك بخصوص {treatment} ({reference}).';
    expect(renderTemplate(body, context)).toEqual({
      text: 'مرحباً ليلى، معك سارة. طلبك بخصوص زراعة الأسنان (RC-7K4M-2R).',
      missing: [],
    });
    expect(
      renderTemplate('Hello {name}, about your {treatment}', { ...context, language: 'en' }).text,
    ).toBe('Hello ليلى, about your Dental implants');
  });

  it('names each variable it cannot fill and why, and leaves it in the text', () => {
    const rendered = renderTemplate('{name} {manager} {page_link} {quote_link} {coupon} {name}', {
      ...context,
      manager: null,
    });
    expect(rendered.missing).toEqual([
      { variable: 'manager', reason: 'admin.contact.missing.manager' },
      { variable: 'page_link', reason: 'admin.contact.missing.pageLink' },
      { variable: 'quote_link', reason: 'admin.contact.missing.quoteNone' },
      { variable: 'coupon', reason: 'admin.contact.missing.unknown' },
    ]);
    expect(rendered.text).toBe('ليلى {manager} {page_link} {quote_link} {coupon} ليلى');
    // {quote_link}: the page with the quotes, once one was sent and a link issued.
    expect(renderTemplate('{quote_link}', { ...context, quotesSent: 2 }).missing).toEqual([
      { variable: 'quote_link', reason: 'admin.contact.missing.pageLink' },
    ]);
    // A link issued just now fills {page_link}.
    const link = 'https://rihla.care/r/#abc';
    expect(renderTemplate('{page_link}', { ...context, pageLink: link })).toEqual({
      text: link,
      missing: [],
    });
    expect(renderTemplate('{quote_link}', { ...context, pageLink: link, quotesSent: 1 })).toEqual({
      text: link,
      missing: [],
    });
  });

  it('never carries a control or bidi character from a stored value into the chat', () => {
    const rendered = renderTemplate('Hi {name}!', {
      ...context,
      name: 'Ali\u202Egnp.exe\u0007\n',
    });
    expect(rendered.text).toBe('Hi Ali gnp.exe!');
    expect(renderTemplate('{name}', { ...context, name: '\u200f ' }).missing).toHaveLength(1);
  });

  it('lists the variables of a text once each, and lets a feature add one', () => {
    expect(variablesIn('{a} {b} {a} {} {c d}')).toEqual(['a', 'b', '']);
    expect(knownTemplateVariables()).toEqual([
      'name',
      'treatment',
      'manager',
      'reference',
      'page_link',
      'quote_link',
      'trip_dates',
      'trip_clinic',
      'trip_hotel',
      'trip_pickup',
      'trip_emergency',
    ]);
    registerTemplateVariable('clinic_name', {
      fill: () => 'Clinic A',
      missing: 'admin.contact.missing.unknown',
    });
    expect(renderTemplate('{clinic_name}', context)).toEqual({ text: 'Clinic A', missing: [] });
  });
});

describe('treatment names in messages', () => {
  it('name every treatment as content does, in Arabic and English', () => {
    const dir = join('content', 'services');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.yaml'))) {
      const { name } = parse(readFileSync(join(dir, file), 'utf8')) as {
        name: { ar: string; en: string };
      };
      const inbox = requestServiceFor(file.replace(/\.yaml$/, '') as FormService);
      expect(requestServiceLabelsEn[inbox], file).toBe(name.en);
      expect(treatmentName(inbox, 'ar'), file).toBe(name.ar);
    }
    expect(treatmentName(null, 'en')).toBeNull();
    expect(treatmentName('unknown', 'ar')).toBeNull();
  });
});

describe('contact events in the timeline', () => {
  it('reads WhatsApp, calls, routing and the owner alert', () => {
    expect(
      describeEvent({ kind: 'whatsapp', old_value: null, new_value: 'التواصل الأول' }),
    ).toEqual({
      label: 'واتساب',
      text: 'أُرسلت رسالة واتساب: التواصل الأول',
    });
    expect(describeEvent({ kind: 'whatsapp', old_value: null, new_value: null }).text).toBe(
      'فُتحت محادثة واتساب دون رسالة جاهزة',
    );
    expect(describeEvent({ kind: 'call', old_value: null, new_value: 'no_answer' })).toEqual({
      label: 'اتصال',
      text: 'اتصال: لم يرد',
    });
    expect(
      describeEvent({ kind: 'call', old_value: '2026-11-30T08:00:00Z', new_value: 'call_back' })
        .text,
    ).toMatch(/^اتصال: طلب معاودة الاتصال في 30 نوفمبر 2026، \d{2}:00$/);
    expect(
      describeEvent({ kind: 'routed', old_value: 'round_robin:language', new_value: 'sara' }).text,
    ).toBe('أُسند إلى sara بالتناوب، حسب اللغة');
    expect(describeEvent({ kind: 'escalated', old_value: null, new_value: '60' }).label).toBe(
      'تنبيه المالك',
    );
  });
});
