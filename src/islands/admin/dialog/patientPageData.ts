/**
 * The request dialog's calls about the patient's page (supabase/migrations/20261126140100_…):
 * security-definer functions that check the caller's live admin session themselves.
 */
import type { PatientNow } from '~/lib/patient/api.ts';
import { staffAction, staffWrite } from '~/lib/admin/writes.ts';
import { supabase } from '~/lib/supabase.ts';

export interface PatientPageInfo {
  reference: string;
  link_active: boolean;
  issued_at: string | null;
  last_opened_at: string | null;
  step: string | null;
  step_at: string | null;
  callback_at: string | null;
  /** What the patient's "what now" is worked out from (issue 43), and the manager it names. */
  now: PatientNow | null;
  manager_name: string | null;
}

export const patientPageKey = (requestId: string) => ['admin', 'patient_page', requestId] as const;

const fail = (error: { message: string; code?: string }) => {
  throw Object.assign(new Error(error.message), { code: error.code });
};

export async function fetchPatientPageInfo(requestId: string): Promise<PatientPageInfo | null> {
  const { data, error } = await supabase.rpc('patient_page_info', { _request_id: requestId });
  if (error) fail(error);
  return data as unknown as PatientPageInfo | null;
}

/**
 * A new link's token, handed out this once; the old link stops working. One action under the
 * write protocol (staffAction): pressed again after no answer, the server answers the same token.
 */
export async function issuePatientLink(requestId: string): Promise<string> {
  return staffAction('issue_patient_link', { _request_id: requestId });
}

/** Stops the link (one action under the write protocol: a repeat records nothing again). */
export async function revokePatientLink(requestId: string): Promise<void> {
  await staffAction('revoke_patient_link', { _request_id: requestId });
}

/**
 * Sets the step the patient's page shows, over the step this screen showed (`seen`): a step a
 * colleague set since is refused as stale (StaleVersionError, who and when), not overwritten.
 */
export async function setPatientStep(
  requestId: string,
  step: string | null,
  seen: string | null,
): Promise<void> {
  await staffWrite('set_patient_step', {
    _request_id: requestId,
    _step: step ?? '',
    _from_step: seen ?? '',
  });
}
