/**
 * The patient's journey as the page shows it: received → manager assigned → (photos or reports
 * needed) → quotes ready → decision → travel booked → after-care, worked out from what the
 * database answers (the request's status, its manager, the step staff set), and the one thing to
 * do now with its button.
 */
import type { JourneyStep, PatientView } from './api.ts';

export type StepKey = 'received' | 'assigned' | JourneyStep;
export type StepState = 'done' | 'current' | 'later';

/** The optional step (photos or reports) appears only while staff ask for it. */
const LATER_STEPS: JourneyStep[] = ['quotes', 'decision', 'travel', 'aftercare'];

/** The steps to list, each done, current or later. */
export function journeySteps(view: Pick<PatientView, 'step' | 'manager'>): {
  key: StepKey;
  state: StepState;
}[] {
  const keys: StepKey[] = ['received', 'assigned'];
  if (view.step === 'documents') keys.push('documents');
  keys.push(...LATER_STEPS);
  const current = currentStep(view);
  const at = keys.indexOf(current);
  return keys.map((key, index) => ({
    key,
    state: index < at ? 'done' : index === at ? 'current' : 'later',
  }));
}

/** Where the request is now. */
export function currentStep(view: Pick<PatientView, 'step' | 'manager'>): StepKey {
  if (view.step) return view.step;
  return view.manager ? 'assigned' : 'received';
}

/** What the patient should do now: the sentence's and the button's key, and whom to message. */
export function nextAction(view: Pick<PatientView, 'step' | 'manager' | 'status'>): {
  key: StepKey | 'closed';
  /** The manager's chat when there is one, else the agency's. */
  toManager: boolean;
} {
  if (view.status === 'cancelled') return { key: 'closed', toManager: false };
  const key = currentStep(view);
  return { key, toManager: Boolean(view.manager?.whatsapp) && key !== 'received' };
}
