import { describe, expect, it } from 'vitest';
import {
  alertKey,
  firstContactAlerts,
  firstContactState,
  formatWait,
  type AlertRow,
} from '~/lib/admin/first-contact.ts';
import {
  elapsedText,
  medianText,
  shareText,
  speedReportCsv,
  type SpeedReport,
} from '~/lib/admin/speed-report.ts';

/**
 * The first-contact clock in the browser (issue 32): when a request is red, whom a late request
 * alerts (its assignee, everyone while unassigned, once per due time), how waits read, and the
 * speed-to-lead report's cells and CSV.
 */

const now = Date.parse('2026-11-27T10:00:00Z');
const due = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('first-contact state', () => {
  it('is red only for a new request nobody contacted once its time has passed', () => {
    const row = { first_contacted_at: null, first_contact_due_at: due(-1), status: 'new' as const };
    expect(firstContactState(row, now)).toBe('overdue');
    expect(firstContactState({ ...row, first_contact_due_at: due(5) }, now)).toBe('waiting');
    expect(firstContactState({ ...row, first_contacted_at: due(-3) }, now)).toBe('contacted');
    expect(firstContactState({ ...row, status: 'cancelled' }, now)).toBe('unmeasured');
    expect(firstContactState({ ...row, first_contact_due_at: null }, now)).toBe('unmeasured');
  });
});

describe('first-contact alerts', () => {
  const row = (patch: Partial<AlertRow>): AlertRow => ({
    id: 'r1',
    name: 'Layla',
    service: 'dental',
    assigned_to: null,
    first_contact_due_at: due(-1),
    ...patch,
  });

  it('alert the assignee, or everyone while unassigned, and never twice for one due time', () => {
    const rows = [
      row({ id: 'mine', assigned_to: 'me' }),
      row({ id: 'nobody' }),
      row({ id: 'hers', assigned_to: 'sara' }),
      row({ id: 'later', first_contact_due_at: due(10) }),
      row({ id: 'done', first_contacted_at: due(-5) }),
    ];
    expect(firstContactAlerts(rows, 'me', new Set(), now).map((each) => each.id)).toEqual([
      'mine',
      'nobody',
    ]);
    const seen = new Set([alertKey(rows[0]!)]);
    expect(firstContactAlerts(rows, 'me', seen, now).map((each) => each.id)).toEqual(['nobody']);
    // A new due time (the owner changed the hours) alerts again.
    expect(
      firstContactAlerts([{ ...rows[0]!, first_contact_due_at: due(-2) }], 'me', seen, now),
    ).toHaveLength(1);
  });
});

describe('waits and the report', () => {
  it('read minutes, hours and days in Arabic', () => {
    expect(formatWait(0)).toBe('أقل من دقيقة');
    expect(formatWait(1)).toBe('دقيقة');
    expect(formatWait(12)).toBe('12 دقيقة');
    expect(formatWait(3)).toBe('3 دقائق');
    expect(formatWait(180)).toBe('3 ساعات');
    expect(formatWait(3 * 1440)).toBe('3 أيام');
  });

  it('show the median, shares of the measured requests, and a CSV', () => {
    const line = {
      requests: 5,
      measured: 4,
      contacted: 3,
      median_minutes: 12.4,
      median_elapsed_minutes: 14,
      within_threshold: 3,
      within_24h: 3,
      quotes_sent: 2,
      completed: 1,
      first_contacts_made: 3,
      quotes_made: 1,
    };
    expect(medianText(line)).toBe('12 دقيقة');
    // Real time beside working time: the dialog's «بعد 14 دقيقة» and the report agree.
    expect(elapsedText(line)).toBe('14 دقيقة');
    expect(medianText({ ...line, median_minutes: 0 })).toBe('أقل من دقيقة');
    expect(elapsedText({ ...line, median_elapsed_minutes: null })).toBe('لم يُتواصل مع أكثرها');
    expect(medianText({ ...line, median_minutes: null })).toBe('لم يُتواصل مع أكثرها');
    expect(medianText({ ...line, measured: 0, median_minutes: null })).toBe('—');
    expect(shareText(3, 4)).toBe('75% (3)');
    expect(shareText(0, 0)).toBe('—');
    const report: SpeedReport = {
      contact_minutes: 15,
      agency: line,
      staff: [{ ...line, staff_id: 's', username: 'sara', display_name: '=HYPERLINK("x")' }],
    };
    const csv = speedReportCsv(report);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFالموظف,الطلبات,المقيسة,وسيط أول تواصل (دقائق عمل),وسيط أول تواصل (دقائق فعلية),خلال 15 دقيقة (%),خلال 24 ساعة (%),تواصل أول قام به,أُرسل لها عرض,عروض أرسلها,المكتملة',
      `"'=HYPERLINK(""x"")",5,4,12,14,75,75,3,2,1,1`,
      'الوكالة كلها,5,4,12,14,75,75,3,2,1,1',
      '',
    ]);
  });
});
