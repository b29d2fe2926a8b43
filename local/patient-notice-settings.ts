import type { Database } from './db.ts';

/**
 * Overrides of the wait of the messages telling the patient what happened (issue 43, item 4;
 * private.outbound_settings.notice_delay) applied at start, from RIHLA_PATIENT_NOTICES
 * ("delay_seconds=2,quiet_hours=off"). The browser suite uses it so that a "quotes ready" mail
 * reaches the local outbox within seconds and at any hour; production keeps 5 minutes and the
 * quiet hours.
 */
export interface PatientNoticeSettings {
  delay_seconds?: number;
  quiet_hours?: 'off';
}

export function parsePatientNoticeSettings(text: string | undefined): PatientNoticeSettings {
  const settings: PatientNoticeSettings = {};
  for (const part of (text ?? '').split(',').map((item) => item.trim())) {
    if (!part) continue;
    const [name = '', value = ''] = part.split('=').map((item) => item.trim());
    const number = Number(value);
    if (name === 'delay_seconds' && Number.isInteger(number) && number >= 0 && number <= 3600) {
      settings.delay_seconds = number;
    } else if (name === 'quiet_hours' && value === 'off') {
      settings.quiet_hours = 'off';
    } else {
      throw new Error(
        `RIHLA_PATIENT_NOTICES: "${part}" is not delay_seconds=<0–3600> or quiet_hours=off`,
      );
    }
  }
  return settings;
}

/** Writes the overrides (quiet hours off: from and until the same time). */
export async function applyPatientNoticeSettings(
  db: Database,
  settings: PatientNoticeSettings,
): Promise<void> {
  if (settings.delay_seconds !== undefined) {
    await db.query(
      `update private.outbound_settings set notice_delay = make_interval(secs => $1)`,
      [settings.delay_seconds],
    );
  }
  if (settings.quiet_hours === 'off') {
    await db.query(`update private.outbound_settings set quiet_until = quiet_from`);
  }
}
