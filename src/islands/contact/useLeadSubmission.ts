import { useRef, useState } from 'react';
import {
  notifyAgency,
  submitLead,
  SUCCESS_VISIBLE_MS,
  type LeadInsert,
  type SubmitOutcome,
} from '~/lib/submit-lead.ts';
import { patientTokenFor, rememberStoredRequest } from '~/lib/patient/link.ts';

export type SubmissionStatus = 'idle' | 'sending' | 'success' | 'failed';

export interface LeadSubmission {
  /** The offer_leads row (with its client-made id, so a retry is stored once). */
  row: LeadInsert;
  /** The honeypot's value: filled means a bot, which sees success and stores nothing. */
  honeypot: string;
  /** Called once the lead is stored (clear the draft, show the success message). */
  onStored?: () => void;
}

/**
 * The one submit sequence of the public forms (home wizard, inner-page block, offer dialog):
 * honeypot → insert (retried, idempotent) → nudge the agency's notification → thank-you page. Returns the outcome
 * so the form can show its own failure message; `status` drives the buttons.
 */
export function useLeadSubmission(thankYouHref: string) {
  const busy = useRef(false);
  const [status, setStatus] = useState<SubmissionStatus>('idle');
  const [attempt, setAttempt] = useState(1);

  const submit = async ({ row, honeypot, onStored }: LeadSubmission): Promise<SubmitOutcome> => {
    // The same press reaching the island twice (the early script kept it for the island while
    // the island's own submit took it too): the send under way answers for both.
    if (busy.current) return { ok: true };
    busy.current = true;
    setStatus('sending');
    setAttempt(1);
    // The patient's private link: the same token for every retry of this lead (docs/patient-page.md).
    const patientToken = patientTokenFor(row.id);
    const outcome = honeypot
      ? ({ ok: true } as const)
      : await submitLead({ ...row, patient_token: patientToken }, { onRetry: setAttempt });
    if (!outcome.ok) {
      busy.current = false;
      setStatus('failed');
      return outcome;
    }
    setStatus('success');
    if (!honeypot) rememberStoredRequest(row.id, patientToken);
    onStored?.();
    await Promise.all([
      // Only a nudge with the stored lead's id: the mail is built from the stored row.
      honeypot || !row.id ? undefined : notifyAgency(row.id),
      new Promise((resolve) => setTimeout(resolve, SUCCESS_VISIBLE_MS)),
    ]);
    window.location.assign(thankYouHref);
    return outcome;
  };

  /** Back to a fresh form (e.g. the page came back from the back/forward cache after a success). */
  const reset = () => {
    busy.current = false;
    setStatus('idle');
    setAttempt(1);
  };

  return { status, attempt, submit, reset };
}
