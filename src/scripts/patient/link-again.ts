/**
 * "Send me my link again" (issue 43; src/components/patient/PatientLinkAgain.astro): loaded only
 * when the dead-link state shows. Sends what was typed to public.request_patient_link, which
 * answers the same whether or not a request has it; what was typed stays until the database has it.
 */
import { callRpc } from '~/lib/patient/api.ts';
import type { PageContext } from './context.ts';

/** A phone number (digits of any script, 7–15 of them) or an e-mail address. */
function looksLikeContact(value: string): boolean {
  if (value.includes('@')) return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
  const digits = value.replace(/[٠-٩۰-۹0-9]/g, 'd').replace(/[^d]/g, '');
  return digits.length >= 7 && digits.length <= 15;
}

export function bindLinkAgain(context: PageContext) {
  const form = context.root.querySelector<HTMLFormElement>('[data-link-again]');
  if (!form || form.dataset['bound']) return;
  form.dataset['bound'] = 'true';
  const input = form.querySelector<HTMLInputElement>('input[name="contact"]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const result = form.querySelector<HTMLElement>('[data-link-again-result]')!;
  const label = button.textContent ?? '';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const contact = input.value.trim();
      if (!looksLikeContact(contact)) {
        input.setAttribute('aria-invalid', 'true');
        result.textContent = context.t('patient.again.invalid');
        input.focus();
        return;
      }
      input.removeAttribute('aria-invalid');
      button.disabled = true;
      button.textContent = context.t('patient.again.sending');
      const outcome = await callRpc('request_patient_link', { _contact: contact });
      button.disabled = false;
      button.textContent = label;
      if (outcome.ok) {
        result.textContent = context.t('patient.again.done');
        input.value = '';
      } else if (outcome.reason === 'rate-limited') {
        result.textContent = context.t('patient.again.busy');
      } else if (outcome.reason === 'rejected' && outcome.hint === 'patient_link_contact') {
        input.setAttribute('aria-invalid', 'true');
        result.textContent = context.t('patient.again.invalid');
      } else {
        result.textContent = context.t('patient.again.error');
      }
    })();
  });
}
