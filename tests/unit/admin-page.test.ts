import { describe, expect, it } from 'vitest';
import { chartFromCounts } from '~/lib/admin/chart.ts';
import { noFilters, sourceOptionsFromCounts } from '~/lib/admin/filters.ts';
import {
  applyPageChange,
  pageArgs,
  rowMatches,
  type PageRow,
  type PageState,
  withSavedRow,
} from '~/lib/admin/page.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { pageRow as request } from './helpers/admin-rows.ts';

const context = { myId: 'me', endOfDay: new Date('2025-11-20T23:59:59.999Z') };
const counters = {
  total: 10,
  new: 6,
  in_progress: 2,
  completed: 1,
  unassigned: 9,
  mine: 1,
  due: 0,
  overdue: 0,
};

function state(rows: PageRow[], patch: Partial<PageState> = {}): PageState {
  return { rows, matched: rows.length, counters, hasMore: false, ...patch };
}

const strip = ({ duplicates: _duplicates, ...row }: PageRow): ContactRequest => row;

describe('the dashboard page', () => {
  it('turns the filters into request_page arguments', () => {
    expect(pageArgs(noFilters, context)).toEqual({
      _query: null,
      _status: null,
      _service: null,
      _source: null,
      _assignee: null,
      _due_before: null,
      _due_counter_before: '2025-11-20T23:59:59.999Z',
      _follow_up: null,
    });
    expect(
      pageArgs(
        {
          query: '  احمد ',
          status: 'new',
          service: 'ivf',
          source: '',
          assignee: 'mine',
          due: true,
          followUp: 'overdue',
        },
        context,
      ),
    ).toMatchObject({
      _query: 'احمد',
      _status: 'new',
      _service: 'ivf',
      _source: '',
      _assignee: 'mine',
      _due_before: '2025-11-20T23:59:59.999Z',
      _follow_up: 'overdue',
    });
  });

  it('matches one row as the database does: folded name, e-mail, notes and phone digits', () => {
    const row = request({ name: 'أحمد علي', phone: '966551112233', notes: 'حجز مؤكد' });
    const search = (query: string) => rowMatches(row, { ...noFilters, query }, context);
    expect(search('احمد')).toBe(true);
    expect(search('حجز')).toBe(true);
    expect(search('055 111 2233')).toBe(true);
    expect(search('فاطمة')).toBe(false);
    expect(rowMatches(row, { ...noFilters, assignee: 'mine' }, context)).toBe(false);
    expect(rowMatches(row, { ...noFilters, source: '' }, context)).toBe(true);
  });

  it('matches a request by its reference, with or without dashes, as the database does', () => {
    const row = request({ reference: 'RC-7K4M-2R' });
    const search = (query: string) => rowMatches(row, { ...noFilters, query }, context);
    expect(search('RC-7K4M-2R')).toBe(true);
    expect(search('rc-7k4m')).toBe(true);
    expect(search('7K4M2R')).toBe(true);
    expect(search('RC-7K4M-2X')).toBe(false);
  });

  it('puts a new matching request in its place, counts it and its duplicates', () => {
    const older = request({ created_at: '2025-11-19T10:00:00Z', phone_key: '966551112233' });
    const fresh = request({ created_at: '2025-11-20T11:00:00Z', phone_key: '966551112233' });
    const next = applyPageChange(
      state([older]),
      { eventType: 'INSERT', new: strip(fresh), old: {} },
      noFilters,
      context,
    );
    expect(next.rows.map((row) => [row.id, row.duplicates])).toEqual([
      [fresh.id, 1],
      [older.id, 1],
    ]);
    expect(next.matched).toBe(2);
    expect(next.counters).toEqual({ ...counters, total: 11, new: 7, unassigned: 10 });
  });

  it('lets a changed request leave when it no longer matches, and moves the counters', () => {
    const row = request();
    const filters = { ...noFilters, status: 'new' as const };
    const next = applyPageChange(
      state([row]),
      {
        eventType: 'UPDATE',
        old: strip(row),
        new: { ...strip(row), status: 'completed', assigned_to: 'me', version: 2 },
      },
      filters,
      context,
    );
    expect(next.rows).toEqual([]);
    expect(next.matched).toBe(0);
    expect(next.counters).toEqual({
      ...counters,
      new: 5,
      completed: 2,
      unassigned: 8,
      mine: 2,
    });
  });

  it('replaces a request on screen in place, keeping its duplicate count', () => {
    const row = request({ duplicates: 3 });
    const next = applyPageChange(
      state([row]),
      { eventType: 'UPDATE', old: strip(row), new: { ...strip(row), notes: 'اتصلت', version: 2 } },
      noFilters,
      context,
    );
    expect(next.rows[0]).toMatchObject({ notes: 'اتصلت', version: 2, duplicates: 3 });
    expect(next.counters).toEqual(counters);
  });

  it("shows the coordinator's own save at once, never over a newer copy, counters untouched", () => {
    const row = request({ duplicates: 2, version: 3 });
    const other = request();
    const answer = state([other, row]);
    const saved = { ...strip(row), assigned_to: 'me', version: 4 };
    const next = withSavedRow(answer, saved);
    expect(next.rows[1]).toMatchObject({ assigned_to: 'me', version: 4, duplicates: 2 });
    expect(next.rows[0]).toBe(other);
    expect(next.counters).toEqual(counters);
    expect(next.matched).toBe(2);
    // The live change of a later save came first: the older answer leaves it alone.
    expect(withSavedRow(next, { ...saved, assigned_to: null, version: 4 })).toBe(next);
    expect(withSavedRow(answer, { ...strip(request()), version: 9 })).toBe(answer);
  });

  it('moves a request whose number was corrected to its new duplicates', () => {
    const full = request({ duplicates: 1, phone_key: '966545024476' });
    const twin = request({ duplicates: 1, phone_key: '966545024476' });
    const national = request({ duplicates: 0, phone_key: '545024476', country_code: null });
    const next = applyPageChange(
      state([full, twin, national]),
      {
        eventType: 'UPDATE',
        old: strip(national),
        new: { ...strip(national), phone_key: '966545024476', country_code: '+966', version: 2 },
      },
      noFilters,
      context,
    );
    expect(next.rows.map((row) => row.duplicates)).toEqual([2, 2, 2]);
  });

  it('leaves a request older than the rows read so far to paging, but counts it', () => {
    const shown = request({ created_at: '2025-11-20T10:00:00Z' });
    const old = request({ created_at: '2025-01-01T10:00:00Z', status: 'completed' });
    const next = applyPageChange(
      state([shown], { hasMore: true, matched: 60 }),
      { eventType: 'UPDATE', old: strip(old), new: { ...strip(old), status: 'new' } },
      { ...noFilters, status: 'new' },
      context,
    );
    expect(next.rows.map((row) => row.id)).toEqual([shown.id]);
    expect(next.matched).toBe(61);
  });

  it('removes an erased request and lowers its duplicates', () => {
    const kept = request({ duplicates: 1, phone_key: '966559998877' });
    const erased = request({ duplicates: 1, phone_key: '966559998877' });
    const next = applyPageChange(
      state([kept, erased]),
      { eventType: 'DELETE', old: strip(erased), new: {} },
      noFilters,
      context,
    );
    expect(next.rows.map((row) => [row.id, row.duplicates])).toEqual([[kept.id, 0]]);
    expect(next.counters.total).toBe(9);
  });

  it('builds the chart and the source options from the database counts', () => {
    const chart = chartFromCounts(
      [
        { day: '2025-11-20', source: '/', n: 3 },
        { day: '2025-11-20', source: null, n: 2 },
        { day: '2025-11-19', source: '/', n: 1 },
        { day: '2025-09-01', source: '/', n: 50 },
      ],
      { now: new Date('2025-11-20T12:00:00') },
    );
    expect(chart.total).toBe(6);
    expect(chart.max).toBe(5);
    expect(chart.days.at(-1)).toMatchObject({ day: '2025-11-20', total: 5, counts: [3, 2] });
    expect(
      sourceOptionsFromCounts([
        { source: null, n: 2 },
        { source: '/', n: 7 },
      ]).map((option) => [option.value, option.count]),
    ).toEqual([
      ['/', 7],
      ['', 2],
    ]);
  });
});
