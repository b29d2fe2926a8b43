/**
 * Timeline entries about the patient's page (issue 29): what the patient did there (a message,
 * corrected details, a call-back time) and what staff did to it (a new or cancelled link, the
 * step the patient sees), and the consent to offers withdrawn there, as a label and a line of text.
 */
import { formatRequestDate } from './dates.ts';
import type { RequestEvent } from './rows.ts';
import { adminAr } from '~/i18n/ui/admin-ar.ts';
import { adminText, type AdminKey } from './strings.ts';

const isAdminKey = (key: string): key is AdminKey => key in adminAr;

const STEPS = ['documents', 'quotes', 'decision', 'travel', 'aftercare', 'aftercare_done'] as const;
type Step = (typeof STEPS)[number];

/** The staff's name of a step the patient sees; null is the automatic one. */
export function patientStepLabel(step: string | null): string {
  return (STEPS as readonly string[]).includes(step ?? '')
    ? adminText(`admin.patientPage.step.${step as Step}` as AdminKey)
    : adminText('admin.patientPage.stepAuto');
}

export const patientSteps = STEPS;

/** The values of a corrected-details entry ({"phone": "+966 50…"}), joined for one line. */
function contactValues(json: string | null): string {
  try {
    const values = Object.values(JSON.parse(json ?? '{}') as Record<string, string | null>);
    return values.map((value) => value ?? '—').join(' · ') || '—';
  } catch {
    return json ?? '—';
  }
}

export function describePatientEvent(
  event: Pick<RequestEvent, 'kind' | 'old_value' | 'new_value'>,
): { label: string; text: string } {
  switch (event.kind) {
    case 'patient_message':
      return { label: adminText('admin.patientPage.event.message'), text: event.new_value ?? '' };
    // Issue 43: a reply from the dialog, shown on the patient's page.
    case 'patient_reply':
      return { label: adminText('admin.conversation.event'), text: event.new_value ?? '' };
    case 'patient_contact':
      return {
        label: adminText('admin.patientPage.event.contact'),
        text: `${contactValues(event.old_value)} ← ${contactValues(event.new_value)}`,
      };
    case 'patient_callback':
      return {
        label: adminText('admin.patientPage.event.callback'),
        text: event.new_value ? formatRequestDate(event.new_value) : '',
      };
    case 'advertising_withdrawn':
      return {
        label: adminText(
          event.new_value === 'staff'
            ? 'admin.advertising.withdrawn'
            : 'admin.patientPage.event.advertising',
        ),
        text: '',
      };
    case 'patient_link':
      return {
        label: adminText('admin.patientPage.event.link'),
        text: adminText(
          event.new_value === 'revoked'
            ? 'admin.patientPage.event.revoked'
            : event.new_value === 'withdrawn'
              ? 'admin.patientPage.event.withdrawn'
              : event.new_value === 'asked_again'
                ? 'admin.patientPage.event.askedAgain'
                : event.new_value === 'reissued'
                  ? 'admin.patientPage.event.reissued'
                  : 'admin.patientPage.event.issued',
        ),
      };
    default:
      return {
        label: adminText('admin.patientPage.event.step'),
        text: `${patientStepLabel(event.old_value)} ← ${patientStepLabel(event.new_value)}`,
      };
  }
}

/** An automatic message on the timeline: sent, kept back by the recipient policy (and why), or stopped. */
export function describeAutomaticMessage(event: Pick<RequestEvent, 'old_value' | 'new_value'>): {
  label: string;
  text: string;
} {
  const label = adminText('admin.automatic.event');
  const value = event.new_value ?? '';
  if (
    value === 'stopped' ||
    value === 'allowed' ||
    value === 'stopped_by_patient' ||
    value === 'reminders_stopped' ||
    value === 'reminders_allowed'
  )
    return { label, text: adminText(`admin.automatic.${value}`) };
  const kindKey = `admin.automatic.kind.${event.old_value ?? ''}`;
  const kind = isAdminKey(kindKey) ? adminText(kindKey) : (event.old_value ?? '');
  if (value === 'sent') return { label, text: adminText('admin.automatic.sent', { kind }) };
  const reason = value.replace(/^not_sent:/, '');
  const reasonKey = `admin.automatic.reason.${reason}`;
  return {
    label,
    text: adminText('admin.automatic.notSent', {
      kind,
      reason: isAdminKey(reasonKey) ? adminText(reasonKey) : reason,
    }),
  };
}
