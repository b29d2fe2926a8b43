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
  // The last send that did not end in success: the draft's id, the id it was sent with, and what.
  const lastTry = useRef<{ draftId: string; sendId: string; sent: string } | null>(null);
  const [status, setStatus] = useState<SubmissionStatus>('idle');
  const [attempt, setAttempt] = useState(1);

  const submit = async ({ row, honeypot, onStored }: LeadSubmission): Promise<SubmitOutcome> => {
    // The same press reaching the island twice (the early script kept it for the island while
    // the island's own submit took it too): the send under way answers for both.
    if (busy.current) return { ok: true };
    busy.current = true;
    setStatus('sending');
    setAttempt(1);
    // A send again after a failure is the same lead (its id: stored once) while nothing changed.
    // Corrected since, it is a new one: a failure can hide a first try that did reach the
    // database, whose id would then store nothing and the correction would be lost.
    const sent = JSON.stringify({ ...row, id: '' });
    const previous = lastTry.current;
    const sendId =
      previous?.draftId === row.id
        ? previous.sent === sent
          ? previous.sendId
          : crypto.randomUUID()
        : row.id;
    lastTry.current = { draftId: row.id, sendId, sent };
    // The patient's private link: the same token for every retry of this lead (docs/patient-page.md).
    const patientToken = patientTokenFor(sendId);
    const outcome = honeypot
      ? ({ ok: true } as const)
      : await submitLead(
          { ...row, id: sendId, patient_token: patientToken },
          { onRetry: setAttempt },
        );
    if (!outcome.ok) {
      busy.current = false;
      setStatus('failed');
      return outcome;
    }
    lastTry.current = null;
    setStatus('success');
    if (!honeypot) rememberStoredRequest(sendId, patientToken);
    onStored?.();
    await Promise.all([
      // Only a nudge with the stored lead's id: the mail is built from the stored row.
      honeypot || !sendId ? undefined : notifyAgency(sendId),
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
