import type { Database } from './db.ts';

/**
 * Limits overridden at start from the environment, one rule for each: "name=positive integer,…",
 * an unknown name or a bad number an error naming the variable. Every browser test acts from
 * 127.0.0.1, so the whole suite is one address to the per-address limits: Playwright lifts them
 * (playwright.config.ts), the per-link and per-phone limits stay, and supabase/tests keep every
 * limit.
 *   RIHLA_LEAD_LIMITS          private.lead_limit_settings (the public forms)
 *   RIHLA_PATIENT_PAGE_LIMITS  private.patient_page_limits (the patient's page: 30 actions an hour
 *                              per address by default)
 */
export const LIMIT_SETTINGS = {
  RIHLA_LEAD_LIMITS: {
    table: 'private.lead_limit_settings',
    names: [
      'per_phone_per_hour',
      'per_address_per_10_minutes',
      'per_client_per_hour',
      'global_per_10_minutes',
      'per_address_flood_per_10_minutes',
    ],
  },
  RIHLA_PATIENT_PAGE_LIMITS: {
    table: 'private.patient_page_limits',
    names: ['actions_per_address_per_hour', 'misses_per_address_per_10_minutes'],
  },
} as const;

export type LimitVariable = keyof typeof LIMIT_SETTINGS;

/** Parses the variable's text ("name=number,…"); unknown names and bad numbers are an error. */
export function parseLimits(
  variable: LimitVariable,
  text: string | undefined,
): Record<string, number> {
  const names: readonly string[] = LIMIT_SETTINGS[variable].names;
  const limits: Record<string, number> = {};
  for (const part of (text ?? '').split(',').map((item) => item.trim())) {
    if (!part) continue;
    const [name = '', value = ''] = part.split('=').map((item) => item.trim());
    const number = Number(value);
    if (!names.includes(name) || !Number.isInteger(number) || number < 1) {
      throw new Error(
        `${variable}: "${part}" is not <setting>=<positive integer> (settings: ${names.join(', ')})`,
      );
    }
    limits[name] = number;
  }
  return limits;
}

/** Writes the overrides into the variable's table. */
export async function applyLimits(
  db: Database,
  variable: LimitVariable,
  limits: Record<string, number>,
): Promise<void> {
  const { table, names } = LIMIT_SETTINGS[variable];
  for (const [name, value] of Object.entries(limits)) {
    if (!(names as readonly string[]).includes(name))
      throw new Error(`unknown ${variable}: ${name}`);
    await db.query(`update ${table} set ${name} = $1`, [value]);
  }
}
