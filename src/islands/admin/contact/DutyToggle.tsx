import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UserCheck } from 'lucide-react';
import { toast } from 'sonner';
import { adminText } from '~/lib/admin/strings.ts';
import { contactKeys, fetchMyDuty, setMyDuty } from './contactData.ts';

/**
 * «مناوب الآن»: the signed-in staff member marks themselves on or off duty (issue 32). While the
 * owner's routing is on, new requests from the forms are assigned in turn among those on duty.
 */
export function DutyToggle() {
  const queryClient = useQueryClient();
  const duty = useQuery({ queryKey: contactKeys.duty, queryFn: fetchMyDuty });
  // The switch moves at once; the database's answer then replaces it (or puts it back).
  const [asked, setAsked] = useState<boolean | null>(null);
  const change = useMutation({
    mutationFn: setMyDuty,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.duty }),
    onError: () => toast.error(adminText('admin.duty.failed')),
    onSettled: () => setAsked(null),
  });
  if (!duty.data) return null;
  const on = asked ?? duty.data.on_duty;
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-semibold text-teal-900">
      <input
        type="checkbox"
        role="switch"
        data-testid="duty-toggle"
        className="size-4 accent-teal-700"
        checked={on}
        disabled={change.isPending}
        onChange={(event) => {
          setAsked(event.target.checked);
          change.mutate(event.target.checked);
        }}
      />
      <UserCheck className="size-4" aria-hidden="true" />
      {adminText('admin.duty.label')}
      {!duty.data.routing_enabled && (
        <span className="font-normal text-muted">{adminText('admin.duty.routingOff')}</span>
      )}
    </label>
  );
}
