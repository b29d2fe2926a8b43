import { describe, expect, it } from 'vitest';
import {
  ALL,
  countByStatus,
  filterRequests,
  hasFilters,
  matchesSearch,
  noFilters,
  normalizeSearchText,
  prepareSearch,
  sourceOptions,
} from '~/lib/admin/filters.ts';
import { requestsPerDay, OTHER_SOURCES } from '~/lib/admin/chart.ts';
import { applyRealtimeChange } from '~/lib/admin/live.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { request } from './helpers/admin-rows.ts';

const rows = [
  request({
    name: 'أحمد علي',
    phone: '966501234567',
    email: 'Ahmed@Example.com',
    service: 'dental',
    source: '/',
    status: 'new',
  }),
  request({
    name: 'سارة محمود',
    phone: '971551112222',
    service: 'hairTransplant',
    source: 'hair-transplant-offer-page',
    status: 'in_progress',
  }),
  request({
    name: 'John Smith',
    phone: '4915112345678',
    email: 'john@example.org',
    service: 'hairTransplant',
    source: null,
    status: 'completed',
  }),
  request({
    name: 'فاطمة',
    phone: '962790000000',
    service: 'rhinoplasty',
    source: '/rhinoplasty-turkey',
    status: 'cancelled',
  }),
  request({
    name: 'Legacy',
    phone: '966509999999',
    status: 'archived' as ContactRequest['status'],
  }),
];

const names = (list: ContactRequest[]) => list.map((row) => row.name);

describe('dashboard filters', () => {
  it('passes everything without filters', () => {
    expect(hasFilters(noFilters)).toBe(false);
    expect(filterRequests(rows, noFilters)).toBe(rows);
  });

  it('filters by status, counting an unknown status as new', () => {
    expect(names(filterRequests(rows, { ...noFilters, status: 'new' }))).toEqual([
      'أحمد علي',
      'Legacy',
    ]);
    expect(names(filterRequests(rows, { ...noFilters, status: 'cancelled' }))).toEqual(['فاطمة']);
  });

  it('filters by service and by source, "not specified" included', () => {
    expect(names(filterRequests(rows, { ...noFilters, service: 'hairTransplant' }))).toEqual([
      'سارة محمود',
      'John Smith',
    ]);
    expect(
      names(filterRequests(rows, { ...noFilters, source: 'hair-transplant-offer-page' })),
    ).toEqual(['سارة محمود']);
    expect(names(filterRequests(rows, { ...noFilters, source: '' }))).toEqual([
      'John Smith',
      'Legacy',
    ]);
  });

  it('combines filters with the search', () => {
    expect(
      names(
        filterRequests(rows, {
          query: 'john',
          status: 'completed',
          service: 'hairTransplant',
          source: ALL,
          assignee: ALL,
          due: false,
          followUp: ALL,
        }),
      ),
    ).toEqual(['John Smith']);
    expect(filterRequests(rows, { ...noFilters, query: 'john', status: 'new' })).toEqual([]);
  });
});

describe('search by name, phone or e-mail', () => {
  const find = (query: string) =>
    names(rows.filter((row) => matchesSearch(row, prepareSearch(query))));

  it('matches names regardless of case and of Arabic letter variants', () => {
    expect(find('JOHN')).toEqual(['John Smith']);
    expect(find('احمد')).toEqual(['أحمد علي']);
    expect(find('فاطمه')).toEqual(['فاطمة']);
    expect(normalizeSearchText('  أَحْمَـد   علي ')).toBe('احمد علي');
  });

  it('matches phones typed internationally, with 00, nationally or in Arabic-Indic digits', () => {
    expect(find('+966 50 123')).toEqual(['أحمد علي']);
    expect(find('00971 55')).toEqual(['سارة محمود']);
    expect(find('0501234567')).toEqual(['أحمد علي']);
    expect(find('٠٥٠١٢٣')).toEqual(['أحمد علي']);
  });

  it('matches e-mails case-insensitively', () => {
    expect(find('ahmed@example')).toEqual(['أحمد علي']);
    expect(find('example.org')).toEqual(['John Smith']);
  });

  it('does not treat two digits as a phone search', () => {
    expect(prepareSearch('50').digits).toBe('');
    expect(find('')).toHaveLength(rows.length);
  });
});

