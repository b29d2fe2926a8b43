import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { isSessionError } from '~/lib/admin/query.ts';
import { refusalText } from '~/lib/admin/refusals.ts';
import { adminText } from '~/lib/admin/strings.ts';
import {
  fieldsOfPlan,
  mergeTrip,
  tripProblems,
  type TripFields,
  type TripLimits,
  type TripPlan,
  type TripProblem,
} from '~/lib/admin/trip.ts';
import { StaleVersionError } from '~/lib/admin/writes.ts';
import { adminQueryKeys } from '../data.ts';
import { goToLogin, rememberedUsername } from '../session.ts';
import { fetchRequestTrip, saveTripPlan, tripKey } from './tripData.ts';

/** A save refused because a colleague saved the plan since: who, when, and their plan. */
export interface TripConflict {
  by: string | null;
  at: string | null;
  theirs: TripPlan | null;
}

interface KeptTrip {
  version: number | null;
  fields: TripFields;
}

/**
 * What is typed into the plan, kept in this tab's sessionStorage until the database holds it: a
 * reload or a lost connection loses nothing, and a shared computer keeps nothing once the tab is
 * closed.
 */
const keptKey = (requestId: string) =>
  `rihla.admin.trip.${encodeURIComponent(rememberedUsername() ?? '')}.${requestId}`;

function readKept(requestId: string): KeptTrip | null {
  try {
    const raw = sessionStorage.getItem(keptKey(requestId));
    const kept = raw ? (JSON.parse(raw) as KeptTrip) : null;
    return kept && Array.isArray(kept.fields?.days) ? kept : null;
  } catch {
    return null;
  }
}

function keep(requestId: string, kept: KeptTrip | null): void {
  try {
    if (kept) sessionStorage.setItem(keptKey(requestId), JSON.stringify(kept));
    else sessionStorage.removeItem(keptKey(requestId));
  } catch {
    // Storage blocked: the editor still says the plan is not saved.
  }
}

/** Whether this tab holds typing of the request's plan that the database does not have yet. */
export function hasKeptTrip(requestId: string): boolean {
  return readKept(requestId) !== null;
}

/**
 * One plan being edited under the staff write protocol (~/lib/admin/writes.ts): the save names
 * the plan version the editor opened (null: it starts the plan from the chosen quote); a
 * colleague's save since is never overwritten but shown as a conflict (re-apply the fields I
 * changed on top of theirs, or take theirs). A refusal is worded by refusalText; nothing typed is dropped.
 */
export function useTripEditor(options: {
  requestId: string;
  opened: { version: number | null; fields: TripFields };
  limits: TripLimits;
  onSaved: () => void;
}) {
  const { requestId, limits } = options;
  const queryClient = useQueryClient();
  const [start] = useState(() => readKept(requestId) ?? options.opened);
  const [restored] = useState(() => readKept(requestId) !== null);
  const [fields, setFields] = useState<TripFields>(start.fields);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<TripConflict | null>(null);
  const [shown, setShown] = useState<TripProblem[]>([]);
  const version = useRef(start.version);

  const set = (patch: Partial<TripFields>) => {
    setFields((current) => {
      const next = { ...current, ...patch };
      keep(requestId, { version: version.current, fields: next });
      return next;
    });
    setShown([]);
  };

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tripKey(requestId) }),
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) }),
    ]);

  const save = async (sent: TripFields = fields): Promise<void> => {
    const problems = tripProblems(sent, limits);
    setShown(problems);
    if (problems.length) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveTripPlan(requestId, version.current, sent);
      keep(requestId, null);
      toast.success(adminText('admin.trip.saved'));
      await refresh();
      options.onSaved();
    } catch (error) {
      if (isSessionError(error)) return goToLogin('expired');
      if (error instanceof StaleVersionError) {
        const now = await fetchRequestTrip(requestId).catch(() => null);
        setConflict({ by: error.by, at: error.at, theirs: now?.plan ?? null });
      }
      setFailure(refusalText(error));
    } finally {
      setSaving(false);
    }
  };

  /** The conflict's answers: mine again over their version, or theirs instead of mine. */
  const resolve = (choice: 'mine' | 'theirs') => {
    const theirs = conflict?.theirs ?? null;
    setConflict(null);
    setFailure(null);
    version.current = theirs?.version ?? null;
    if (choice === 'mine') {
      // What this coordinator changed since opening, on top of the colleague's plan.
      const mine = theirs ? mergeTrip(options.opened.fields, fields, fieldsOfPlan(theirs)) : fields;
      setFields(mine);
      keep(requestId, { version: version.current, fields: mine });
      return void save(mine);
    }
    keep(requestId, null);
    if (theirs) setFields(fieldsOfPlan(theirs));
    void refresh();
  };

  const discard = () => {
    keep(requestId, null);
    options.onSaved();
  };

  return {
    fields,
    set,
    save,
    saving,
    failure,
    conflict,
    resolve,
    problems: shown,
    restored,
    discard,
  };
}
