/**
 * Timeline entries about after-care (issue 44): the scheduler asked the check-ins due
 * (`aftercare_checkin`, the last day asked) and the patient answered one (`patient_checkin`,
 * "<answer>:<day>", as public.patient_answer_checkin writes it).
 */
import type { RequestEvent } from './rows.ts';
import { adminText, type AdminKey } from './strings.ts';

const ANSWERS = new Set(['well', 'question', 'concern']);

export function describeAftercareEvent(
  event: Pick<RequestEvent, 'kind' | 'old_value' | 'new_value'>,
): { label: string; text: string } {
  const label = adminText('admin.aftercare.event');
  const value = event.new_value ?? '';
  if (event.kind === 'aftercare_checkin') {
    return { label, text: adminText('admin.aftercare.event.asked', { day: value || '—' }) };
  }
  const [answer = '', day = '—'] = value.split(':');
  return {
    label,
    text: adminText('admin.aftercare.event.answered', {
      day,
      answer: ANSWERS.has(answer)
        ? adminText(`admin.aftercare.answer.${answer}` as AdminKey)
        : answer,
    }),
  };
}
