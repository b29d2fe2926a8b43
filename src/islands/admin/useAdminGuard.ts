import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { adminText } from '~/lib/admin/strings.ts';
import { supabase } from '~/lib/supabase.ts';
import {
  checkAdmin,
  confirmSession,
  forgetAdmin,
  goToLogin,
  isLeaving,
  signOutQuietly,
} from './session.ts';

export type GuardState = { status: 'checking' } | { status: 'admin'; userId: string };

/** How often an open screen re-asks the database whether the admin session is still live. */
const RECHECK_EVERY_MS = 60_000;
/** Focus and visibility changes re-check too, at most this often. */
const RECHECK_AT_MOST_EVERY_MS = 10_000;
/** Long enough to read "no access" before the login page replaces the screen. */
const DENIED_NOTICE_MS = 1500;

/**
 * The access check of every admin screen: no session → login; not an admin →
 * "ليس لديك صلاحية الوصول" and login; any error → login. While the screen stays open the check is
 * repeated (every minute, on focus, on sign-out elsewhere), so an expired or revoked session ends
 * on the login page with a message. A failed re-check from a network blip does not sign anyone out:
 * it shows «لا اتصال» until the server answers again.
 */
export function useAdminGuard(): GuardState {
  const [state, setState] = useState<GuardState>({ status: 'checking' });
  const admitted = useRef(false);

  useEffect(() => {
    let lastCheck = 0;
    let running = false;

    const deny = (initial: boolean) => {
      forgetAdmin();
      void signOutQuietly();
      if (initial) {
        toast.error(adminText('admin.noAccess'));
        window.setTimeout(() => goToLogin('denied'), DENIED_NOTICE_MS);
      } else {
        goToLogin('expired');
      }
    };

    const check = async () => {
      if (running || isLeaving()) return;
      running = true;
      lastCheck = Date.now();
      const initial = !admitted.current;
      try {
        const result = await checkAdmin();
        if (result.kind === 'admin') {
          if (initial) {
            admitted.current = true;
            setState({ status: 'admin', userId: result.userId });
          }
        } else if (result.kind === 'no-session') {
          goToLogin(initial ? undefined : 'expired');
        } else {
          deny(initial);
        }
      } catch {
        // A re-check that could not reach the server says «لا اتصال» and asks again; only the
        // server's refusal ends the session (session.ts confirmSession).
        if (initial) goToLogin('error');
        else void confirmSession();
      } finally {
        running = false;
      }
    };

    const recheckSoon = () => {
      if (admitted.current && Date.now() - lastCheck >= RECHECK_AT_MOST_EVERY_MS) void check();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') recheckSoon();
    };

    void check();
    const timer = window.setInterval(() => {
      if (admitted.current) void check();
    }, RECHECK_EVERY_MS);
    window.addEventListener('focus', recheckSoon);
    document.addEventListener('visibilitychange', onVisibility);
    const { data: auth } = supabase.auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT' && admitted.current) goToLogin('expired');
    });
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', recheckSoon);
      document.removeEventListener('visibilitychange', onVisibility);
      auth.subscription.unsubscribe();
    };
  }, []);

  return state;
}
