/**
 * Fills the thank-you page's invitation to send photos (src/components/patient/PatientFilesInvite.astro)
 * with the link to the files section of the request this tab just stored.
 */
import { lastStoredToken } from '~/lib/patient/link.ts';

const invite = document.querySelector<HTMLElement>('[data-patient-files-invite]');
const token = lastStoredToken();
if (invite && token) {
  const link = invite.querySelector<HTMLAnchorElement>('[data-files-link]')!;
  link.href = `${invite.dataset['pagePath'] ?? '/r/'}?files#${token}`;
  invite.hidden = false;
}
