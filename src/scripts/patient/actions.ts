/**
 * The patient page's forms (src/components/patient/PatientActions.astro), each sent to its
 * token-keyed database function. A form keeps what was typed until the database has it; every
 * outcome is said in the form's own status line.
 */
import { callRpc, type PatientView, type RpcOutcome } from '~/lib/patient/api.ts';
import { normalizePhone, phoneLengthProblem, stripNonDigits as digitsOf } from '~/lib/phone.ts';
import { forgetLink } from './cache.ts';
import { partStrings } from './part-strings.ts';
import { showState, withOwnTexts, type PageContext } from './context.ts';

type Send = (data: FormData) => Promise<RpcOutcome<unknown> | { invalid: string }>;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

type Sender = { send: Send; done: (data: unknown, form: HTMLFormElement) => string };

/** Each form's check, call and success message, by its `data-action`. */
function senders(
  context: PageContext,
  token: string,
  currentView: () => PatientView | null,
): Record<string, Sender> {
  const { t } = context;
  const field = (data: FormData, name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    message: {
      send: async (data) => {
        const message = field(data, 'message');
        if (!message || message.length > 1000) return { invalid: t('patient.message.invalid') };
        return callRpc('patient_send_message', { _token: token, _message: message });
      },
      done: () => t('patient.message.sent'),
    },
    callback: {
      send: async (data) => {
        const at = new Date(field(data, 'at'));
        const ms = at.getTime() - Date.now();
        if (Number.isNaN(ms) || ms < 15 * 60_000 || ms > 30 * 86_400_000) {
          return { invalid: t('patient.callback.invalid') };
        }
        return callRpc('patient_request_callback', { _token: token, _at: at.toISOString() });
      },
      done: (_, form) =>
        t('patient.callback.sent', {
          time: context.formatTime(new Date(field(new FormData(form), 'at')).toISOString()),
        }),
    },
    contact: {
      send: async (data) => {
        const name = field(data, 'name');
        const code = digitsOf(field(data, 'countryCode')).replace(/^00/, '');
        // Sent as typed ("+", "00" and the digits of any script mean something): the database
        // applies the forms' phone rule to it (patient_update_contact).
        const phone = field(data, 'phone');
        const digits = digitsOf(phone).replace(/^00/, '');
        const email = field(data, 'email');
        if (
          (name && name.length < 2) ||
          (phone && phoneLengthProblem(digits)) ||
          (code && !phone) ||
          (email && !EMAIL.test(email))
        ) {
          return { invalid: t('patient.contact.invalid') };
        }
        // A number typed with a listed country's code, and no code beside it: that country's.
        const own = phone && !code ? normalizePhone(phone).countryCode : null;
        // An argument left out keeps the stored value (the function's defaults are null).
        return callRpc('patient_update_contact', {
          _token: token,
          ...(name ? { _name: name } : {}),
          ...(code ? { _country_code: `+${code}` } : own ? { _country_code: own } : {}),
          ...(phone ? { _phone: phone } : {}),
          ...(email ? { _email: email } : {}),
        } as Parameters<typeof callRpc<'patient_update_contact'>>[1]);
      },
      done: (data) =>
        t(
          (data as { changed?: boolean }).changed
            ? 'patient.contact.sent'
            : 'patient.contact.unchanged',
        ),
    },
    advertising: {
      send: () => callRpc('patient_withdraw_advertising', { _token: token }),
      done: () => t('patient.advertising.done'),
    },
    withdraw: {
      send: async (data) => {
        const reference = field(data, 'reference').toUpperCase();
        const expected = currentView()?.reference ?? '';
        if (reference !== expected)
          return { invalid: t('patient.withdraw.mismatch', { reference: expected }) };
        return callRpc('patient_withdraw', { _token: token, _reference: reference });
      },
      // Through a link a team member issued, the request waits in the bin before it is erased.
      done: (data) =>
        t(
          (data as { erased?: boolean } | null)?.erased === false
            ? 'patient.withdraw.doneLater'
            : 'patient.withdraw.done',
        ),
    },
  };
}

