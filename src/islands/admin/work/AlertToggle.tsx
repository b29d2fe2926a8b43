import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { adminText } from '~/lib/admin/strings.ts';
import { alertEnabled, setAlertEnabled } from './newLeadAlert.ts';

/** «تنبيه عند وصول طلب جديد»: a switch, off until the coordinator turns it on (newLeadAlert.ts). */
export function AlertToggle() {
  const [on, setOn] = useState(alertEnabled);
  const [blocked, setBlocked] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="inline-flex cursor-pointer items-center gap-2 font-semibold text-teal-900">
        <input
          type="checkbox"
          role="switch"
          data-testid="alert-toggle"
          className="size-4 accent-teal-700"
          checked={on}
          onChange={(event) => {
            const next = event.target.checked;
            setOn(next);
            void setAlertEnabled(next).then((permission) =>
              setBlocked(next && permission === 'denied'),
            );
          }}
        />
        <BellRing className="size-4" aria-hidden="true" />
        {adminText('admin.work.alert')}
      </label>
      {blocked && (
        <span role="status" className="text-muted">
          {adminText('admin.work.alertBlocked')}
        </span>
      )}
    </div>
  );
}