describe('counters and source options', () => {
  it('counts the four counters, unknown statuses as new', () => {
    expect(countByStatus(rows)).toEqual({
      total: 5,
      new: 2,
      in_progress: 1,
      completed: 1,
      cancelled: 1,
    });
  });

  it('lists sources most frequent first, with their labels', () => {
    const options = sourceOptions([...rows, request({ source: '/' })]);
    expect(options[0]).toEqual({ value: '/', label: 'الصفحة الرئيسية', count: 2 });
    expect(options.find((option) => option.value === '')).toMatchObject({
      label: 'غير محدد',
      count: 2,
    });
    expect(options.find((option) => option.value === 'hair-transplant-offer-page')?.label).toBe(
      'صفحة العرض',
    );
  });
});

describe('requests per day chart', () => {
  const now = new Date(2025, 10, 20, 18, 0);
  const at = (day: number, hour = 12) => new Date(2025, 10, day, hour).toISOString();

  it('buckets the last 30 local days by source, oldest first', () => {
    const chart = requestsPerDay(
      [
        { created_at: at(20, 9), source: '/' },
        { created_at: at(20, 23), source: 'hair-transplant-offer-page' },
        { created_at: at(19), source: '/' },
        { created_at: at(-10), source: '/' }, // 21 October: outside the window
        { created_at: at(-9), source: '/' }, // 22 October: the first day of the window
      ],
      { now },
    );
    expect(chart.days).toHaveLength(30);
    expect(chart.days[0]!.day).toBe('2025-10-22');
    expect(chart.days.at(-1)!.day).toBe('2025-11-20');
    expect(chart.series.map((series) => series.label)).toEqual(['الصفحة الرئيسية', 'صفحة العرض']);
    expect(chart.days.at(-1)).toMatchObject({ counts: [1, 1], total: 2 });
    expect(chart.days.at(-2)).toMatchObject({ counts: [1, 0], total: 1 });
    expect(chart.days[0]).toMatchObject({ counts: [1, 0], total: 1 });
    expect(chart.total).toBe(4);
    expect(chart.max).toBe(2);
  });

  it('keeps the busiest sources apart and groups the rest', () => {
    const sources = ['/a', '/a', '/a', '/b', '/b', '/c', '/d', '/e', null];
    const chart = requestsPerDay(
      sources.map((source) => ({ created_at: at(20), source })),
      { now, maxSeries: 4 },
    );
    expect(chart.series.map((series) => series.key)).toEqual(['/a', '/b', '/c', OTHER_SOURCES]);
    expect(chart.series.at(-1)!.label).toBe('مصادر أخرى');
    expect(chart.days.at(-1)!.counts).toEqual([3, 2, 1, 3]);
  });

  it('has an empty but well-formed chart without requests', () => {
    const chart = requestsPerDay([], { now });
    expect(chart.series).toEqual([]);
    expect(chart.total).toBe(0);
    expect(chart.max).toBe(1);
    expect(chart.days.every((day) => day.total === 0)).toBe(true);
  });
});

describe('realtime changes applied to a loaded list', () => {
  const older = request({ name: 'older', created_at: '2025-11-20T09:00:00+00:00' });
  const newer = request({ name: 'newer', created_at: '2025-11-20T11:00:00+00:00' });
  const list = [newer, older];

  it('inserts a new row in created_at order, newest first', () => {
    const fresh = request({ name: 'fresh', created_at: '2025-11-20 12:00:00+00' });
    expect(names(applyRealtimeChange(list, { eventType: 'INSERT', new: fresh, old: {} })!)).toEqual(
      ['fresh', 'newer', 'older'],
    );
    const middle = request({ name: 'middle', created_at: '2025-11-20T10:00:00Z' });
    expect(
      names(applyRealtimeChange(list, { eventType: 'INSERT', new: middle, old: {} })!),
    ).toEqual(['newer', 'middle', 'older']);
  });

  it('replaces an updated row and ignores a repeated insert', () => {
    const updated = applyRealtimeChange(list, {
      eventType: 'UPDATE',
      new: { ...older, status: 'completed' },
      old: { id: older.id },
    })!;
    expect(updated[1]!.status).toBe('completed');
    expect(applyRealtimeChange(list, { eventType: 'INSERT', new: newer, old: {} })).toHaveLength(2);
  });

  it('removes a deleted row and leaves an unloaded list alone', () => {
    expect(
      names(applyRealtimeChange(list, { eventType: 'DELETE', new: {}, old: { id: newer.id } })!),
    ).toEqual(['older']);
    expect(
      applyRealtimeChange(undefined, { eventType: 'INSERT', new: newer, old: {} }),
    ).toBeUndefined();
  });
});
