/**
 * Timeline entries about the request's verified review (issue 45): the patient wrote, edited or
 * withdrew it ('patient_review'), an owner decided on it ('review_decision': the status before and
 * after, a refusal with its rule), staff entered the clinic's reply ('review_reply').
 */
import type { RequestEvent } from './rows.ts';
import { adminText, type AdminKey } from './strings.ts';

const RULES = ['health_data_of_others', 'insult', 'advertising'];

/** A review status, or a refusal "refused: <rule>", in staff's words. */
function statusText(value: string | null): string {
  const [status, rule] = (value ?? '').split(': ');
  const label = ['pending', 'published', 'refused'].includes(status ?? '')
    ? adminText(`admin.reviews.status.${status}` as AdminKey)
    : '—';
  return rule && RULES.includes(rule)
    ? `${label} (${adminText(`admin.reviews.rule.${rule}` as AdminKey)})`
    : label;
}

export function describeReviewEvent(
  event: Pick<RequestEvent, 'kind' | 'old_value' | 'new_value'>,
): { label: string; text: string } {
  switch (event.kind) {
    case 'patient_review':
      return {
        label: adminText('admin.reviews.event.patient'),
        text: adminText(
          event.new_value === 'withdrawn'
            ? 'admin.reviews.event.withdrawn'
            : event.new_value === 'edited'
              ? 'admin.reviews.event.edited'
              : 'admin.reviews.event.written',
        ),
      };
    case 'review_decision':
      return {
        label: adminText('admin.reviews.event.decision'),
        text: `${statusText(event.old_value)} ← ${statusText(event.new_value)}`,
      };
    default:
      return {
        label: adminText('admin.reviews.event.reply'),
        text: event.new_value ?? adminText('admin.reviews.event.replyRemoved'),
      };
  }
}
