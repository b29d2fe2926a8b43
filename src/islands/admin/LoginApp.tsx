import { ArrowLeft, LockKeyhole } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatClockTime } from '~/lib/admin/dates.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { DatabaseErrorCode, lockedUntil, supabase } from '~/lib/supabase.ts';
import { LogoMark } from '~/components/brand/LogoMark.tsx';
import { AdminToaster } from './AdminToaster.tsx';
import { noteWelcome } from './welcome.ts';
import { ClearedNotice, ClearSiteData } from './ClearSiteData.tsx';
import {
  DASHBOARD_PATH,
  loginReasons,
  rememberAdmin,
  signOutQuietly,
  type LoginReason,
} from './session.ts';

/** /admin/login: anonymous sign-in, then admin_login (docs/local-stack.md "Staff access"). */
export default function LoginApp({ cleared = false }: { cleared?: boolean }) {
  return (
    <>
      <LoginForm cleared={cleared} />
      <AdminToaster />
    </>
  );
}

type Outcome = 'success' | 'failed' | 'locked' | 'error';

/**
 * The spec's flow: an anonymous session, then admin_login binds it to an admin session when the
 * username and password are right. A locked username (PT423) says until when. The browser's own
 * anonymous session is reused across attempts: hosted Auth allows 30 anonymous sign-ins per hour
 * per address (config.toml), and an office of coordinators shares one address.
 */
async function signIn(
  username: string,
  password: string,
): Promise<{ outcome: Outcome; until?: Date | null }> {
  const { data: current } = await supabase.auth.getSession();
  if (!current.session?.user.is_anonymous) {
    await signOutQuietly();
    const { error: anonymousError } = await supabase.auth.signInAnonymously();
    if (anonymousError) throw anonymousError;
  }
  const { data, error } = await supabase.rpc('admin_login', {
    _username: username,
    _password: password,
  });
  if (error?.code === DatabaseErrorCode.accountLocked) {
    return { outcome: 'locked', until: lockedUntil(error) };
  }
  if (error) throw error;
  if (data === true) return { outcome: 'success' };
  // A failed attempt leaves the anonymous session as it was (no admin rights); the next reuses it.
  return { outcome: 'failed' };
}

function readReason(): LoginReason | null {
  const reason = new URLSearchParams(window.location.search).get('reason');
  return (loginReasons as readonly string[]).includes(reason ?? '')
    ? (reason as LoginReason)
    : null;
}

function LoginForm({ cleared }: { cleared: boolean }) {
  const uid = useId();
  const [reason] = useState(readReason);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [state, setState] = useState<'idle' | 'verifying' | 'success'>('idle');
  const [locked, setLocked] = useState<string | null>(null);

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (state !== 'idle') return;
    const name = username.trim();
    const next = {
      ...(name ? {} : { username: adminText('admin.login.usernameRequired') }),
      ...(password ? {} : { password: adminText('admin.login.passwordRequired') }),
    };
    setErrors(next);
    if (next.username || next.password) {
      document.getElementById(`${uid}-${next.username ? 'username' : 'password'}`)?.focus();
      return;
    }
    setState('verifying');
    setLocked(null);
    try {
      const { outcome, until } = await signIn(name, password);
      if (outcome === 'success') {
        rememberAdmin(name);
        setState('success');
        // Straight to the dashboard, which says the welcome (no fixed delay before the list).
        noteWelcome();
        window.location.assign(DASHBOARD_PATH);
        return;
      }
      if (outcome === 'locked') {
        const message = until
          ? adminText('admin.login.lockedDescription', { time: formatClockTime(until) })
          : adminText('admin.login.lockedSoon');
        setLocked(message);
        toast.error(adminText('admin.login.lockedTitle'), { description: message });
      } else {
        toast.error(adminText('admin.login.failedTitle'), {
          description: adminText('admin.login.failedDescription'),
        });
      }
    } catch {
      toast.error(adminText('admin.error'), {
        description: adminText('admin.login.errorDescription'),
      });
    }
    setState('idle');
  };

  const inputClass = (invalid: boolean) =>
    `mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink focus:border-teal-700 focus:outline-none ${
      invalid ? 'border-offer-600' : 'border-sand-300'
    }`;

  return (
    <div
      id="content"
      tabIndex={-1}
      className="flex min-h-dvh items-center justify-center px-4 py-10 outline-none"
    >
      <div className="card w-full max-w-md p-6 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="size-12" />
          <h1 className="mt-4 text-2xl font-bold">{adminText('admin.login.heading')}</h1>
          <p className="mt-1 text-sm text-muted">{adminText('admin.login.intro')}</p>
        </div>

        {reason && (
          <p
            role="status"
            data-testid="login-reason"
            className={`mt-5 rounded-xl px-4 py-3 text-sm font-semibold ${
              reason === 'signedOut'
                ? 'bg-teal-50 text-teal-900'
                : 'bg-saffron-300/50 text-teal-950'
            }`}
          >
            {adminText(`admin.reason.${reason}`)}
          </p>
        )}
        {cleared ? <ClearedNotice /> : reason === 'signedOut' && <ClearSiteData />}
        {locked && (
          <div
            role="alert"
            data-testid="login-locked"
            className="mt-5 flex gap-3 rounded-xl bg-offer-700 px-4 py-3 text-sm text-white"
          >
            <LockKeyhole className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-bold">{adminText('admin.login.lockedTitle')}</p>
              <p>{locked}</p>
            </div>
          </div>
        )}

        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-4">
          <div>
            <label htmlFor={`${uid}-username`} className="block font-semibold text-teal-900">
              {adminText('admin.login.username')}
            </label>
            <input
              id={`${uid}-username`}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              dir="auto"
              required
              value={username}
              onChange={(event) => {
                setUsername(event.target.value);
                setErrors(({ username: _, ...rest }) => rest);
              }}
              aria-invalid={Boolean(errors.username)}
              aria-describedby={errors.username ? `${uid}-username-error` : undefined}
              className={inputClass(Boolean(errors.username))}
            />
            {errors.username && (
              <p
                id={`${uid}-username-error`}
                className="mt-1.5 text-sm font-semibold text-offer-700"
              >
                {errors.username}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${uid}-password`} className="block font-semibold text-teal-900">
              {adminText('admin.login.password')}
            </label>
            <input
              id={`${uid}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              dir="ltr"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setErrors(({ password: _, ...rest }) => rest);
              }}
              aria-invalid={Boolean(errors.password)}
              aria-describedby={errors.password ? `${uid}-password-error` : undefined}
              className={inputClass(Boolean(errors.password))}
            />
            {errors.password && (
              <p
                id={`${uid}-password-error`}
                className="mt-1.5 text-sm font-semibold text-offer-700"
              >
                {errors.password}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary w-full" disabled={state !== 'idle'}>
            {state === 'idle'
              ? adminText('admin.login.submit')
              : adminText('admin.login.verifying')}
          </button>
        </form>
        <a href="/" className="btn btn-ghost mt-3 w-full">
          <ArrowLeft className="size-4 flip-rtl" aria-hidden="true" />
          {adminText('admin.login.backHome')}
        </a>
      </div>
    </div>
  );
}
