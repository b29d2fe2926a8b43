import { useEffect, useState } from 'react';
import { supabase } from '~/lib/supabase.ts';

export interface IndexNowProps {
  /** The ten page addresses google-indexing accepts, absolute. */
  urls: string[];
  loginHref: string;
  dashboardHref: string;
  strings: {
    title: string;
    lead: string;
    button: string;
    sending: string;
    success: string;
    error: string;
    last: string;
    never: string;
    urls: string;
    checking: string;
    back: string;
  };
}

type Status = 'checking' | 'idle' | 'sending' | 'success' | 'error';

const LAST_KEY = 'rihla:last-indexed';

/** "21 نوفمبر 2026، 14:05" in the Gregorian calendar (plain ar-SA would be Hijri). */
const formatArabic = (date: Date) =>
  new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(date);

/**
 * The indexing page, made safe: it spends the site's indexing quota, so only an admin
 * with a live session may use it (the edge function checks again on the server).
 */
export default function IndexNow({ urls, loginHref, dashboardHref, strings }: IndexNowProps) {
  const [status, setStatus] = useState<Status>('checking');
  const [last, setLast] = useState<string | null>(null);

  useEffect(() => {
    setLast(localStorage.getItem(LAST_KEY));
    (async () => {
      const { data } = await supabase.auth.getSession();
      const session = data.session;
      if (!session) return window.location.replace(loginHref);
      const { data: isAdmin, error } = await supabase.rpc('is_admin', {
        check_user_id: session.user.id,
      });
      if (error || !isAdmin) return window.location.replace(loginHref);
      setStatus('idle');
    })().catch(() => window.location.replace(loginHref));
  }, [loginHref]);

  const send = async () => {
    setStatus('sending');
    const { error } = await supabase.functions.invoke('google-indexing', { body: { urls } });
    if (error) return setStatus('error');
    const now = new Date().toISOString();
    localStorage.setItem(LAST_KEY, now);
    setLast(now);
    setStatus('success');
  };

  if (status === 'checking') {
    return <p className="text-muted">{strings.checking}</p>;
  }

  return (
    <div className="card p-6 sm:p-8">
      <p className="mb-6 text-muted">{strings.lead}</p>
      <button
        type="button"
        className="btn btn-primary disabled:opacity-70"
        disabled={status === 'sending'}
        onClick={() => void send()}
      >
        {status === 'sending' ? strings.sending : strings.button}
      </button>
      <p role="status" className="mt-4 min-h-6 font-semibold">
        {status === 'success' && <span className="text-teal-700">{strings.success}</span>}
        {status === 'error' && <span className="text-offer-700">{strings.error}</span>}
      </p>
      <p className="text-sm text-muted" data-testid="last-indexed">
        {last ? strings.last.replace('{date}', formatArabic(new Date(last))) : strings.never}
      </p>
      <details className="mt-6">
        <summary className="font-semibold text-teal-800">{strings.urls}</summary>
        <ul className="mt-3 space-y-1 text-sm" dir="ltr">
          {urls.map((url) => (
            <li key={url}>{url}</li>
          ))}
        </ul>
      </details>
      <a href={dashboardHref} className="btn btn-ghost mt-6">
        {strings.back}
      </a>
    </div>
  );
}
