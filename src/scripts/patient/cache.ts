/**
 * What the patient's page keeps on this device for a link, in one place: the last status, trip
 * plan and conversation it saw (so the page can show them offline, marked with the time they were
 * seen), and the files on their way (./files/kept.ts). Each is stored under a digest of the token,
 * never the token itself, and all of them go when the link turns out dead or the request is
 * withdrawn (`forgetLink`). The privacy policy's section 9 lists each key
 * (tests/unit/device-storage-in-privacy-policy.test.ts checks it).
 */
import type { PatientView } from '~/lib/patient/api.ts';

/** The local-storage prefixes of a link's copies. */
const COPIES = {
  view: 'rihla:patient-view:',
  trip: 'rihla:patient-trip:',
  conversation: 'rihla:patient-conversation:',
} as const;

/** The IndexedDB database of a link's files on their way: this prefix and the link's digest. */
const UPLOADS = 'rihla-uploads-';

/** The link's digest: the first 32 hex digits of the token's SHA-256. */
async function linkDigest(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0'));
  return hex.join('').slice(0, 32);
}

export async function uploadsDatabaseName(token: string): Promise<string> {
  return UPLOADS + (await linkDigest(token));
}

/** Keeps `{ [field]: value, savedAt }` as the link's copy of `part`; null removes it. */
export async function keepCopy(
  part: keyof typeof COPIES,
  token: string,
  field: string,
  value: unknown,
): Promise<void> {
  try {
    const key = COPIES[part] + (await linkDigest(token));
    if (value === null || value === undefined) localStorage.removeItem(key);
    else
      localStorage.setItem(
        key,
        JSON.stringify({ [field]: value, savedAt: new Date().toISOString() }),
      );
  } catch {
    // No storage (private mode, quota): the page simply has nothing to show offline.
  }
}

/** The link's copy of `part`, or null. */
export async function keptCopy<T>(part: keyof typeof COPIES, token: string): Promise<T | null> {
  try {
    const text = localStorage.getItem(COPIES[part] + (await linkDigest(token)));
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** Everything this device keeps for the link goes: the copies and the files on their way. */
export async function forgetLink(token: string): Promise<void> {
  try {
    const digest = await linkDigest(token);
    for (const prefix of Object.values(COPIES)) localStorage.removeItem(prefix + digest);
    indexedDB.deleteDatabase(UPLOADS + digest);
  } catch {
    // Nothing stored.
  }
}

export interface SavedView {
  view: PatientView;
  savedAt: string;
}

export const saveView = (token: string, view: PatientView) => keepCopy('view', token, 'view', view);

export const savedView = (token: string) => keptCopy<SavedView>('view', token);
