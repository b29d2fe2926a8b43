import { AdminDataError } from '~/lib/admin/query.ts';
import { supabase } from '~/lib/supabase.ts';

/**
 * After-care in the back office (issue 44; migration 20261207110000_aftercare_checkins.sql): a
 * request's check-ins and the patient's answers (public.request_aftercare, staff only), and the
 * six-month promise per request for the team report (public.aftercare_report).
 */

export interface StaffCheckin {
  id: string;
  day: number;
  photos: boolean;
  due_on: string;
  asked: boolean;
  sent_at: string | null;
  answer: 'well' | 'question' | 'concern' | null;
  note: string | null;
  answered_at: string | null;
  has_photo: boolean;
  file_id: string | null;
}

export interface AftercareLine {
  request_id: string;
  reference: string;
  name: string;
  manager: string | null;
  procedure_on: string;
  checkins: number;
  due: number;
  asked: number;
  answered: number;
  concerns: number;
  concerns_open: number;
  median_answer_hours: number | null;
  longest_answer_hours: number | null;
}

export const aftercareKey = (requestId: string) =>
  ['admin', 'request_aftercare', requestId] as const;

export async function fetchRequestAftercare(requestId: string): Promise<StaffCheckin[]> {
  const { data, error, status } = await supabase.rpc('request_aftercare', {
    _request_id: requestId,
  });
  if (error) throw new AdminDataError(error.message, status, error.code ?? '');
  return ((data ?? {}) as unknown as { checkins?: StaffCheckin[] }).checkins ?? [];
}

export async function fetchAftercareReport(from: string, to: string): Promise<AftercareLine[]> {
  const { data, error, status } = await supabase.rpc('aftercare_report', { _from: from, _to: to });
  if (error) throw new AdminDataError(error.message, status, error.code ?? '');
  return (data ?? []) as unknown as AftercareLine[];
}
