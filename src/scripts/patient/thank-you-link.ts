/**
 * Fills the thank-you page's private link (src/components/patient/PatientLinkCard.astro) from the
 * request this tab just stored: the link at once, the reference once the database answers (the
 * same function as the patient page, asked not to count it as an opening), and the reference in
 * the WhatsApp message to the agency.
 */
import { fetchPatientView } from '~/lib/patient/api.ts';
import { lastStoredToken, patientPageUrl } from '~/lib/patient/link.ts';
import { whatsappUrl } from '~/lib/whatsapp.ts';

const card = document.querySelector<HTMLElement>('[data-patient-link]');
const token = lastStoredToken();

async function fill(card: HTMLElement, token: string) {
  const lang = card.dataset['lang'] === 'en' ? 'en' : 'ar';
  const url = patientPageUrl(window.location.origin, lang, token);
  const link = card.querySelector<HTMLAnchorElement>('[data-link]')!;
  link.href = url;
  link.textContent = url;
  card.querySelector<HTMLAnchorElement>('[data-open-link]')!.href = url;
  card.hidden = false;

  const status = card.querySelector<HTMLElement>('[data-save-status]')!;
  card.querySelector('[data-save-link]')!.addEventListener('click', () => {
    void (async () => {
      const title = card.dataset['shareTitle'] ?? '';
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title, url });
          return;
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      try {
        await navigator.clipboard.writeText(url);
        status.textContent = card.dataset['copied'] ?? '';
      } catch {
        status.textContent = card.dataset['copyFailed'] ?? '';
      }
    })();
  });

  const outcome = await fetchPatientView(token, false);
  if (!outcome.ok || !outcome.data) return;
  const reference = outcome.data.reference;
  card.querySelector('[data-reference]')!.textContent = reference;
  card.querySelector<HTMLElement>('[data-reference-row]')!.hidden = false;
  for (const button of document.querySelectorAll<HTMLElement>('[data-whatsapp-reference]')) {
    const anchor = button.querySelector('a');
    const { number = '', template = '' } = button.dataset;
    if (anchor) anchor.href = whatsappUrl(number, template.replace('{reference}', reference));
  }
}

if (card && token) void fill(card, token);
