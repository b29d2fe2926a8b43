import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, tripCalendar } from '../../src/scripts/patient/trip-ics.ts';

/** The trip's .ics file (issue 44) as a calendar reads it: RFC 5545's shape, lines and text. */

const titles: Record<string, string> = {
  arrival: 'الوصول والاستقبال في المطار',
  procedure: 'يوم العملية',
  first_wash: 'الغسلة الأولى',
};

const calendar = tripCalendar({
  reference: 'RC-7K4M',
  days: [
    {
      on: '2026-12-20',
      time: '14:30',
      kind: 'arrival',
      note: 'Pickup at IST, gate 3; driver: Emre',
    },
    { on: '2026-12-22', time: null, kind: 'first_wash' },
  ],
  title: (kind) => titles[kind] ?? kind,
  location: (day) =>
    day.kind === 'arrival' ? 'İstanbul Havalimanı, Tayakadın, Arnavutköy, İstanbul' : undefined,
  now: new Date('2026-12-02T10:00:00Z'),
});

/** The content lines with folds undone (RFC 5545 section 3.1). */
const unfolded = calendar.replace(/\r\n /g, '').split('\r\n');

describe('the trip calendar file', () => {
  it('is one VCALENDAR of CRLF lines, each at most 75 octets', () => {
    expect(calendar.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of calendar.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(unfolded.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(unfolded.filter((line) => line === 'END:VEVENT')).toHaveLength(2);
  });

  it('puts a timed day at its local time and a day without a time all day', () => {
    expect(unfolded).toContain('DTSTART:20261220T143000');
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20261222');
    expect(unfolded).toContain('DTEND;VALUE=DATE:20261223');
    expect(unfolded).toContain('DTSTAMP:20261202T100000Z');
    expect(unfolded).toContain('UID:RC-7K4M-20261220-arrival-0@rihla.care');
  });

  it('keeps Arabic and Turkish text whole and escapes what the format reserves', () => {
    expect(unfolded).toContain('SUMMARY:الوصول والاستقبال في المطار');
    expect(unfolded).toContain('DESCRIPTION:Pickup at IST\\, gate 3\\; driver: Emre');
    expect(unfolded).toContain(
      'LOCATION:İstanbul Havalimanı\\, Tayakadın\\, Arnavutköy\\, İstanbul',
    );
    expect(escapeIcsText('a\\b\nc')).toBe('a\\\\b\\nc');
  });

  it('folds a long line without splitting a character', () => {
    const line = `SUMMARY:${'ع'.repeat(60)}`;
    const folded = foldIcsLine(line);
    expect(folded).toContain('\r\n ');
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});
