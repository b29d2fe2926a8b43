/**
 * The patient page's script (src/components/pages/PatientPage.astro): the token from the URL
 * fragment, the request from public.patient_request, the last status seen kept for offline use,
 * a fresh look whenever the patient comes back to the tab, and the actions' forms.
 */
import { fetchPatientView, type PatientView } from '~/lib/patient/api.ts';
import { tokenFromHash } from '~/lib/patient/link.ts';
import { bindActions } from './actions.ts';
import { forgetView, savedView, saveView } from './cache.ts';
import { readContext, showState, type PageContext } from './context.ts';
import { showQuotes } from './quotes.ts';
import { renderView } from './render.ts';

const root = document.querySelector<HTMLElement>('[data-patient-page]');

async function load(context: PageContext, token: string, state: { view: PatientView | null }) {
  const offline = context.root.querySelector<HTMLElement>('[data-offline]')!;
  const outcome = navigator.onLine
    ? await fetchPatientView(token)
    : ({ ok: false, reason: 'network' } as const);
  if (outcome.ok) {
    offline.hidden = true;
    if (!outcome.data) {
      state.view = null;
      await forgetView(token);
      showState(context.root, 'invalid');
      return;
    }
    state.view = outcome.data;
    await saveView(token, outcome.data);
    renderView(context, outcome.data);
    showState(context.root, 'view');
    // The quotes (issue 31) only once the link is known to be alive: a dead one counts once.
    void showQuotes(context, token, outcome.data, () => load(context, token, state));
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

// Another link opened in this tab changes only the fragment: start over with its token.
window.addEventListener('hashchange', () => window.location.reload());

if (root) {
  const context = readContext(root);
  const token = tokenFromHash(window.location.hash);
  const state: { view: PatientView | null } = { view: null };
  if (!token) {
    showState(root, 'invalid');
  } else {
    const reload = () => load(context, token, state);
    void reload();
    root.querySelector('[data-retry]')?.addEventListener('click', () => void reload());
    // A coordinator may have assigned a manager or moved the step meanwhile.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void reload();
    });
    window.addEventListener('online', () => void reload());
    bindActions(context, token, () => state.view, reload);
  }
}
