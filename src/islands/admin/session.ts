/**
 * Staff sessions in the browser (docs/admin.md, docs/local-stack.md "Staff access"). Every decision is the
 * database's: `is_admin` answers for the signed-in (anonymous) user. The localStorage flag and
 * username are only a hint for the greeting.
 */
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

/** Leaves for the login page once, whatever asks first (guard, realtime, a refused query). */
export function goToLogin(reason?: LoginReason): void {
  if (leaving) return;
  leaving = true;
  window.location.replace(reason ? `${LOGIN_PATH}?reason=${reason}` : LOGIN_PATH);
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
