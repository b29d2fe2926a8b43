/**
 * The trip editor's calls (supabase/migrations/20261202160000_trip_plans.sql): the request's plan
 * and chosen quote (public.request_trip) and the save over the version the editor opened
 * (public.save_trip_plan, through the write protocol: a stale save throws StaleVersionError).
 */
import type { Json } from '~/lib/database.types.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import {
  DEFAULT_TRIP_LIMITS,
  tripPayload,
  type RequestTrip,
  type TripFields,
  type TripPlan,
} from '~/lib/admin/trip.ts';
import { staffWrite } from '~/lib/admin/writes.ts';
import { supabase } from '~/lib/supabase.ts';

export const tripKey = (requestId: string) => ['admin', 'request_trip', requestId] as const;

export async function fetchRequestTrip(requestId: string): Promise<RequestTrip> {
  const { data, error, status } = await supabase.rpc('request_trip', { _request_id: requestId });
  if (error) throw new AdminDataError(error.message, status, error.code ?? '');
  const answer = (data ?? {}) as unknown as Partial<RequestTrip>;
  return {
    plan: answer.plan ?? null,
    chosen: answer.chosen ?? null,
    limits: { ...DEFAULT_TRIP_LIMITS, ...answer.limits },
  };
}

/** Saves `fields` over the plan version the editor opened (null: it starts the plan). */
export async function saveTripPlan(
  requestId: string,
  version: number | null,
  fields: TripFields,
): Promise<TripPlan> {
  const data = await staffWrite('save_trip_plan', {
    _request_id: requestId,
    // Sent as null when no plan was opened: PostgREST finds the function by its argument names.
    _version: version as number,
    _fields: tripPayload(fields) as Json,
  });
  return data as unknown as TripPlan;
}
