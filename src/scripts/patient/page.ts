/**
 * The patient page's script (src/components/pages/PatientPage.astro): the token from the URL
 * fragment, the request from public.patient_request, the last status seen kept for offline use,
 * a fresh look whenever the patient comes back to the tab, and the actions' forms. The first
 * request is already on its way from the page's head (EarlyRequest.astro); the quotes, the files
 * and the actions load once the status is shown.
 */
import { DRAWN_EVENT } from '~/lib/drawn-event.ts';
import { fetchPatientView, type PatientView } from '~/lib/patient/api.ts';
import { tokenFromHash } from '~/lib/patient/link.ts';
import { forgetLink, savedView, saveView } from './cache.ts';
import { prefetchPartStrings } from './part-strings.ts';
import { readContext, showState, type PageContext } from './context.ts';
import { prepareFormats } from './formats.ts';
import { renderView } from './render.ts';

const root = document.querySelector<HTMLElement>('[data-patient-page]');

// What the status does not need loads once it is shown: the quotes, the photos and documents, and
// the patient's actions (all below the status, and hidden until then).
// A part that could not load (offline before it was ever cached) is tried again on the next load.
let quotes: Promise<typeof import('./quotes.ts')> | undefined;
let actions: Promise<void> | undefined;
let files: Promise<void> | undefined;
let trip: Promise<typeof import('./trip.ts')> | undefined;
let conversation: Promise<typeof import('./conversation.ts')> | undefined;
let aftercare: Promise<typeof import('./aftercare.ts')> | undefined;
let reminders: Promise<typeof import('./reminders.ts')> | undefined;
let review: Promise<typeof import('./review.ts')> | undefined;
function afterFirstView(
  context: PageContext,
  token: string,
  view: () => PatientView | null,
  reload: () => Promise<void>,
) {
  // The later parts' texts travel beside their modules, not after them.
  prefetchPartStrings(context.root);
  actions ??= import('./actions.ts').then(
    async ({ bindActions }) => {
      if (!(await bindActions(context, token, view, reload))) actions = undefined;
    },
    () => void (actions = undefined),
  );
  files ??= import('./files/index.ts').then(
    async ({ showFiles }) => {
      if (!(await showFiles(token))) files = undefined;
    },
    () => void (files = undefined),
  );
  // The trip (issue 44) at every look: fresh, or the copy kept on the phone when offline.
  trip ??= import('./trip.ts');
  trip.then(
    ({ showTrip }) => void showTrip(context, token, view()?.service ?? null),
    () => void (trip = undefined),
  );
  // The after-care check-ins (issue 44) at every look, like the trip.
  aftercare ??= import('./aftercare.ts');
  aftercare.then(
    ({ showAftercare }) => void showAftercare(context, token),
    () => void (aftercare = undefined),
  );
  // The conversation with the manager (issue 43) at every look: a reply shows without a reload.
  conversation ??= import('./conversation.ts');
  conversation.then(
    ({ showConversation }) => void showConversation(context, token),
    () => void (conversation = undefined),
  );
  // The reminders (issue 44): on or stopped, and the tap that stops them, at every look.
  reminders ??= import('./reminders.ts');
  reminders.then(
    ({ showReminders }) => void showReminders(context, token),
    () => void (reminders = undefined),
  );
  // The review (issue 45) at every look: shown only when the database says it may be written.
  review ??= import('./review.ts');
  review.then(
    ({ showReview }) => void showReview(context, token),
    () => void (review = undefined),
  );
}

/** The dead-link state, with "send me my link again" (its script loads only here). */
function showInvalid(context: PageContext) {
  showState(context.root, 'invalid');
  void import('./link-again.ts').then(
    ({ bindLinkAgain }) => bindLinkAgain(context),
    () => {},
  );
}

/** The first request, sent by the page's head (EarlyRequest.astro); taken once, for its token. */
function takeEarlyRequest(token: string): Promise<Response | null> | undefined {
  const holder = window as { __patientFirst?: { token: string; answer: Promise<Response | null> } };
  const early = holder.__patientFirst;
  delete holder.__patientFirst;
  return early?.token === token ? early.answer : undefined;
}

type PageState = { view: PatientView | null; lookedAt: number };

const DISMISSED_OFFER = 'rihla:lang-offer-dismissed';
let offerWired = false;

/**
 * The bar under the header offers the other language (src/components/ui/LanguageOffer.astro,
 * issue 43) when it was chosen on the site before, when the request was written in it, or when
 * the browser prefers it and no language was chosen; never once dismissed. Shown in the frame that
 * draws the status; taken, it keeps the token.
 */
