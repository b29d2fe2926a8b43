import { useState } from 'react';
import { adminText } from '~/lib/admin/strings.ts';
import { clearSiteData } from './signOut.ts';

/** The page the browser is sent to after clearing: it answers with Clear-Site-Data (public/_headers). */
export const CLEARED_PATH = '/admin/login/cleared/';

/**
 * On the signed-out page of a shared computer: clears everything this site keeps in the browser,
 * then goes to a page whose answer tells the browser to drop its HTTP cache for the site too.
 */
export function ClearSiteData() {
  const [busy, setBusy] = useState(false);
  return (
    <div className="mt-3 text-sm">
      <button
        type="button"
        className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void clearSiteData().then(() => window.location.assign(CLEARED_PATH));
        }}
      >
        {adminText('admin.keep.clearData')}
      </button>
      <p className="mt-1 text-muted">{adminText('admin.keep.clearDataHint')}</p>
    </div>
  );
}

/** Shown on the page reached after clearing. */
export function ClearedNotice() {
  return (
    <p role="status" data-testid="site-data-cleared" className="mt-3 text-sm font-semibold">
      {adminText('admin.keep.cleared')}
    </p>
  );
}
