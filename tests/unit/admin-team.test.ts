import { describe, expect, it } from 'vitest';
import {
  changesBetween,
  describeEvent,
  duplicatesByPhone,
  isDue,
  notesTooLong,
  NOTES_MAX,
  type RequestEdits,
} from '~/lib/admin/team.ts';

const opened: RequestEdits = { status: 'new', notes: '', assignedTo: '', followUp: '' };

describe('what a save sends', () => {
  it('sends only the fields the coordinator changed, clearing with null', () => {
    expect(changesBetween(opened, opened)).toEqual({});
    expect(changesBetween(opened, { ...opened, notes: '  لم يرد على الاتصال ' })).toEqual({
      notes: 'لم يرد على الاتصال',
    });
    expect(
      changesBetween(
        { ...opened, notes: 'old', assignedTo: 'a' },
        { ...opened, status: 'completed' },
      ),
    ).toEqual({ status: 'completed', notes: null, assigned_to: null });
    const local = '2026-11-24T09:30';
    expect(changesBetween(opened, { ...opened, followUp: local })).toEqual({
      follow_up_at: new Date(local).toISOString(),
    });
  });
});

describe('the notes limit', () => {
  it('counts characters as the database does, after trimming', () => {
    expect(notesTooLong('ت'.repeat(NOTES_MAX))).toBe(false);
    expect(notesTooLong(`  ${'ت'.repeat(NOTES_MAX)}\n`)).toBe(false);
    expect(notesTooLong('ت'.repeat(NOTES_MAX + 1))).toBe(true);
    // An emoji is one character in PostgreSQL's char_length, two UTF-16 units in JavaScript.
    expect(notesTooLong('😀'.repeat(NOTES_MAX))).toBe(false);
  });
});

describe('the timeline in words', () => {
  it('names each kind of change in Arabic', () => {
    expect(describeEvent({ kind: 'status', old_value: 'new', new_value: 'completed' })).toEqual({
      label: 'الحالة',
      text: 'جديد ← مكتمل',
    });
    expect(describeEvent({ kind: 'assignment', old_value: null, new_value: 'omar' })).toEqual({
      label: 'الإسناد',
      text: 'غير مسند ← omar',
    });
    expect(describeEvent({ kind: 'note', old_value: 'a', new_value: null }).text).toBe(
      'مُسحت الملاحظة',
    );
  });
});

describe('follow-ups and duplicates', () => {
  const end = new Date('2026-11-23T23:59:59Z');
  it('are due today or overdue only while the request is open', () => {
    expect(isDue({ follow_up_at: '2026-11-23T09:00:00Z', status: 'new' }, end)).toBe(true);
    expect(isDue({ follow_up_at: '2026-11-01T09:00:00Z', status: 'in_progress' }, end)).toBe(true);
    expect(isDue({ follow_up_at: '2026-11-24T09:00:00Z', status: 'new' }, end)).toBe(false);
    expect(isDue({ follow_up_at: '2026-11-01T09:00:00Z', status: 'completed' }, end)).toBe(false);
    expect(isDue({ follow_up_at: null, status: 'new' }, end)).toBe(false);
  });

  it('group requests by canonical phone', () => {
    const groups = duplicatesByPhone([
      { id: '1', phone_key: '966501234567' },
      { id: '2', phone_key: '966501234567' },
      { id: '3', phone_key: '966509999999' },
    ]);
    expect(groups.get('966501234567')).toEqual(['1', '2']);
    expect(groups.get('966509999999')).toEqual(['3']);
  });
});

describe('automatic messages on the timeline', () => {
  it('names the message and what the policy did with it', () => {
    expect(
      describeEvent({ kind: 'automatic_message', old_value: 'quote_revised', new_value: 'sent' }),
    ).toEqual({ label: 'رسالة تلقائية', text: 'تعديل عرض وما تغيّر فيه: أُرسلت' });
    expect(
      describeEvent({
        kind: 'automatic_message',
        old_value: 'quotes_ready',
        new_value: 'not_sent:stopped',
      }).text,
    ).toBe('العروض جاهزة: لم تُرسل (الرسائل التلقائية موقوفة)');
    expect(
      describeEvent({ kind: 'automatic_message', old_value: null, new_value: 'stopped' }).text,
    ).toBe('أوقف الفريق الرسائل التلقائية لهذا الطلب');
  });
});
