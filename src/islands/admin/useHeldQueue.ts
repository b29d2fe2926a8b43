import { useCallback, useEffect, useRef, useState } from 'react';
import type { RealtimeChange } from '~/lib/admin/live.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';

type Change = RealtimeChange<ContactRequest>;

/**
 * New requests held back while the coordinator reads lower down the dashboard (the list never
 * moves under her cursor), and the later changes of a held one, in order. `release` hands them to
 * `apply`; rows read again for other filters (`queryKey`) come from the database with the held
 * requests among them, so the queue is dropped then.
 */
export function useHeldQueue(queryKey: unknown, apply: (changes: Change[]) => void) {
  const waiting = useRef<{ ids: Set<string>; changes: Change[] }>({ ids: new Set(), changes: [] });
  const [held, setHeld] = useState(0);

  useEffect(() => {
    waiting.current = { ids: new Set(), changes: [] };
    setHeld(0);
  }, [queryKey]);

  /** Keeps the change if it is a new request that `joins` the rows, or one of a held request's. */
  const waits = useCallback((change: Change, joins: boolean): boolean => {
    const id = change.new.id ?? change.old.id;
    const queue = waiting.current;
    if (!id || !(queue.ids.has(id) || (joins && change.eventType === 'INSERT'))) return false;
    queue.changes.push(change);
    if (change.eventType === 'INSERT') queue.ids.add(id);
    setHeld(queue.ids.size);
    return true;
  }, []);

  const release = useCallback(() => {
    const { changes } = waiting.current;
    waiting.current = { ids: new Set(), changes: [] };
    setHeld(0);
    if (changes.length > 0) apply(changes);
  }, [apply]);

  return { held, waits, release };
}
