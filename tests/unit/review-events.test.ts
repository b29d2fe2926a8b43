import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../src/lib/admin/team.ts';

/** The staff timeline's entries about a request's verified review (issue 45). */
describe('review entries on the timeline', () => {
  const entry = (kind: string, old_value: string | null, new_value: string | null) =>
    describeEvent({ kind, old_value, new_value });

  it('say what the patient did', () => {
    expect(entry('patient_review', null, 'written')).toEqual({
      label: 'مراجعة المريض',
      text: 'كتب المريض مراجعته من صفحته.',
    });
    expect(entry('patient_review', null, 'withdrawn').text).toBe('سحب المريض مراجعته وحُذفت.');
  });

  it('name a decision and a refusal’s rule', () => {
    expect(entry('review_decision', 'pending', 'published').text).toBe('بانتظار القرار ← منشورة');
    expect(entry('review_decision', 'pending', 'refused: advertising').text).toBe(
      'بانتظار القرار ← مرفوضة (إعلان)',
    );
  });

  it('show the clinic’s reply, or that it was removed', () => {
    expect(entry('review_reply', null, 'Thank you.').text).toBe('Thank you.');
    expect(entry('review_reply', 'Thank you.', null).text).toBe('حُذف الرد.');
  });
});
