import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../src/lib/admin/team.ts';

/** The reminders' timeline entries (issue 44) as a coordinator reads them, from what the database writes. */

describe('reminder timeline entries', () => {
  it('names each reminder sent or kept back, and why', () => {
    expect(
      describeEvent({
        kind: 'automatic_message',
        old_value: 'reminder_trip_week',
        new_value: 'sent',
      }),
    ).toEqual({ label: 'رسالة تلقائية', text: 'تذكير: الرحلة بعد أيام: أُرسلت' });
    expect(
      describeEvent({
        kind: 'automatic_message',
        old_value: 'reminder_procedure_tomorrow',
        new_value: 'not_sent:in_bin',
      }).text,
    ).toBe('تذكير: العلاج غداً: لم تُرسل (الطلب في سلة المحذوفات أو سحبه المريض)');
  });

  it('says the patient stopped the reminders, and allowed them again', () => {
    expect(
      describeEvent({ kind: 'automatic_message', old_value: null, new_value: 'reminders_stopped' })
        .text,
    ).toBe('أوقف المريض التذكيرات من صفحته');
    expect(
      describeEvent({ kind: 'automatic_message', old_value: null, new_value: 'reminders_allowed' })
        .text,
    ).toBe('أعاد المريض تشغيل التذكيرات من صفحته');
  });
});