function offerLanguage(requestLanguage: PatientView['language']) {
  const offer = document.querySelector<HTMLElement>('[data-lang-offer]');
  const other = offer?.dataset['langOffer'];
  if (!offer || !other) return;
  if (!offerWired) {
    offerWired = true;
    const link = offer.querySelector<HTMLAnchorElement>('[data-lang-offer-link]');
    link?.addEventListener('click', () => {
      link.href = link.pathname + window.location.search + window.location.hash;
    });
    offer.querySelector('[data-lang-offer-dismiss]')?.addEventListener('click', () => {
      offer.hidden = true;
      try {
        localStorage.setItem(DISMISSED_OFFER, other);
      } catch {
        // Hidden for this page view anyway.
      }
    });
  }
  let chosen: string | null = null;
  try {
    if (localStorage.getItem(DISMISSED_OFFER) === other) return;
    chosen = localStorage.getItem(offer.dataset['storageKey'] ?? '');
  } catch {
    // No storage: nothing chosen, nothing dismissed.
  }
  const preferred = navigator.languages
    .map((tag) => tag.slice(0, 2).toLowerCase())
    .find((tag) => tag === 'ar' || tag === 'en');
  if (chosen === other || requestLanguage === other || (chosen === null && preferred === other)) {
    offer.hidden = false;
  }
}

async function load(context: PageContext, token: string, state: PageState) {
  const reload = () => load(context, token, state);
  state.lookedAt = Date.now();
  const offline = context.root.querySelector<HTMLElement>('[data-offline]')!;
  const sent = takeEarlyRequest(token);
  const outcome =
    sent || navigator.onLine
      ? await fetchPatientView(token, true, sent)
      : ({ ok: false, reason: 'network' } as const);
  if (outcome.ok) {
    offline.hidden = true;
    if (!outcome.data) {
      state.view = null;
      await forgetLink(token);
      showInvalid(context);
      return;
    }
    const view = outcome.data;
    state.view = view;
    renderView(context, view);
    offerLanguage(view.language);
    showState(context.root, 'view');
    afterFirstView(context, token, () => state.view, reload);
    // The quotes (issue 31) only once the link is known to be alive: a dead one counts once.
    quotes ??= import('./quotes.ts');
    quotes.then(
      ({ showQuotes }) => void showQuotes(context, token, view, reload),
      () => void (quotes = undefined),
    );
    // Kept for offline use once it is on screen (its key is a digest of the token: async).
    await saveView(token, view);
    return;
  }
  if (outcome.reason === 'network') {
    const saved = await savedView(token);
    if (saved) {
      state.view = saved.view;
      renderView(context, saved.view);
      offline.textContent = context.t('patient.offlineSaved', {
        time: context.formatTime(saved.savedAt),
      });
      offline.hidden = false;
      showState(context.root, 'view');
      afterFirstView(context, token, () => state.view, reload);
      return;
    }
  }
  const message =
    outcome.reason === 'rate-limited'
      ? 'patient.busy'
      : outcome.reason === 'network' && !navigator.onLine
        ? 'patient.offlineNone'
        : 'patient.error';
  context.root.querySelector<HTMLElement>('[data-error-text]')!.textContent = context.t(message);
  showState(context.root, 'error');
}

// Another link opened in this tab changes only the fragment: start over with its token. An
// in-page jump (the skip link's #main) changes it too: the page keeps its token in the address
// (so a reload, a bookmark or the language switch still opens it) and stays as it is.
function keepTokenInAddress(token: string) {
  window.addEventListener('hashchange', () => {
    const next = tokenFromHash(window.location.hash);
    if (next && next !== token) window.location.reload();
    else if (window.location.hash !== `#${token}`) {
      history.replaceState(
        history.state,
        '',
        `${window.location.pathname}${window.location.search}#${token}`,
      );
    }
  });
  // What a copy or mail client added after the token goes from the address too.
  if (window.location.hash !== `#${token}`) {
    history.replaceState(
      history.state,
      '',
      `${window.location.pathname}${window.location.search}#${token}`,
    );
  }
}

if (root) {
  const context = readContext(root);
  const token = tokenFromHash(window.location.hash);
  const state: PageState = { view: null, lookedAt: Date.now() };
  // The page's full stylesheet waits for its first state (what the slow connection carries first).
  const drawn = () => document.dispatchEvent(new Event(DRAWN_EVENT));
  if (!token) {
    showInvalid(context);
    drawn();
    window.addEventListener('hashchange', () => window.location.reload());
  } else {
    keepTokenInAddress(token);
    const reload = () => load(context, token, state);
    const first = reload();
    void first.then(drawn, drawn);
    prepareFormats(context.locale);
    root.querySelector('[data-retry]')?.addEventListener('click', () => void reload());
    // A coordinator may have assigned a manager or moved the step meanwhile.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void reload();
    });
    window.addEventListener('online', () => void reload());
    // The open page looks again by itself (issue 43): loaded after the status, off its budget.
    void first.then(() =>
      import('./refresh.ts').then(
        ({ refreshWhileOpen }) => refreshWhileOpen(reload, () => state.lookedAt),
        () => {},
      ),
    );
  }
}
