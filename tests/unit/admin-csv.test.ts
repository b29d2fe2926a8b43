import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, leadsCsv, requestsCsv, toCsv, UTF8_BOM } from '~/lib/admin/csv.ts';
import type { ContactRequest, OfferLead } from '~/lib/admin/rows.ts';

describe('CSV cells (RFC 4180)', () => {
  it('leaves plain values alone and writes nothing for null', () => {
    expect(csvCell('أحمد')).toBe('أحمد');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe('-1');
  });

  it('defuses a formula hidden behind leading whitespace, NBSP, line breaks or invisible marks', () => {
    for (const hidden of [
      ' =1+1',
      '\u00a0=1+1',
      '\n=1+1',
      '\r\n@SUM(A1)',
      '\t-1',
      '\u200b+1',
      '\u202e=cmd',
      '\ufeff=1',
      '\u3000=1',
      '\uff1d1+1',
    ]) {
      expect(csvCell(hidden).replace(/^"/, ''), JSON.stringify(hidden)).toMatch(/^'/);
    }
    // Ordinary text that merely starts with a space is left alone.
    expect(csvCell(' padded')).toBe('" padded"');
  });
});

describe('CSV documents', () => {
  it('start with a UTF-8 byte-order mark and end every line with CRLF', () => {
    const csv = toCsv(['الاسم', 'الهاتف'], [['سارة', '966501234567']]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe('\uFEFFالاسم,الهاتف\r\nسارة,966501234567\r\n');
    // Encoded as UTF-8, the BOM is the three bytes Excel looks for.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('export requests with Arabic labels, in the order given', () => {
    const base: Omit<ContactRequest, 'id' | 'name' | 'phone' | 'status'> = {
      lead_id: 'l',
      notification_failed_at: null,
      deleted_at: null,
      deleted_by: null,
      held_reason: null,
      reference: 'RC-2346-79',
      version: 1,
      assigned_to: null,
      follow_up_at: null,
      phone_key: '966501234567',
      entry_channel: null,
      entered_by: null,
      entered_by_name: null,
      consent_how: null,
      consent_given_at: null,
      consent_given_by: null,
      person_id: null,
      first_contacted_at: null,
      last_contacted_at: null,
      first_contact_due_at: null,
      created_at: '2025-11-20T10:00:00Z',
      updated_at: '2025-11-21T10:00:00Z',
      email: 'a@b.co',
      country: 'السعودية',
      country_code: '+966',
      language: 'ar',
      message: 'أفضل الصباح',
      notes: 'اتصل, مرتين',
      preferred_countries: ['turkey', 'jordan'],
      ready_to_travel: 'yes',
      appointment_time: 'urgent',
      service: 'dental',
      source: 'hair-transplant-offer-page',
      utm_campaign: 'spring',
      utm_content: null,
      utm_medium: 'cpc',
      utm_source: 'google',
      utm_term: null,
      policy_version: '1.0',
      consented_at: '2025-11-20T10:00:00Z',
    };
    const rows: ContactRequest[] = [
      { ...base, id: 'r2', name: 'ثاني', phone: '966501234567', status: 'in_progress' },
      {
        ...base,
        id: 'r1',
        name: 'أول',
        phone: '971501234567',
        status: 'unknown' as ContactRequest['status'],
      },
    ];
    const lines = requestsCsv(rows).slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.split(',')).toEqual([
      'التاريخ',
      'الاسم',
      'الهاتف',
      'رابط واتساب',
      'البريد الإلكتروني',
      'الخدمة',
      'الدولة',
      'الاستعداد للسفر',
      'الدول المفضلة',
      'الموعد المفضل',
      'الحالة',
      'المصدر',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'رسالة المريض',
      'ملاحظات الإدارة',
      'آخر تحديث',
      'المعرّف',
    ]);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},ثاني,966501234567,https:\/\/wa\.me\/966501234567,a@b\.co,زراعة الأسنان,السعودية,جاهز للسفر,تركيا، الأردن,في أقرب وقت,قيد المعالجة,صفحة العرض,google,cpc,spring,أفضل الصباح,"اتصل, مرتين",\d{4}-\d{2}-\d{2} \d{2}:\d{2},r2$/,
    );
    expect(lines[2]).toContain(',أول,971501234567,');
    const national = { ...rows[0]!, phone: '0545024476', country_code: null };
    expect(requestsCsv([national]).split('\r\n')[1]).toContain(',ثاني,0545024476,,a@b.co,');
    expect(lines[2]).toContain(',جديد,');
    expect(lines[3]).toBe('');
  });

  it('export offer leads with the table columns', () => {
    const lead: OfferLead = {
      id: 'x',
      name: 'ليد',
      phone: '963944123456',
      country_code: '+963',
      country: 'سوريا',
      source: null,
      utm_campaign: null,
      utm_source: null,
      utm_medium: null,
      created_at: '2025-11-20T10:00:00Z',
      status: 'new',
    };
    const [header, line] = leadsCsv([lead]).slice(1).split('\r\n');
    expect(header).toBe(
      'التاريخ,الاسم,الهاتف,رابط واتساب,رمز الدولة,الدولة,المصدر,utm_source,utm_medium,utm_campaign,المعرّف',
    );
    expect(line).toMatch(
      /,ليد,963944123456,https:\/\/wa\.me\/963944123456,963,سوريا,غير محدد,,,,x$/,
    );
    // A number without its country: as stored, and no link (wa.me would reach a stranger).
    const national = { ...lead, phone: '0545024476', country_code: null, country: null };
    expect(leadsCsv([national]).slice(1).split('\r\n')[1]).toMatch(/,ليد,0545024476,,,,غير محدد,/);
  });

  it('names files by kind and minute', () => {
    expect(csvFileName('requests', new Date(2025, 10, 20, 14, 5))).toBe(
      'rihla-requests-2025-11-20-1405.csv',
    );
    expect(csvFileName('leads', new Date(2025, 0, 2, 3, 4))).toBe(
      'rihla-leads-2025-01-02-0304.csv',
    );
  });
});