/**
 * What the patient typed and not yet sent, kept in this tab (session storage) as they type: a
 * reload, the language switch (/r/ ⇄ /en/r/, the same tab and origin) or a step away to another
 * page brings it back, with its section open. Sent or withdrawn, it goes.
 */
const DRAFTS = 'rihla:patient-drafts';
type Drafts = Record<string, Record<string, string>>;
function readDrafts(): Drafts {
  try {
    return JSON.parse(sessionStorage.getItem(DRAFTS) ?? '{}') as Drafts;
  } catch {
    return {};
  }
}
function writeDraft(action: string, values: Record<string, string> | null) {
  try {
    const drafts = readDrafts();
    if (values && Object.values(values).some(Boolean)) drafts[action] = values;
    else delete drafts[action];
    sessionStorage.setItem(DRAFTS, JSON.stringify(drafts));
  } catch {
    // No storage: what is typed stays in the form until it is sent, as before.
  }
}
function keepDraft(form: HTMLFormElement, action: string) {
  const fields = [
    ...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'textarea[name], input[name]:not([type=hidden]):not([type=checkbox])',
    ),
  ];
  const saved = readDrafts()[action];
  if (saved) {
    for (const field of fields)
      if (!field.value && saved[field.name]) field.value = saved[field.name]!;
    const details = form.closest('details');
    if (details && fields.some((field) => field.value)) details.open = true;
  }
  form.addEventListener('input', () =>
    writeDraft(action, Object.fromEntries(fields.map((field) => [field.name, field.value]))),
  );
}

export async function bindActions(
  page: PageContext,
  token: string,
  currentView: () => PatientView | null,
  reload: () => Promise<void>,
): Promise<boolean> {
  // The section's own messages (a cached file, src/integrations/late-strings.ts), then the page's.
  const section = page.root.querySelector<HTMLElement>('[data-patient-actions]');
  const own = section ? await partStrings(section) : {};
  if (!own) return false;
  const context = withOwnTexts(page, own);
  const { t } = context;
  const actions = senders(context, token, currentView);
  for (const form of context.root.querySelectorAll<HTMLFormElement>('form[data-action]')) {
    const name = form.dataset['action'] ?? '';
    const action = actions[name];
    if (!action) continue;
    // The withdrawal's typed reference is a confirmation, not a draft.
    if (name !== 'withdraw' && name !== 'advertising') keepDraft(form, name);
    const result = form.querySelector<HTMLElement>('[data-result]')!;
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
    form.addEventListener('submit', (event) => {
      void (async () => {
        event.preventDefault();
        if (button.disabled) return;
        button.disabled = true;
        result.textContent = t('patient.sending');
        result.dataset['outcome'] = 'sending';
        const outcome = await action.send(new FormData(form));
        button.disabled = false;
        if ('invalid' in outcome) {
          result.textContent = outcome.invalid;
          result.dataset['outcome'] = 'invalid';
          return;
        }
        if (outcome.ok && outcome.data === null) {
          // The link died meanwhile (revoked, erased): say so, as on opening.
          await forgetLink(token);
          showState(context.root, 'invalid');
          return;
        }
        if (!outcome.ok) {
          result.textContent = t(
            outcome.reason === 'rate-limited'
              ? 'patient.rateLimited'
              : outcome.reason === 'rejected'
                ? form.dataset['action'] === 'contact'
                  ? 'patient.contact.invalid'
                  : 'patient.failed'
                : 'patient.failed',
          );
          result.dataset['outcome'] = 'failed';
          return;
        }
        result.textContent = action.done(outcome.data, form);
        result.dataset['outcome'] = 'done';
        writeDraft(name, null);
        if (form.dataset['action'] === 'withdraw') {
          try {
            sessionStorage.removeItem(DRAFTS);
          } catch {
            // Nothing kept.
          }
          await forgetLink(token);
          const view = context.root.querySelector<HTMLElement>('[data-state="view"]')!;
          const farewell = document.createElement('p');
          farewell.className = 'card mt-6 p-6 text-lg font-semibold';
          farewell.setAttribute('role', 'status');
          farewell.textContent = result.textContent;
          view.replaceWith(farewell);
          return;
        }
        form.reset();
        void reload();
      })();
    });
  }
  return true;
}
