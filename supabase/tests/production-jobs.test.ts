import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  insertLead,
  leadRow,
  serviceRole,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * The production jobs (notification worker, retention) are scheduled by one call that raises,
 * naming what is missing, instead of answering "not scheduled" or a NOTICE nobody reads
 * (migration 20261126130100). PGlite and a plain PostgreSQL have no pg_cron, pg_net nor Vault: the
 * call must fail there, loudly. The smoke test's two windows into the jobs (the job list and one
 * lead's notification state) open for the secret key only.
 */

const backends = await sqlBackends();

describe.each(backends)('production jobs on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('refuses to schedule without pg_cron, pg_net and the Vault secrets, naming each', async () => {
    const error = await expectSqlError(
      db.query(`select * from private.schedule_production_jobs()`),
      '55000',
    );
    expect(error.message).toMatch(/^production jobs not scheduled: missing /);
    for (const part of ['pg_cron', 'pg_net', 'Vault']) expect(error.message, part).toContain(part);
    expect(error.hint).toContain('private.schedule_production_jobs()');
    // The older entry point raises the same error instead of returning "not scheduled".
    await expectSqlError(db.query(`select private.schedule_notification_worker()`), '55000');
  });

  it('lists the jobs only for the secret key, and says when pg_cron is absent', async () => {
    const admin = await createLiveAdmin(db, 'jobs-admin');
    for (const actor of [anon, await createUser(db), admin]) {
      await expectSqlError(
        as(db, actor, (tx) => tx.query(`select * from public.scheduled_jobs()`)),
        '42501',
      );
    }
    const error = await expectSqlError(
      as(db, serviceRole, (tx) => tx.query(`select * from public.scheduled_jobs()`)),
      '55000',
    );
    expect(error).toMatchObject({ hint: 'not_scheduled' });
    expect(error.message).toContain('pg_cron is not installed');
  });

  it("shows one lead's notification state (never its content) to the secret key only", async () => {
    const row = leadRow({ id: crypto.randomUUID() });
    await insertLead(db, row);
    const query = `select * from public.lead_notification_state($1)`;
    for (const actor of [anon, await createUser(db), await createLiveAdmin(db, 'state-admin')]) {
      await expectSqlError(
        as(db, actor, (tx) => tx.query(query, [row['id']])),
        '42501',
      );
    }
    const { rows } = await as(db, serviceRole, (tx) => tx.query(query, [row['id']]));
    expect(rows).toEqual([
      { queued: true, attempts: 0, sent_at: null, gave_up_at: null, last_error: null },
    ]);
    const none = await as(db, serviceRole, (tx) => tx.query(query, [crypto.randomUUID()]));
    expect(none.rows).toEqual([]);
  });
});
