import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminQueryKeys, fetchRequest, fetchSamePhone } from './data.ts';

/**
 * The request in the dialog, owned by the dialog rather than by the list: taken from the rows on
 * screen, or read on its own when it is not among them (a duplicate, a kept draft, or a row that
 * just left the filtered list because a colleague assigned it or its status changed). While that
 * read is on its way the dialog keeps the row it had, so it is never unmounted or refocused under
 * the coordinator's typing. `gone` says a colleague erased it (a realtime delete, or a read that
 * finds nothing).
 */
export function useOpenRequest(
  openId: string | null,
  listed: ContactRequest | undefined,
  erased: ReadonlySet<string>,
) {
  const single = useQuery({
    queryKey: adminQueryKeys.request(openId ?? ''),
    queryFn: () => fetchRequest(openId!),
    enabled: openId !== null && !listed,
  });
  const candidates = [listed, single.data ?? undefined].filter(
    (row): row is ContactRequest => row !== undefined && row.id === openId,
  );
  // The newest of what the list and the single read hold (realtime updates both).
  const fresh = candidates.sort((a, b) => b.version - a.version)[0] ?? null;
  const [kept, setKept] = useState<ContactRequest | null>(null);
  if (fresh && fresh !== kept) setKept(fresh);
  const open = fresh ?? (kept && kept.id === openId ? kept : null);
  const gone =
    open !== null && (erased.has(open.id) || (!listed && single.isSuccess && single.data === null));

  const samePhone = useQuery({
    queryKey: adminQueryKeys.samePhone(open?.phone_key ?? ''),
    queryFn: () => fetchSamePhone(open!.phone_key!),
    enabled: Boolean(open?.phone_key),
  });
  const duplicates = (samePhone.data ?? []).filter((row) => row.id !== open?.id);
  return { open, gone, duplicates };
}
