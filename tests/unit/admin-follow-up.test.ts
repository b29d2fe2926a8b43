import { describe, expect, it } from 'vitest';
import { noFilters } from '~/lib/admin/filters.ts';
import { comesBefore, dueReminders, matchesFollowUp, reminderKey } from '~/lib/admin/followUp.ts';
import { applyPageChange, pageAfter, rowMatches, type PageRow } from '~/lib/admin/page.ts';
import { request } from './helpers/admin-rows.ts';

/** The follow-up queue in the browser (src/lib/admin/followUp.ts), as request_page decides it. */

const now = new Date('2025-11-20T12:00:00Z');
const endOfDay = new Date('2025-11-20T23:59:59.999Z');
const at = (iso: string) => request({ follow_up_at: iso, status: 'in_progress' });

describe('the follow-up queue', () => {
  it('tells overdue from due later today, for open requests only', () => {
    const overdue = at('2025-11-20T11:59:00Z');
    const later = at('2025-11-20T18:00:00Z');
    const tomorrow = at('2025-11-21T09:00:00Z');
    const closed = request({ follow_up_at: '2025-11-19T09:00:00Z', status: 'completed' });
    expect(matchesFollowUp(overdue, 'overdue', now, endOfDay)).toBe(true);
    expect(matchesFollowUp(overdue, 'today', now, endOfDay)).toBe(false);
    expect(matchesFollowUp(later, 'today', now, endOfDay)).toBe(true);
    expect(matchesFollowUp(later, 'overdue', now, endOfDay)).toBe(false);
    expect(matchesFollowUp(tomorrow, 'today', now, endOfDay)).toBe(false);
    expect(matchesFollowUp(closed, 'overdue', now, endOfDay)).toBe(false);
    expect(matchesFollowUp(request({ follow_up_at: null }), 'overdue', now, endOfDay)).toBe(false);
  });

  it('orders the queue by follow-up time and pages after the last follow-up', () => {
    const early = at('2025-11-18T09:00:00Z');
    const late = at('2025-11-20T09:00:00Z');
    expect(comesBefore(early, late, true)).toBe(true);
    expect(comesBefore(late, early, true)).toBe(false);
    expect(pageAfter(late, true)).toEqual({
      _after_follow_up_at: '2025-11-20T09:00:00Z',
      _after_id: late.id,
    });
    expect(pageAfter(late)).toEqual({ _after_created_at: late.created_at, _after_id: late.id });
  });

  it('puts a row a colleague makes overdue at its follow-up place in the queue', () => {
    const filters = { ...noFilters, followUp: 'overdue' as const };
    const context = { myId: null, endOfDay: new Date('2999-01-01T00:00:00Z') };
    const first: PageRow = { ...at('2020-01-01T09:00:00Z'), duplicates: 0 };
    const third: PageRow = { ...at('2020-01-03T09:00:00Z'), duplicates: 0 };
    const moved = at('2020-01-02T09:00:00Z');
    expect(rowMatches(moved, filters, context)).toBe(true);
    const counters = {
      total: 3,
      new: 0,
      in_progress: 3,
      completed: 0,
      unassigned: 3,
      mine: 0,
      due: 2,
      overdue: 2,
    };
    const next = applyPageChange(
      { rows: [first, third], matched: 2, counters, hasMore: false },
      { eventType: 'UPDATE', old: { ...moved, follow_up_at: null }, new: moved },
      filters,
      context,
    );
    expect(next.rows.map((row) => row.id)).toEqual([first.id, moved.id, third.id]);
    expect(next.counters.overdue).toBe(3);
    expect(next.matched).toBe(3);
  });

  it('reminds once per follow-up time, when the time has come', () => {
    const due = { ...at('2025-11-20T11:30:00Z'), name: 'سارة' };
    const notYet = { ...at('2025-11-20T12:30:00Z'), name: 'ليلى' };
    const reminders = dueReminders([due, notYet], new Set(), now);
    expect(reminders).toEqual([{ id: due.id, name: 'سارة', followUpAt: due.follow_up_at }]);
    const shown = new Set(reminders.map(reminderKey));
    expect(dueReminders([due, notYet], shown, now)).toEqual([]);
    // Moved to a new time: reminded again when that time comes.
    const moved = { ...due, follow_up_at: '2025-11-20T11:45:00Z' };
    expect(dueReminders([moved], shown, now)).toHaveLength(1);
  });
});
