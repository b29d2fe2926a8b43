/**
 * The reminders on the patient's page (src/components/patient/PatientReminders.astro; issue 44,
 * item 3): whether they are on (public.patient_reminders), the last one sent, and the one tap that
 * stops them or turns them back on (public.patient_stop_reminders, limited like the page's other
 * actions). Read at every look; hidden offline (a tap needs the database). Loaded by ./page.ts
 * after the status.
 */
import { callRpc } from '~/lib/patient/api.ts';
import { withOwnTexts, type PageContext } from './context.ts';
import { partStrings } from './part-strings.ts';

interface RemindersState {
  stopped: boolean;
  stopped_by_staff: boolean;
  sent: { kind: string; sent_at: string }[];
}

const wired = new WeakSet<HTMLElement>();

function render(page: PageContext, section: HTMLElement, state: RemindersState) {
  const line = section.querySelector<HTMLElement>('[data-reminders-state]')!;
  const last = section.querySelector<HTMLElement>('[data-reminders-last]')!;
  const toggle = section.querySelector<HTMLButtonElement>('[data-reminders-toggle]')!;
  line.textContent = page.t(
    state.stopped_by_staff ? 'reminders.staff' : state.stopped ? 'reminders.off' : 'reminders.on',
  );
  const latest = state.sent[0];
  last.hidden = !latest;
  last.textContent = latest
    ? page.t('reminders.last', { time: page.formatTime(latest.sent_at) })
    : '';
  // Staff's stop is theirs to lift; the patient's own tap stops or resumes the reminders.
  toggle.hidden = state.stopped_by_staff;
  toggle.textContent = page.t(state.stopped ? 'reminders.resume' : 'reminders.stop');
  toggle.dataset['stop'] = state.stopped ? 'false' : 'true';
  section.hidden = false;
}

/** Shows whether the reminders are on and wires the tap; a part that could not load stays hidden. */
export async function showReminders(page: PageContext, token: string): Promise<void> {
  const section = page.root.querySelector<HTMLElement>('[data-reminders]');
  if (!section) return;
  const strings = await partStrings(section);
  if (!strings) return;
  const local = withOwnTexts(page, strings);
  const outcome = await callRpc('patient_reminders', { _token: token });
  if (!outcome.ok || !outcome.data) {
    if (outcome.ok) section.hidden = true;
    return;
  }
  render(local, section, outcome.data as unknown as RemindersState);
  if (wired.has(section)) return;
  wired.add(section);
  const toggle = section.querySelector<HTMLButtonElement>('[data-reminders-toggle]')!;
  const error = section.querySelector<HTMLElement>('[data-reminders-error]')!;
  toggle.addEventListener('click', () => {
    toggle.disabled = true;
    error.hidden = true;
    void callRpc('patient_stop_reminders', {
      _token: token,
      _stop: toggle.dataset['stop'] !== 'false',
    }).then((answer) => {
      toggle.disabled = false;
      if (answer.ok && answer.data) {
        render(local, section, answer.data as unknown as RemindersState);
        toggle.focus();
      } else {
        error.textContent = local.t('reminders.error');
        error.hidden = false;
      }
    });
  });
}
