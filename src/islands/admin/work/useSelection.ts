import { useMemo, useState } from 'react';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import type { BulkItem, BulkResult } from './bulk.ts';

/**
 * The table's ticked requests, each with the version it had when ticked: a bulk change applies
 * only if nobody changed it since (a colleague's later change is never overwritten). Those the
 * database left because they changed meanwhile stay ticked at their new version, marked.
 */
export function useSelection(rows: readonly ContactRequest[]) {
  const [selected, setSelected] = useState<ReadonlyMap<string, number>>(new Map());
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  // Only what is on screen can be acted on: a selection hidden by a filter is not sent.
  const items: BulkItem[] = useMemo(
    () =>
      rows
        .filter((row) => selected.has(row.id))
        .map(({ id }) => ({ id, version: selected.get(id)! })),
    [rows, selected],
  );
  const select = (id: string, on: boolean) => {
    const row = rows.find((candidate) => candidate.id === id);
    setSelected((current) => {
      const next = new Map(current);
      if (on && row) next.set(id, row.version);
      else next.delete(id);
      return next;
    });
    setChanged((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  };
  const selectAll = (on: boolean) => {
    setChanged(new Set());
    setSelected(on ? new Map(rows.map((row) => [row.id, row.version])) : new Map());
  };
  // Applying again to the ones changed meanwhile is a deliberate choice on what is shown now.
  const done = (result: BulkResult) => {
    setSelected(new Map(result.stale.map((row) => [row.id, row.version])));
    setChanged(new Set(result.stale.map((row) => row.id)));
  };
  return { selected, changed, items, select, selectAll, clear: () => selectAll(false), done };
}
