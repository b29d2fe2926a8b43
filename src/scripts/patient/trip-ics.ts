/**
 * The trip's day-by-day plan as an iCalendar file (RFC 5545) for the patient's calendar (issue 44):
 * one event per day of the plan, at the time staff set in the destination's local time (floating:
 * the plan is written on the clinic's clock, which the patient lives by while there), or all day
 * when no time is set. Pure: the patient page (./trip.ts) hands it the plan and its own words.
 */

/** One entry of the plan, as public.patient_trip answers it. */
export interface TripDay {
  on: string;
  time?: string | null;
  kind: string;
  note?: string;
}

export interface IcsInput {
  /** The request's reference: the events' UIDs are stable per reference, day and kind. */
  reference: string;
  days: readonly TripDay[];
  /** The title of each kind of day, in the patient's language. */
  title(kind: string): string;
  /** Where a day takes place (the clinic or hotel address), when known. */
  location?(day: TripDay): string | undefined;
  /** When the file is made (DTSTAMP). */
  now?: Date;
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (UTF-8), never inside a character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDate = (iso: string) => iso.replace(/-/g, '');

function nextDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The plan as the text of an .ics file (CRLF line ends, folded lines). */
export function tripCalendar(input: IcsInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rihla Care//Trip plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  const dtstamp = stamp(input.now ?? new Date());
  input.days.forEach((day, index) => {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${input.reference}-${compactDate(day.on)}-${day.kind}-${index}@rihla.care`,
      `DTSTAMP:${dtstamp}`,
    );
    if (day.time) {
      const start = `${compactDate(day.on)}T${day.time.replace(':', '')}00`;
      lines.push(`DTSTART:${start}`, 'DURATION:PT1H');
    } else {
      lines.push(
        `DTSTART;VALUE=DATE:${compactDate(day.on)}`,
        `DTEND;VALUE=DATE:${compactDate(nextDay(day.on))}`,
      );
    }
    lines.push(`SUMMARY:${escapeIcsText(input.title(day.kind))}`);
    if (day.note) lines.push(`DESCRIPTION:${escapeIcsText(day.note)}`);
    const location = input.location?.(day);
    if (location) lines.push(`LOCATION:${escapeIcsText(location)}`);
    lines.push('END:VEVENT');
  });
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
