import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { adminText } from '~/lib/admin/strings.ts';
import { adminQueryKeys, fetchRequest, fetchSamePhone, fetchStaff } from '../data.ts';
import { RequestDialog } from '../RequestDialog.tsx';

/**
 * The dashboard's request dialog for a lead's request, opened from the leads screen: the request is
 * read on its own (with its staff list and duplicates), and another request of the same phone
 * opens in its place.
 */
export function LeadRequestDialog({
  requestId,
  onOpenRequest,
  onClose,
}: {
  requestId: string;
  onOpenRequest: (id: string) => void;
  /** Stable (useCallback): the dialog closes itself when the request is gone. */
  onClose: () => void;
}) {
  const request = useQuery({
    queryKey: adminQueryKeys.request(requestId),
    queryFn: () => fetchRequest(requestId),
  });
  const staff = useQuery({ queryKey: adminQueryKeys.staff, queryFn: fetchStaff });
  const open = request.data ?? null;
  const samePhone = useQuery({
    queryKey: adminQueryKeys.samePhone(open?.phone_key ?? ''),
    queryFn: () => fetchSamePhone(open!.phone_key!),
    enabled: Boolean(open?.phone_key),
  });
  // Deleted (or moved to the bin) since the list was read: say so instead of opening nothing.
  const gone = request.isFetched && !request.isError && request.data === null;
  const failed = request.isError;
  useEffect(() => {
    if (!gone && !failed) return;
    toast.error(adminText('admin.error'), {
      description: adminText(gone ? 'admin.leads.requestGone' : 'admin.leads.loadError'),
    });
    onClose();
  }, [gone, failed, onClose]);
  if (!open) return null;
  return (
    <RequestDialog
      key={open.id}
      request={open}
      staff={staff.data ?? []}
      duplicates={(samePhone.data ?? []).filter((row) => row.id !== open.id)}
      onOpenRequest={onOpenRequest}
      onClose={onClose}
    />
  );
}
