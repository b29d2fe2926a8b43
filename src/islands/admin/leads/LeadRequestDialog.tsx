import { useQuery } from '@tanstack/react-query';
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
  if (!open) {
    return request.isFetched ? (
      <p role="status" className="sr-only">
        {adminText('admin.leads.loadError')}
      </p>
    ) : null;
  }
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
