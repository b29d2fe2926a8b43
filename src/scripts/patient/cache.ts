/**
 * The last status the page saw, kept on this device so the page can show it offline (marked with
 * the time it was seen). Stored under a hash of the token, not the token itself; removed when the
 * link turns out dead or the request is withdrawn.
 */
import type { PatientView } from '~/lib/patient/api.ts';

const PREFIX = 'rihla:patient-view:';

async function keyFor(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0'));
  return PREFIX + hex.join('').slice(0, 32);
}

export interface SavedView {
  view: PatientView;
  savedAt: string;
}

export async function saveView(token: string, view: PatientView): Promise<void> {
  try {
    localStorage.setItem(
      await keyFor(token),
      JSON.stringify({ view, savedAt: new Date().toISOString() }),
    );
  } catch {
    // No storage (private mode, quota): the page simply has nothing to show offline.
  }
}

export async function savedView(token: string): Promise<SavedView | null> {
  try {
    const text = localStorage.getItem(await keyFor(token));
    return text ? (JSON.parse(text) as SavedView) : null;
  } catch {
    return null;
  }
}

export async function forgetView(token: string): Promise<void> {
  try {
    localStorage.removeItem(await keyFor(token));
  } catch {
    // Nothing stored.
  }
}
