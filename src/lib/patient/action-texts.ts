/**
 * Which of the patient page's texts only its actions' script uses (src/scripts/patient/actions.ts:
 * what it says after a send or a refusal): they are carried with the actions' section as a late
 * part (src/integrations/late-strings.ts), not in the page's own texts, which the status needs
 * first. The status shows a few of the same families (render.ts), and those stay with the page.
 */
const ACTION_PREFIXES = [
  'patient.message.',
  'patient.callback.',
  'patient.contact.',
  'patient.advertising.',
  'patient.withdraw.',
];

/** Shown with the status (src/scripts/patient/render.ts), so carried with the page's texts. */
const SHOWN_WITH_STATUS = new Set([
  'patient.contact.current',
  'patient.contact.currentEmail',
  'patient.withdraw.label',
]);

export function isActionText(key: string): boolean {
  return ACTION_PREFIXES.some((prefix) => key.startsWith(prefix)) && !SHOWN_WITH_STATUS.has(key);
}
