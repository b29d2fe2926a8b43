import { useEffect, useState } from 'react';
import { adminText } from '~/lib/admin/strings.ts';

/**
 * The yellow banner that counts requests arrived since the page was opened. Those held back while
 * the coordinator reads lower down are counted apart («طلبات جديدة (3)») and join the list from
 * its button. Arriving down the page it floats over the content (a wrapper of no height), so its
 * arrival moves nothing either.
 */
export function NewRequestsBanner({
  count,
  held,
  floating,
  onShow,
  onDismiss,
}: {
  count: number;
  held: number;
  floating: boolean;
  onShow: () => void;
  onDismiss: () => void;
}) {
  // A banner that arrived at the top keeps its place in the flow until it goes: turning it into a
  // floating one as the coordinator scrolls down would pull the list up under her by its height.
  const [inFlow, setInFlow] = useState(false);
  useEffect(() => {
    if (count === 0) setInFlow(false);
    else if (!floating) setInFlow(true);
  }, [count, floating]);
  if (count === 0) return null;
  const banner = (
    <div
      role="status"
      data-testid="new-requests"
      className="sticky top-2 z-20 flex flex-wrap items-center gap-3 rounded-2xl bg-saffron-300 px-4 py-3 font-semibold text-teal-950 shadow-(--shadow-lift)"
    >
      <span className="relative flex size-3" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-offer-600 opacity-60 motion-reduce:animate-none" />
        <span className="relative inline-flex size-3 rounded-full bg-offer-600" />
      </span>
      <span className="flex-1">
        {adminText('admin.dashboard.arrived', { count })}
        {held > 0 && (
          <span
            data-testid="held-rows"
            className="ms-2 rounded-full bg-white/70 px-2.5 py-0.5 text-sm whitespace-nowrap"
          >
            {adminText('admin.keep.newRows', { count: held })}
          </span>
        )}
      </span>
      <button
        type="button"
        className="btn min-h-10 bg-teal-900 px-4 py-1.5 text-sm text-white hover:bg-teal-800"
        onClick={onShow}
      >
        {adminText('admin.dashboard.arrivedShow')}
      </button>
      <button type="button" className="text-sm underline" onClick={onDismiss}>
        {adminText('admin.dashboard.arrivedDismiss')}
      </button>
    </div>
  );
  // my-0 overrides the list's spacing (space-y-*), which would otherwise add a gap above the rest.
  return floating && !inFlow ? <div className="sticky top-2 z-30 my-0 h-0">{banner}</div> : banner;
}

/** Requests with edits kept on this computer, each a button that opens it with them. */
export function DraftsNotice({
  drafts,
  onOpen,
}: {
  drafts: { requestId: string; name: string }[];
  onOpen: (id: string) => void;
}) {
  if (drafts.length === 0) return null;
  return (
    <section
      data-testid="drafts"
      aria-label={adminText('admin.team.draftsTitle')}
      className="card border-s-4 border-offer-600 p-4"
    >
      <h2 className="font-bold">{adminText('admin.team.draftsTitle')}</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {drafts.map((draft) => (
          <li key={draft.requestId}>
            <button
              type="button"
              className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
              onClick={() => onOpen(draft.requestId)}
            >
              {adminText('admin.team.draftOpen', { name: draft.name })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
