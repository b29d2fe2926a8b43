/**
 * Timeline entries of issue 32 as a label and a line of text: a WhatsApp message sent from the back
 * office, a call and its outcome, an automatic assignment (routing) and the owner's e-mail about a
 * request nobody contacted in time.
 */
import { formatRequestDate } from './dates.ts';
import type { RequestEvent } from './rows.ts';
import { adminText, type AdminKey } from './strings.ts';

export const CALL_OUTCOMES = ['answered', 'no_answer', 'wrong_number', 'call_back'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export function callOutcomeLabel(outcome: string | null): string {
  return (CALL_OUTCOMES as readonly string[]).includes(outcome ?? '')
    ? adminText(`admin.contact.outcome.${outcome as CallOutcome}` as AdminKey)
    : (outcome ?? '');
}

const RULES: Record<string, AdminKey> = {
  'round_robin:language': 'admin.contact.event.rule.language',
  'round_robin:service': 'admin.contact.event.rule.service',
  'round_robin:language,service': 'admin.contact.event.rule.both',
};

export function describeContactEvent(
  event: Pick<RequestEvent, 'kind' | 'old_value' | 'new_value'>,
): { label: string; text: string } {
  switch (event.kind) {
    case 'whatsapp':
      return {
        label: adminText('admin.contact.event.whatsapp'),
        text: event.new_value
          ? adminText('admin.contact.event.whatsappSent', { template: event.new_value })
          : adminText('admin.contact.event.whatsappOpened'),
      };
    case 'call':
      return {
        label: adminText('admin.contact.event.call'),
        text:
          event.new_value === 'call_back' && event.old_value
            ? adminText('admin.contact.event.callBack', {
                time: formatRequestDate(event.old_value),
              })
            : adminText('admin.contact.event.callText', {
                outcome: callOutcomeLabel(event.new_value),
              }),
      };
    case 'routed': {
      const rule = RULES[event.old_value ?? ''];
      return {
        label: adminText('admin.contact.event.routed'),
        text: adminText('admin.contact.event.routedText', {
          name: event.new_value ?? '',
          rule: rule ? adminText(rule) : '',
        }),
      };
    }
    default:
      return {
        label: adminText('admin.contact.event.escalated'),
        text: adminText('admin.contact.event.escalatedText', { minutes: event.new_value ?? '' }),
      };
  }
}
