import type { Database } from './db.ts';

/**
 * Overrides of the patient page's per-address limits (private.patient_page_limits) applied at
 * start, from RIHLA_PATIENT_PAGE_LIMITS ("actions_per_address_per_hour=100000"). Every browser
 * test acts on patients' pages from 127.0.0.1, so the whole suite is one address to the limit
 * (30 actions an hour): the browser suite lifts it, as it lifts the lead limits
 * (RIHLA_LEAD_LIMITS); the per-link limits stay, and supabase/tests keep every limit.
 */
export const PATIENT_PAGE_LIMIT_SETTINGS = [
  'actions_per_address_per_hour',
  'misses_per_address_per_10_minutes',
] as const;

export function parsePatientPageLimits(text: string | undefined): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const part of (text ?? '').split(',').map((item) => item.trim())) {
    if (!part) continue;
    const [name = '', value = ''] = part.split('=').map((item) => item.trim());
    const number = Number(value);
    if (
      !(PATIENT_PAGE_LIMIT_SETTINGS as readonly string[]).includes(name) ||
      !Number.isInteger(number) ||
      number < 1
    ) {
      throw new Error(
        `RIHLA_PATIENT_PAGE_LIMITS: "${part}" is not <setting>=<positive integer> (settings: ${PATIENT_PAGE_LIMIT_SETTINGS.join(', ')})`,
      );
    }
    limits[name] = number;
  }
  return limits;
}

/** Writes the overrides into private.patient_page_limits. */
export async function applyPatientPageLimits(
  db: Database,
  limits: Record<string, number>,
): Promise<void> {
  for (const [name, value] of Object.entries(limits)) {
    if (!(PATIENT_PAGE_LIMIT_SETTINGS as readonly string[]).includes(name)) {
      throw new Error(`unknown patient page limit setting: ${name}`);
    }
    await db.query(`update private.patient_page_limits set ${name} = $1`, [value]);
  }
}
