/**
 * The patient's journey as the page shows it, and the one thing to do now with its button: the
 * one mapping from the request's real state (private.patient_now, answered by the patient's
 * page and by the staff's panel alike; issue 43) to the sentence, the button and the current
 * step. The patient's page (src/scripts/patient/render.ts) and the staff's panel
 * (src/islands/admin/dialog/PatientPagePanel.tsx) both render what this returns, so they never
 * say different things.
 */
import type { JourneyStep, PatientNow, PatientView } from './api.ts';

export type StepKey = 'received' | 'assigned' | JourneyStep;
export type StepState = 'done' | 'current' | 'later';

const STEPS: StepKey[] = [
  'received',
  'assigned',
  'documents',
  'quotes',
  'decision',
  'travel',
  'aftercare',
  'aftercare_done',
];

/** The step each state is at. */
const STEP_OF: Record<PatientNow['state'], StepKey> = {
  photos: 'documents',
  waiting: 'quotes',
  compare: 'decision',
  expired: 'decision',
  chosen: 'travel',
  travel: 'travel',
  aftercare: 'aftercare',
  aftercare_done: 'aftercare_done',
  closed: 'received',
};

type NowView = Pick<PatientView, 'step' | 'manager' | 'status'> & { now?: PatientNow | null };

/**
 * The state for "what now": the database's, or for a status saved on the device before the page
 * carried one (the offline copy), the nearest the step staff set says.
 */
export function nowOf(view: NowView): PatientNow {
  if (view.now) return view.now;
  if (view.status === 'cancelled') return { state: 'closed' };
  switch (view.step) {
    case 'documents':
      return { state: 'photos', missing: [] };
    case 'quotes':
    case 'decision':
      return { state: 'compare', quotes: 0 };
    case 'travel':
    case 'aftercare':
    case 'aftercare_done':
      return { state: view.step };
    default:
      return { state: 'waiting' };
  }
}

/** Where the request is now. */
export function currentStep(view: NowView): StepKey {
  return STEP_OF[nowOf(view).state];
}

/**
 * The steps to list, each done, current or later. «Manager assigned» is done once someone is
 * assigned, whatever else happened first (a patient may send photos before that).
 */
export function journeySteps(view: NowView): { key: StepKey; state: StepState }[] {
  const at = STEPS.indexOf(currentStep(view));
  return STEPS.map((key, index) => ({
    key,
    state:
      key === 'assigned'
        ? view.manager
          ? 'done'
          : 'later'
        : index < at
          ? 'done'
          : index === at
            ? 'current'
            : 'later',
  }));
}

/** What the button does: WhatsApp (to the manager when one with WhatsApp is assigned), or a section of the page. */
export type NowButton = { kind: 'chat'; toManager: boolean } | { kind: 'section'; target: string };

export interface NextAction {
  /** The sentence's key (`patient.now.<key>`) and the button's (`patient.button.<key>`). */
  key: PatientNow['state'] | 'waitingLate' | 'waitingSoon';
  /**
   * What the sentence names, by placeholder: `count` (photos missing or quotes), `slots` (the
   * missing slots, to list by name), `due` (the promised time, ISO), `clinic` (the chosen one's
   * names). `name` (the manager, or the words for one) is the renderer's.
   */
  count?: number;
  slots?: string[];
  due?: string;
  clinic?: { ar: string; en: string };
  button: NowButton;
}

/** The one thing to do now, from the request's real state. */
export function nextAction(view: NowView, now = Date.now()): NextAction {
  const state = nowOf(view);
  const chat: NowButton = {
    kind: 'chat',
    toManager: Boolean(view.manager?.whatsapp) && state.state !== 'closed',
  };
  switch (state.state) {
    case 'photos':
      return {
        key: 'photos',
        count: state.missing?.length ?? 0,
        slots: state.missing ?? [],
        button: { kind: 'section', target: 'files' },
      };
    case 'waiting':
      if (!state.due_at) return { key: 'waitingSoon', button: chat };
      return {
        key: Date.parse(state.due_at) < now ? 'waitingLate' : 'waiting',
        due: state.due_at,
        button: chat,
      };
    case 'compare':
      return {
        key: 'compare',
        count: state.quotes ?? 0,
        button: { kind: 'section', target: 'patient-quotes' },
      };
    case 'chosen':
      return { key: 'chosen', ...(state.clinic ? { clinic: state.clinic } : {}), button: chat };
    default:
      return { key: state.state, button: chat };
  }
}
