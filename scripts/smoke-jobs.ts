/**
 * The smoke test's checks of what runs without a visitor: the three pg_cron jobs exist and are active
 * (public.scheduled_jobs), and a lead nobody nudged (its tab closed before the form's call) is
 * mailed by the scheduled worker within its period (public.lead_notification_state). Both need the
 * secret key; the lead check mails one tagged e-mail ("SMOKE TEST …") to the agency inbox.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/lib/database.types.ts';

export const PRODUCTION_JOBS = [
  'aftercare',
  'erase-expired-leads',
  'escalate-uncontacted-requests',
  'schedule-patient-reminders',
  'send-form-notification',
] as const;

type Record = (name: string, status: 'pass' | 'fail' | 'skip', detail: string) => void;

const isLoopback = (api: string) => /^(127\.|localhost$|\[::1\]$)/.test(new URL(api).hostname);

export async function checkScheduledJobs(
  service: SupabaseClient<Database> | null,
  api: string,
  record: Record,
): Promise<void> {
  const name = 'scheduled jobs (pg_cron)';
  if (!service) return record(name, 'skip', 'set SUPABASE_SECRET_KEY to check them');
  const { data, error } = await service.rpc('scheduled_jobs');
  if (error?.hint === 'not_scheduled' && isLoopback(api)) {
    // The local stack has no pg_cron; its server runs the jobs on timers of its own.
    return record(name, 'skip', `${error.message} (local stack: the server's timers run the jobs)`);
  }
  if (error)
    return record(name, 'fail', `${error.code}: ${error.message} (README, Production, step 6)`);
  const jobs = new Map((data ?? []).map((job) => [job.jobname, job]));
  const problems = PRODUCTION_JOBS.flatMap((job) => {
    const found = jobs.get(job);
    if (!found) return [`${job} is not scheduled`];
    if (!found.active) return [`${job} is inactive`];
    if (found.last_status === 'failed')
      return [`${job} failed at its last run (${found.last_start})`];
    return [];
  });
  if (problems.length > 0)
    return record(
      name,
      'fail',
      `${problems.join('; ')}: run select * from private.schedule_production_jobs();`,
    );
  const listed = PRODUCTION_JOBS.map((job) => `${job} (${jobs.get(job)?.schedule})`).join(', ');
  record(name, 'pass', listed);
}

/** Waits for the worker to mail `leadId`, which nobody nudged, for at most one period + margin. */
export async function checkUnnudgedLeadMailed(
  service: SupabaseClient<Database> | null,
  leadId: string,
  periodMs: number,
  record: Record,
): Promise<void> {
  const name = 'un-nudged lead mailed by the worker';
  if (!service) return record(name, 'skip', 'set SUPABASE_SECRET_KEY to follow the outbox');
  const started = Date.now();
  const deadline = started + periodMs + Math.min(30_000, periodMs);
  for (;;) {
    const { data, error } = await service.rpc('lead_notification_state', { _lead_id: leadId });
    if (error) return record(name, 'fail', `${error.code}: ${error.message}`);
    const state = data?.[0];
    if (!state) return record(name, 'fail', 'the lead has no notification queued');
    if (state.sent_at) {
      return record(
        name,
        'pass',
        `mailed ${((Date.now() - started) / 1000).toFixed(0)} s after the insert`,
      );
    }
    if (Date.now() > deadline) {
      const why = state.last_error ? `last error: ${state.last_error}` : 'the worker never tried';
      return record(
        name,
        'fail',
        `not mailed within ${Math.round((deadline - started) / 1000)} s (${state.attempts} attempts; ${why})`,
      );
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, Math.min(2000, periodMs / 4)));
  }
}

/** Erases the test lead (erasing it from either table removes both), as the secret key or staff. */
export async function eraseTestLead(
  eraser: SupabaseClient<Database> | null,
  leadId: string,
  record: Record,
): Promise<void> {
  const name = 'test lead erased';
  if (!eraser)
    return record(name, 'fail', `no secret key nor staff account: erase ${leadId} by hand`);
  const { error } = await eraser.from('offer_leads').delete().eq('id', leadId);
  if (error) return record(name, 'fail', error.message);
  const left = await eraser.from('offer_leads').select('id').eq('id', leadId);
  if (left.data?.length) return record(name, 'fail', `lead ${leadId} is still there`);
  record(name, 'pass', `lead ${leadId} and its inbox row removed`);
}
