import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { isSessionError } from '~/lib/admin/query.ts';
import { refusalText } from '~/lib/admin/refusals.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { staffAction } from '~/lib/admin/writes.ts';
import { goToLogin } from './session.ts';

type HeldReason = 'flood' | 'address' | 'phone';

const reasonKeys = {
  flood: 'admin.held.reason.flood',
  address: 'admin.held.reason.address',
  phone: 'admin.held.reason.phone',
} as const;

/**
 * A request held for verification (supabase/migrations/20261126120000_held_leads.sql): stored
 * during unusual traffic and not mailed. Staff check it and release it into the inbox; the
 * release arrives back through the live channel like any other change.
 */
export function HeldNotice({ request }: { request: ContactRequest }) {
  const [releasing, setReleasing] = useState(false);
  const reason = request.held_reason as HeldReason | null;
  if (!reason) return null;
  const release = async () => {
    setReleasing(true);
    try {
      // One action under the write protocol: pressed again after no answer, it is the same one.
      await staffAction('release_held_requests', { _ids: [request.id] });
      toast.success(adminText('admin.held.released'));
    } catch (error) {
      if (isSessionError(error)) return goToLogin('expired');
      toast.error(adminText('admin.held.releaseError'), { description: refusalText(error) });
    } finally {
      setReleasing(false);
    }
  };
  return (
    <div
      data-testid="held-notice"
      className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sand-100 px-3 py-2 text-sm"
    >
      <span className="inline-flex items-center gap-1 font-semibold text-teal-950">
        <ShieldAlert className="size-4" aria-hidden="true" />
        {adminText('admin.held.badge')}: {adminText(reasonKeys[reason] ?? reasonKeys.flood)}
      </span>
      <button
        type="button"
        onClick={() => void release()}
        disabled={releasing}
        aria-label={adminText('admin.held.releaseLabel', { name: request.name })}
        className="btn btn-primary min-h-10 px-4 py-1.5 text-sm disabled:opacity-70"
      >
        {adminText('admin.held.release')}
      </button>
    </div>
  );
}
