/**
 * Links to a patient's page issued in this tab, for the `{page_link}` of a message (issue 32).
 * The database keeps only a link's hash, so a link exists in clear only in the answer to the staff
 * member who issued it (docs/patient-page.md). It is kept here, in this tab's memory only (never
 * in storage), for 30 minutes, and forgotten when the link is cancelled: a message can carry it
 * right after it was issued, from the dialog's «صفحة المريض» or from the message menu itself.
 */
import { useSyncExternalStore } from 'react';

const KEEP_MS = 30 * 60_000;
const links = new Map<string, { url: string; at: number }>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function rememberIssuedLink(requestId: string, url: string): void {
  links.set(requestId, { url, at: Date.now() });
  notify();
}

export function forgetIssuedLink(requestId: string): void {
  if (links.delete(requestId)) notify();
}

function issuedLink(requestId: string): string | null {
  const link = links.get(requestId);
  if (!link) return null;
  if (Date.now() - link.at > KEEP_MS) {
    links.delete(requestId);
    return null;
  }
  return link.url;
}

/** The link issued in this tab for the request in the last 30 minutes, or null. */
export function useIssuedLink(requestId: string): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => issuedLink(requestId),
  );
}
