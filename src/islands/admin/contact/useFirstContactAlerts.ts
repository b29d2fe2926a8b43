import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import { alertKey, firstContactAlerts, type AlertRow } from '~/lib/admin/first-contact.ts';
import { serviceLabel } from '~/lib/admin/labels.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { adminQueryKeys, fetchMyStaffId } from '../data.ts';
import { alertEnabled, chime } from '../work/newLeadAlert.ts';
import { contactKeys, fetchFirstContactQueue } from './contactData.ts';

/** The waiting requests are read again this often; the rows on screen are live anyway. */
const REFRESH_MS = 30_000;
/** How often the clock is compared with their due times. */
const TICK_MS = 5_000;
/** More alerts than this at once (a morning's backlog) become one summary. */
const AT_ONCE = 3;
const SHOWN_KEY = 'rihla.admin.firstContactAlerted';

function alertedInThisTab(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

/** A desktop notification when the tab is hidden, allowed and the new-lead alert is on. */
function notify(row: AlertRow): void {
  if (
    document.visibilityState !== 'hidden' ||
    typeof Notification === 'undefined' ||
    Notification.permission !== 'granted'
  )
    return;
  const notification = new Notification(adminText('admin.firstContact.alert', { name: row.name }), {
    body: serviceLabel(row.service),
    lang: 'ar',
    dir: 'rtl',
    tag: `first-contact-${row.id}`,
  });
  notification.onclick = () => {
    window.focus();
    notification.close();
  };
}

/**
 * Nobody forgotten (issue 32): while the dashboard is open, a request nobody has contacted when its
 * first-contact time passes alerts its assignee, or everyone while it is unassigned: a message
 * «لم يُتواصل بعد مع …» that stays until closed, with «فتح الطلب», and, with the new-lead alert
 * switched on, the chime and a desktop notification when the tab is in the background. Once per
 * request and due time in this tab (also across reloads). Reads the database's list of waiting
 * requests (public.first_contact_queue) and the live rows on screen.
 */
export function useFirstContactAlerts(
  rows: readonly AlertRow[],
  onOpen: (id: string) => void,
): void {
  const me = useQuery({ queryKey: adminQueryKeys.me, queryFn: fetchMyStaffId });
  const myId = me.data ?? null;
  const queue = useQuery({
    queryKey: contactKeys.queue,
    queryFn: fetchFirstContactQueue,
    refetchInterval: REFRESH_MS,
  });
  const open = useRef(onOpen);
  open.current = onOpen;
  // The live rows win over the list read earlier (a contact since then takes a row out).
  const candidates = useMemo(() => {
    const byId = new Map((queue.data ?? []).map((row) => [row.id, row]));
    for (const row of rows) byId.set(row.id, row);
    return [...byId.values()];
  }, [queue.data, rows]);

  useEffect(() => {
    if (!me.isFetched) return;
    const check = () => {
      const alerted = alertedInThisTab();
      const due = firstContactAlerts(candidates, myId, alerted, Date.now());
      if (due.length === 0) return;
      due.forEach((row) => alerted.add(alertKey(row)));
      for (const row of due.slice(0, AT_ONCE)) {
        toast.warning(adminText('admin.firstContact.alert', { name: row.name }), {
          id: `first-contact-${row.id}`,
          description: adminText('admin.firstContact.alertBody'),
          duration: Infinity,
          action: {
            label: adminText('admin.firstContact.open'),
            onClick: () => open.current(row.id),
          },
        });
        if (alertEnabled()) notify(row);
      }
      if (due.length > AT_ONCE) {
        toast.warning(adminText('admin.firstContact.alertMore', { count: due.length - AT_ONCE }), {
          id: 'first-contact-more',
          duration: Infinity,
        });
      }
      if (alertEnabled()) chime();
      try {
        sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...alerted].slice(-300)));
      } catch {
        // Storage blocked: a reload may alert once more.
      }
    };
    check();
    const timer = window.setInterval(check, TICK_MS);
    return () => window.clearInterval(timer);
  }, [candidates, myId, me.isFetched]);
}
