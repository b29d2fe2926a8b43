import type { Database } from './db.ts';

/**
 * Overrides of the first-contact thresholds (private.first_contact_settings, issue 32) applied at
 * start, from RIHLA_FIRST_CONTACT ("contact_minutes=600,escalate_minutes=1200"). The browser suite
 * uses it so that the requests every spec creates never turn red, alert or escalate on their own
 * during a long run; the first-contact specs set a request's due time themselves.
 */
export const FIRST_CONTACT_SETTINGS = ['contact_minutes', 'escalate_minutes'] as const;

export function parseFirstContactSettings(text: string | undefined): Record<string, number> {
  const settings: Record<string, number> = {};
  for (const part of (text ?? '').split(',').map((item) => item.trim())) {
    if (!part) continue;
    const [name = '', value = ''] = part.split('=').map((item) => item.trim());
    const number = Number(value);
    if (
      !(FIRST_CONTACT_SETTINGS as readonly string[]).includes(name) ||
      !Number.isInteger(number) ||
      number < 1
    ) {
      throw new Error(
        `RIHLA_FIRST_CONTACT: "${part}" is not <setting>=<positive integer> (settings: ${FIRST_CONTACT_SETTINGS.join(', ')})`,
      );
    }
    settings[name] = number;
  }
  return settings;
}

/** Writes the overrides (the database checks them: escalation after the first threshold). */
export async function applyFirstContactSettings(
  db: Database,
  settings: Record<string, number>,
): Promise<void> {
  if (Object.keys(settings).length === 0) return;
  await db.query(
    `update private.first_contact_settings
     set contact_minutes = coalesce($1, contact_minutes),
         escalate_minutes = coalesce($2, escalate_minutes)`,
    [settings['contact_minutes'] ?? null, settings['escalate_minutes'] ?? null],
  );
}
