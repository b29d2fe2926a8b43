/**
 * Staff sessions in the browser (docs/admin.md, docs/local-stack.md "Staff access"). Every decision is the
 * database's: `is_admin` answers for the signed-in (anonymous) user. The localStorage flag and
 * username are only a hint for the greeting.
 */
import { toast } from 'sonner';
import { retryDelay } from '~/lib/admin/query.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { supabase } from '~/lib/supabase.ts';

export const LOGIN_PATH = '/admin/login';
export const DASHBOARD_PATH = '/admin/dashboard';
export const OFFER_LEADS_PATH = '/admin/offer-leads';
export const CAMPAIGNS_PATH = '/admin/campaigns';
export const BIN_PATH = '/admin/bin';
export const CLINICS_PATH = '/admin/clinics';

/** Why the login page is shown: each reason has a message on that page. */
export type LoginReason = 'expired' | 'denied' | 'error' | 'signedOut';
export const loginReasons: readonly LoginReason[] = ['expired', 'denied', 'error', 'signedOut'];

const FLAG_KEY = 'admin_authenticated';
const USERNAME_KEY = 'admin_username';

export function rememberAdmin(username: string): void {
  try {
    localStorage.setItem(FLAG_KEY, 'true');
    localStorage.setItem(USERNAME_KEY, username);
  } catch {
    // Storage blocked: only the greeting loses the name.
  }
}

export function forgetAdmin(): void {
  try {
    localStorage.removeItem(FLAG_KEY);
    localStorage.removeItem(USERNAME_KEY);
  } catch {
    // Nothing stored.
  }
}

export function rememberedUsername(): string | null {
  try {
    return localStorage.getItem(FLAG_KEY) === 'true' ? localStorage.getItem(USERNAME_KEY) : null;
  } catch {
    return null;
  }
}

let leaving = false;

function leave(reason?: LoginReason): void {
  if (leaving) return;
  leaving = true;
  window.location.replace(reason ? `${LOGIN_PATH}?reason=${reason}` : LOGIN_PATH);
}

/**
 * Leaves for the login page once, whatever asks first (guard, realtime, a refused query). An
 * 'expired' session is only said once the server has refused it: a refused query can also come
 * from a token refresh that never reached the server (supabase-js then sends the request as
 * anonymous), so the session is asked about first (confirmSession).
 */
export function goToLogin(reason?: LoginReason): void {
  if (reason === 'expired') void confirmSession();
  else leave(reason);
}

const OFFLINE_TOAST = 'session-offline';
let confirming = false;
const restoredListeners = new Set<() => void>();

/** Called when the session is reachable again after «لا اتصال» (the data screens reload). */
export function onSessionRestored(listener: () => void): () => void {
  restoredListeners.add(listener);
  return () => {
    restoredListeners.delete(listener);
  };
}

/**
 * supabase-js keeps a failed refresh for 60 s per refresh token so that a broken network is not
 * hammered; our own retries are spaced (1 s doubling to 30 s) and one after the network came back
 * must really ask. A private field: if a later version drops it, retries only wait longer.
 */
function forgetFailedRefresh(): void {
  const auth = supabase.auth as unknown as Record<string, unknown>;
  if ('lastRefreshFailure' in auth) auth['lastRefreshFailure'] = null;
}

/** Resolves after the next retry delay, or as soon as the browser says the network is back. */
function nextAttempt(attempt: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = window.setTimeout(done, retryDelay(attempt));
    window.addEventListener('online', done);
  });
}

/**
 * Asks the server whether this admin session still stands. Only its refusal ends it: no session
 * left (supabase-js removes one whose refresh GoTrue refused with 400/401/403) or is_admin false →
 * the login page with «انتهت الجلسة». When the server cannot be reached (no network, a refresh
 * that failed on the way, a 5xx), «لا اتصال» stays on screen and the question is asked again,
 * soon and as soon as the network is back; once answered, the screens reload their data. What
 * the coordinator typed stays in the fields (and in the drafts kept on this computer).
 */
export async function confirmSession(): Promise<void> {
  if (confirming || leaving) return;
  confirming = true;
  let offline = false;
  try {
    for (let attempt = 0; !leaving; attempt++) {
      let result: AdminCheck;
      try {
        result = await checkAdmin();
      } catch {
        if (!offline) {
          offline = true;
          toast.error(adminText('admin.shell.offline'), {
            id: OFFLINE_TOAST,
            description: adminText('admin.shell.offlineText'),
            duration: Infinity,
            dismissible: false,
            closeButton: false,
          });
        }
        await nextAttempt(attempt);
        forgetFailedRefresh();
        continue;
      }
      if (result.kind !== 'admin') return leave('expired');
      if (offline) {
        toast.dismiss(OFFLINE_TOAST);
        toast.success(adminText('admin.shell.online'));
      }
      for (const listener of restoredListeners) listener();
      return;
    }
  } finally {
    confirming = false;
  }
}

/** Whether this tab is already on its way to another page (logout, redirect). */
export function isLeaving(): boolean {
  return leaving;
}

export type AdminCheck =
  { kind: 'admin'; userId: string } | { kind: 'no-session' } | { kind: 'not-admin' };

/** Session first (no request), then the database's is_admin for that user. Throws on errors. */
export async function checkAdmin(): Promise<AdminCheck> {
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  const session = data.session;
  if (!session) return { kind: 'no-session' };
  const { data: isAdmin, error: rpcError } = await supabase.rpc('is_admin', {
    check_user_id: session.user.id,
  });
  if (rpcError) throw rpcError;
  return isAdmin === true ? { kind: 'admin', userId: session.user.id } : { kind: 'not-admin' };
}

/** Local sign-out that never throws: a 401/403/404 on sign-out means the session is already gone. */
export async function signOutQuietly(): Promise<void> {
  try {
    await supabase.auth.signOut();
  } catch {
    // Already signed out, or offline: the local session is cleared either way.
  }
}

/**
 * Logout: admin_logout with errors ignored, then sign-out, then the login page. `beforeLeaving`
 * removes what the coordinator leaves on this computer (their drafts: signOut.ts).
 */
export async function logout(beforeLeaving?: () => void): Promise<void> {
  leaving = true;
  try {
    await supabase.rpc('admin_logout');
  } catch {
    // Ignored, as the spec says.
  }
  await signOutQuietly();
  beforeLeaving?.();
  forgetAdmin();
  window.location.assign(`${LOGIN_PATH}?reason=signedOut`);
}
