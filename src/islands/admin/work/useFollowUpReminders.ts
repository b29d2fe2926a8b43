import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import { dueReminders, reminderKey } from '~/lib/admin/followUp.ts';
import type { PageRow } from '~/lib/admin/page.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { endOfToday } from '~/lib/admin/team.ts';
import { adminQueryKeys, fetchMyStaffId, fetchRequestPage } from '../data.ts';
import { announceFollowUp } from './newLeadAlert.ts';

/** The coordinator's upcoming follow-ups are read again this often (and after any change). */
const REFRESH_MS = 60_000;
/** How often the clock is compared with them: a reminder comes at most this late. */
const TICK_MS = 10_000;
const SHOWN_KEY = 'rihla.admin.reminded';

function shownInThisTab(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

/**
 * The in-app reminder of the follow-up queue: while the dashboard is open, each follow-up of a
 * request assigned to the signed-in coordinator shows «حان موعد المتابعة: …» with «فتح الطلب» when
 * its time comes (once per follow-up time, also across reloads of the tab), with the new-lead
 * alert's chime and desktop notification when that alert is on. Follow-ups already overdue when
 * the dashboard opens are in the "overdue" counter and filter instead.
 */
export function useFollowUpReminders(onOpen: (id: string) => void): void {
  const me = useQuery({ queryKey: adminQueryKeys.me, queryFn: fetchMyStaffId });
  const myId = me.data ?? null;
  const upcoming = useQuery({
    queryKey: ['admin', 'my_follow_ups', myId],
    queryFn: async () => {
      const endOfDay = endOfToday().toISOString();
      const page = await fetchRequestPage(
        {
          _query: null,
          _status: null,
          _service: null,
          _source: null,
          _assignee: 'mine',
          _due_before: null,
          _due_counter_before: endOfDay,
          _follow_up: 'today',
        },
        null,
      );
      return page.rows;
    },
    enabled: myId !== null,
    refetchInterval: REFRESH_MS,
  });
  const open = useRef(onOpen);
  open.current = onOpen;
  // A follow-up that fell due between two reads is no longer "later today" in the second: the rows
  // read before are kept until they are due, unless the new read shows they moved or closed.
  const known = useRef(new Map<string, PageRow>());
  const rows = useMemo(() => {
    if (!upcoming.data) return undefined;
    const now = Date.now();
    const next = new Map(upcoming.data.map((row) => [row.id, row]));
    for (const [id, row] of known.current) {
      if (!next.has(id) && Date.parse(row.follow_up_at ?? '') <= now) next.set(id, row);
    }
    known.current = next;
    return [...next.values()];
  }, [upcoming.data]);

  useEffect(() => {
    if (!rows?.length) return;
    const check = () => {
      const shown = shownInThisTab();
      for (const reminder of dueReminders(rows, shown, new Date())) {
        shown.add(reminderKey(reminder));
        toast.info(adminText('admin.followUp.reminder', { name: reminder.name }), {
          id: `follow-up-${reminder.id}`,
          duration: Infinity,
          action: {
            label: adminText('admin.followUp.reminderOpen'),
            onClick: () => open.current(reminder.id),
          },
        });
        announceFollowUp(reminder);
      }
      try {
        sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...shown].slice(-200)));
      } catch {
        // Storage blocked: a reload may remind once more.
      }
    };
    check();
    const timer = window.setInterval(check, TICK_MS);
    return () => window.clearInterval(timer);
  }, [rows]);
}
