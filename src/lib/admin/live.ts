/**
 * Applies one realtime change to a loaded list at once, so a new lead shows before the list's
 * reload (any change reloads the list) has brought the authoritative rows.
 */

export interface RealtimeChange<Row> {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Partial<Row>;
  old: Partial<Row>;
}

type Listed = { id: string; created_at: string };

/** The list after the change, newest first; `undefined` (nothing loaded yet) stays undefined. */
export function applyRealtimeChange<Row extends Listed>(
  rows: Row[] | undefined,
  change: RealtimeChange<Row>,
): Row[] | undefined {
  if (!rows) return rows;
  if (change.eventType === 'DELETE') {
    const id = change.old.id;
    return id === undefined ? rows : rows.filter((row) => row.id !== id);
  }
  const record = change.new;
  if (typeof record.id !== 'string' || typeof record.created_at !== 'string') return rows;
  const at = rows.findIndex((row) => row.id === record.id);
  if (at !== -1) {
    const next = rows.slice();
    next[at] = { ...rows[at]!, ...record };
    return next;
  }
  // New rows are almost always the newest: look from the top for the first older row.
  const created = Date.parse(record.created_at);
  let position = 0;
  while (position < rows.length && Date.parse(rows[position]!.created_at) > created) position += 1;
  return [...rows.slice(0, position), record as Row, ...rows.slice(position)];
}
