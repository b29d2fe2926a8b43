import { describe, expect, it } from 'vitest';
import { authorName, describeEvent } from '../../src/lib/admin/team.ts';

/** The trip's timeline entries (issue 44) as a coordinator reads them, from what the database writes. */

describe('trip timeline entries', () => {
  it('names the plan built and the fields a save changed', () => {
    expect(describeEvent({ kind: 'trip_plan', old_value: null, new_value: 'created' })).toEqual({
      label: 'خطة الرحلة',
      text: 'أُنشئت خطة الرحلة من العرض المختار',
    });
    expect(
      describeEvent({ kind: 'trip_plan', old_value: '1', new_value: 'hotel_name,procedure_on' }),
    ).toEqual({ label: 'خطة الرحلة', text: 'عُدّلت: الفندق، تاريخ العملية' });
    expect(describeEvent({ kind: 'trip_plan', old_value: '2', new_value: '' }).text).toBe(
      'عُدّلت: لا تغيير',
    );
  });

  it('tells what the patient did, signed by the patient', () => {
    expect(
      describeEvent({
        kind: 'patient_trip',
        old_value: null,
        new_value: 'dates_confirmed:2026-12-20/2026-12-24',
      }).text,
    ).toBe('أكّد المريض مواعيد السفر: 2026-12-20 – 2026-12-24');
    expect(
      describeEvent({ kind: 'patient_trip', old_value: null, new_value: 'travel:2/1' }).text,
    ).toBe('أضاف المريض تفاصيل السفر: رحلات 2، مرافقون 1');
    expect(authorName(null, 'patient_trip')).toBe(authorName(null, 'patient_message'));
  });
});
