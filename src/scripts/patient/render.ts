/** Fills the patient page's view from what public.patient_request answered. */
import type { PatientView } from '~/lib/patient/api.ts';
import { nowText } from '~/lib/patient/now-text.ts';
import { journeySteps, nextAction } from '~/lib/patient/steps.ts';
import { initials } from '~/lib/initials.ts';
import type { PageContext } from './context.ts';

const text = (root: HTMLElement, selector: string, value: string) => {
  const element = root.querySelector<HTMLElement>(selector);
  if (element) element.textContent = value;
};

/**
 * "What now": one sentence and one button from the request's real state (src/lib/patient/steps.ts,
 * the same mapping the staff's panel shows). The button opens WhatsApp, or goes to the section
 * of this page where the thing is done (the photos, the quotes).
 */
function renderNow(context: PageContext, view: PatientView) {
  const { root } = context;
  const action = nextAction(view);
  const { sentence, button: label } = nowText(action, {
    lang: context.lang,
    strings: context.strings,
    manager: view.manager?.name ?? null,
    slotName: (slot) => context.slots[slot] ?? slot,
    formatTime: context.formatTime,
  });
  const now = root.querySelector<HTMLElement>('[data-now-text]')!;
  now.textContent = sentence;
  now.dataset['now'] = action.key;
  const button = root.querySelector<HTMLAnchorElement>('[data-now-button]')!;
  button.textContent = label;
  if (action.button.kind === 'section') {
    button.href = `#${action.button.target}`;
    button.className = 'btn btn-primary mt-4';
    button.removeAttribute('target');
    button.removeAttribute('rel');
  } else {
    button.href = context.chatUrl(view, action.button.toManager);
    button.className = 'btn btn-whatsapp mt-4';
    button.target = '_blank';
    button.rel = 'noopener noreferrer';
  }
}

export function renderView(context: PageContext, view: PatientView) {
  const { root, t } = context;
  text(root, '[data-greeting]', t('patient.greeting', { name: view.first_name }));
  text(root, '[data-reference]', view.reference);
  text(root, '[data-treatment]', context.services[view.service] ?? view.service);
  text(root, '[data-received]', context.formatDay(view.received_at));

  renderNow(context, view);

  const callback = root.querySelector<HTMLElement>('[data-callback]')!;
  callback.hidden = !view.callback_at;
  if (view.callback_at) {
    callback.textContent = t('patient.callbackPending', {
      time: context.formatTime(view.callback_at),
    });
  }

  text(root, '[data-manager-initials]', view.manager ? initials(view.manager.name) : '…');
  const managerName = root.querySelector<HTMLElement>('[data-manager-name]')!;
  managerName.textContent = view.manager ? view.manager.name : t('patient.managerPending');
  managerName.dir = 'auto';

  const list = root.querySelector<HTMLOListElement>('[data-steps]')!;
  list.replaceChildren(
    ...journeySteps(view).map(({ key, state }) => {
      const item = document.createElement('li');
      item.className = `flex items-center gap-3 rounded-xl p-3 ${
        state === 'current'
          ? 'bg-teal-700 font-bold text-white'
          : state === 'done'
            ? 'bg-teal-50'
            : 'bg-sand-50 text-muted'
      }`;
      if (state === 'current') item.setAttribute('aria-current', 'step');
      item.dataset['step'] = key;
      item.dataset['stepState'] = state;
      const mark = document.createElement('span');
      mark.setAttribute('aria-hidden', 'true');
      mark.textContent = state === 'done' ? '✓' : state === 'current' ? '●' : '○';
      const label = document.createElement('span');
      label.textContent = t(`patient.step.${key}`);
      const hidden = document.createElement('span');
      hidden.className = 'sr-only';
      hidden.textContent = ` (${t(state === 'done' ? 'patient.stepDone' : state === 'current' ? 'patient.stepCurrent' : 'patient.stepLater')})`;
      item.append(mark, label, hidden);
      return item;
    }),
  );

  text(
    root,
    '[data-contact-current]',
    [
      t('patient.contact.current', { digits: view.phone_hint }),
      view.email_hint ? t('patient.contact.currentEmail', { email: view.email_hint }) : '',
    ].join(' '),
  );
  // The consent to offers: the form while it can be withdrawn, a line once it was (which is also
  // what the patient sees right after withdrawing it here).
  root.querySelector<HTMLElement>('[data-advertising]')!.hidden = view.advertising !== true;
  root.querySelector<HTMLElement>('[data-advertising-withdrawn]')!.hidden =
    view.advertising !== false;
  text(root, '[data-withdraw-label]', t('patient.withdraw.label', { reference: view.reference }));
}
