import { describe, expect, it } from 'vitest';
import {
  destinationLabel,
  displayPhone,
  hasCountryCode,
  patientWhatsappUrl,
  telUrl,
  readinessLabel,
  readinessOf,
  serviceLabel,
  sourceLabel,
  statusLabel,
  statusOf,
  timingLabel,
  timingOf,
} from '~/lib/admin/labels.ts';
import { formatLeadDate, formatRequestDate, REQUEST_DATE_FORMAT } from '~/lib/admin/dates.ts';
import {
  retryDelay,
  shouldRetry,
  AdminDataError,
  SessionLostError,
  isSessionError,
} from '~/lib/admin/query.ts';

describe('request labels', () => {
  it("uses the spec's four status labels and shows an unknown status as new", () => {
    expect(statusLabel('new')).toBe('جديد');
    expect(statusLabel('in_progress')).toBe('قيد المعالجة');
    expect(statusLabel('completed')).toBe('مكتمل');
    expect(statusLabel('cancelled')).toBe('ملغى');
    expect(statusOf('archived')).toBe('new');
    expect(statusOf(null)).toBe('new');
    expect(statusLabel(undefined)).toBe('جديد');
  });

  it('reads travel readiness as yes, no or otherwise maybe', () => {
    expect(readinessOf('yes')).toBe('yes');
    expect(readinessOf('no')).toBe('no');
    expect(readinessOf('perhaps')).toBe('maybe');
    expect(readinessOf(null)).toBe('maybe');
    expect(readinessLabel('yes')).toBe('جاهز للسفر');
    expect(readinessLabel(null)).toBe('ربما');
  });

  it('reads timing as urgent, thisMonth, nextMonth or otherwise flexible', () => {
    expect(timingOf('urgent')).toBe('urgent');
    expect(timingOf('thisMonth')).toBe('thisMonth');
    expect(timingOf('nextMonth')).toBe('nextMonth');
    expect(timingOf('someday')).toBe('flexible');
    expect(timingOf(null)).toBe('flexible');
    expect(timingLabel('thisMonth')).toBe('هذا الشهر');
    expect(timingLabel(undefined)).toBe('مرن');
  });

  it('names the nine destinations in Arabic and keeps unknown slugs as stored', () => {
    expect(
      [
        'turkey',
        'romania',
        'lebanon',
        'syria',
        'croatia',
        'moldova',
        'egypt',
        'jordan',
        'thailand',
      ].map(destinationLabel),
    ).toEqual([
      'تركيا',
      'رومانيا',
      'لبنان',
      'سوريا',
      'كرواتيا',
      'مولدوفا',
      'مصر',
      'الأردن',
      'تايلاند',
    ]);
    expect(destinationLabel('mars')).toBe('mars');
  });

  it('labels services, with a fallback for an unknown value', () => {
    expect(serviceLabel('hairTransplant')).toBe('زراعة الشعر');
    expect(serviceLabel('healthCheckup')).toBe('الفحص الطبي الشامل');
    expect(serviceLabel('unknown')).toBe('غير محدد');
  });

  it("shows the offer page's source as 'صفحة العرض' and a missing source as not specified", () => {
    expect(sourceLabel('hair-transplant-offer-page')).toBe('صفحة العرض');
    expect(sourceLabel('/')).toBe('الصفحة الرئيسية');
    expect(sourceLabel('/rhinoplasty-turkey')).toBe('/rhinoplasty-turkey');
    expect(sourceLabel(null)).toBe('غير محدد');
    expect(sourceLabel('  ')).toBe('غير محدد');
  });

  it('shows a phone with its country code apart', () => {
    expect(displayPhone('966501234567', '+966')).toBe('+966 501234567');
    expect(displayPhone('971501234567', null)).toBe('+971 501234567');
    expect(displayPhone('4930201234567', '+966')).toBe('+49 30201234567');
    // Without its country a number is shown as stored: never a "+", never a link.
    expect(displayPhone('12345678', null)).toBe('12345678');
    expect(displayPhone('0501234567', null)).toBe('0501234567');
    expect(displayPhone('545024476', null)).toBe('545024476');
    expect(hasCountryCode('0545024476', null)).toBe(false);
    expect(hasCountryCode('545024476', '')).toBe(false);
    expect(hasCountryCode('966545024476', null)).toBe(true);
    expect(hasCountryCode('545024476', '+966')).toBe(true);
    expect(telUrl('0545024476', null)).toBeNull();
    expect(telUrl('966545024476', '+966')).toBe('tel:+966545024476');
    expect(
      patientWhatsappUrl({ name: 'سارة', phone: '0545024476', country_code: null, service: 'x' }),
    ).toBeNull();
  });

  it('opens WhatsApp on the digits with an Arabic first message', () => {
    const url = new URL(
      patientWhatsappUrl({
        name: ' سارة ',
        phone: '+966 50-123',
        country_code: '+966',
        service: 'dental',
      })!,
    );
    expect(url.origin + url.pathname).toBe('https://wa.me/96650123');
    expect(url.searchParams.get('text')).toContain('مرحباً سارة');
    expect(url.searchParams.get('text')).toContain('زراعة الأسنان');
  });
});

describe('admin dates', () => {
  const moment = new Date(2025, 10, 20, 14, 5);

  it("formats cards as 'dd MMM yyyy، HH:mm' in Arabic", () => {
    expect(REQUEST_DATE_FORMAT).toBe('dd MMM yyyy، HH:mm');
    expect(formatRequestDate(moment)).toBe('20 نوفمبر 2025، 14:05');
    expect(formatRequestDate(new Date(2026, 0, 3, 9, 7))).toBe('03 يناير 2026، 09:07');
  });

  it('formats the leads table in Arabic (Saudi) with Gregorian months, not Hijri', () => {
    const text = formatLeadDate(moment);
    expect(text).toContain('نوفمبر');
    expect(text).not.toMatch(/جمادى|رجب|شعبان|رمضان|ربيع|صفر|محرم|شوال|ذو/);
  });
});

describe('data-fetching defaults', () => {
  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('retries three times, but never a refused session', () => {
    const network = new AdminDataError('fetch failed', 0);
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, network))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, new AdminDataError('denied', 403, '42501'))).toBe(false);
    expect(shouldRetry(0, new AdminDataError('jwt expired', 401, 'PGRST303'))).toBe(false);
    expect(shouldRetry(0, new SessionLostError())).toBe(false);
    expect(isSessionError(new AdminDataError('server', 500, 'XX000'))).toBe(false);
    expect(isSessionError(new Error('other'))).toBe(false);
  });
});
