/**
 * Nothing a visitor types is lost (issue 12). The form is server-rendered, so a visitor on a slow
 * phone types into plain HTML before the island hydrates; the browser may also have restored values
 * after a reload. On hydration the island therefore reads the inputs' current values first, and a
 * stored draft (sessionStorage, kept until the lead is stored) fills only fields that are still
 * empty.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { defaultCountryCode } from '~/lib/phone.ts';
import { emptyLead, type LeadValues } from '~/lib/lead-form.ts';
import { phoneInputValue } from './fields.tsx';

/** A draft survives reloads until the lead is stored; its id makes retries idempotent. */
export interface Draft {
  id: string;
  step: number;
  values: LeadValues;
}

/** Drafts are kept under this prefix (the island's hydration directive looks for one). */
export const DRAFT_KEY_PREFIX = 'rihla:lead-draft:';
export const draftKey = (variant: string) => `${DRAFT_KEY_PREFIX}${variant}`;

export function readStoredDraft(key: string): Draft | null {
  try {
    const stored = sessionStorage.getItem(key);
    if (!stored) return null;
    const draft = JSON.parse(stored) as Draft;
    return { ...draft, values: { ...emptyLead, ...draft.values } };
  } catch {
    return null;
  }
}

export function storeDraft(key: string, draft: Draft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, the draft is just not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** The values the form's inputs hold right now (only the fields it currently shows). */
export function readFormValues(form: HTMLFormElement): Partial<LeadValues> {
  const data = new FormData(form);
  const found: Partial<LeadValues> = {};
  const text = (name: keyof LeadValues) => {
    const value = data.get(name);
    if (typeof value === 'string' && form.elements.namedItem(name)) {
      (found as Record<string, string>)[name] = value;
    }
  };
  for (const name of [
    'name',
    'countryCode',
    'email',
    'service',
    'notes',
    'readyToTravel',
    'appointmentTime',
    'website',
  ] as const) {
    text(name);
  }
  const phone = data.get('phone');
  if (typeof phone === 'string') found.phone = phoneInputValue(phone);
  if (form.querySelector('[name="preferredCountries"]')) {
    found.preferredCountries = data.getAll('preferredCountries').map(String);
  }
  return found;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * What the island starts from: what is in the inputs wins; the stored draft fills what is empty.
 * The country code counts as typed only when it differs from the default (the select always has
 * a value). A visitor who typed before hydration stays on the step they typed into; values equal to
 * the stored draft's (the early script restores them into the fields after a reload, issue 34) keep
 * the stored step.
 */
export function adoptValues(
  fromInputs: Partial<LeadValues>,
  stored: Draft | null,
  newId: () => string,
): Draft {
  const values: LeadValues = { ...emptyLead, ...stored?.values };
  let typed = false;
  for (const [key, value] of Object.entries(fromInputs) as [keyof LeadValues, unknown][]) {
    if (key === 'countryCode' && value === defaultCountryCode) continue;
    if (isEmpty(value)) continue;
    (values as unknown as Record<string, unknown>)[key] = value;
    // What the early script put back from this very draft after a reload was not typed now.
    if (JSON.stringify(value) !== JSON.stringify(stored?.values[key])) typed = true;
  }
  return {
    id: stored?.id || newId(),
    step: typed ? 0 : (stored?.step ?? 0),
    values,
  };
}

/**
 * Set on the form by the page's early script (ConsultationForm.astro) when a button was pressed
 * before the island hydrated; the island carries that press out once it has adopted the inputs.
 */
export const PENDING_ACTION_ATTRIBUTE = 'data-pending-action';

const fresh = (base: LeadValues): Draft => ({ id: crypto.randomUUID(), step: 0, values: base });

/**
 * The form's draft: adopted on mount from the inputs and the stored draft, stored on every change
 * until the lead is sent, and fresh again when the page comes back from the back/forward cache
 * after a success (`onFresh` resets the rest of the form); back from there before a success, it is
 * what was typed.
 */
export function useLeadDraft(
  storageKey: string,
  formRef: RefObject<HTMLFormElement | null>,
  sent: boolean,
  onFresh: () => void,
  /** What an untouched form holds: empty, or a treatment page's own treatment chosen. */
  base: LeadValues = emptyLead,
) {
  // The server HTML and the first browser render match (`base`); the inputs are adopted on mount.
  const [draft, setDraft] = useState<Draft>(() => ({ id: '', step: 0, values: base }));
  const [hydrated, setHydrated] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const sentRef = useRef(sent);
  useLayoutEffect(() => {
    sentRef.current = sent;
  }, [sent]);

  // A layout effect: the inputs are adopted in the task that hydrates the form, and the re-render
  // with the adopted values (and `data-hydrated`, which tells the early script to step aside) is
  // committed before the browser dispatches any event. With a passive effect there was a moment
  // between the two when a press met both the early script and the island's submit with its state
  // still empty: "please enter the phone" under a typed phone, and nothing sent
  // (tests/e2e/slow-forms.spec.ts, "a press at the moment …").
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    setDraft(
      adoptValues(readFormValues(form), readStoredDraft(storageKey), () => crypto.randomUUID()),
    );
    setPending(form.getAttribute(PENDING_ACTION_ATTRIBUTE));
    form.removeAttribute(PENDING_ACTION_ATTRIBUTE);
    form.querySelector('[data-busy]')?.removeAttribute('data-busy');
    // The early script's note ("one moment…") has done its job once the island answers.
    form
      .closest('[data-lead-form-wrap]')
      ?.querySelector('[data-lead-early]')
      ?.setAttribute('hidden', '');
    setHydrated(true);
    // Back from the back/forward cache: the page comes back as it was left. Left mid-typing (a
    // tap on a link), it keeps what was typed; left after a success (the thank-you page), it
    // shows a fresh form instead of the success panel's "taking you on…".
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !sentRef.current) return;
      onFresh();
      setDraft(fresh(base));
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
    // Deliberately once per mount (the hook reads the inputs as hydration left them).
  }, [storageKey]);

  useEffect(() => {
    if (!draft.id || sent) return;
    storeDraft(storageKey, draft);
  }, [draft, storageKey, sent]);

  return { draft, setDraft, hydrated, pending, setPending };
}
