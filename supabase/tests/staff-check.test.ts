import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  type Actor,
  addPublicLead,
  anon,
  as,
  createLiveAdmin,
  createUser,
  expectSqlError,
  resetData,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * One staff check (20261127140200_one_staff_check.sql): private.require_staff() of the patient
 * page and private.require_live_staff() of issue 26 refuse and admit alike. Seen through a
 * function that uses each, as anon, a signed-in non-admin, a coordinator and an owner.
 */

const backends = await sqlBackends();

describe.each(backends)('the staff check on $name', (backend) => {
  let db: Database;
  let requestId: string;

  beforeAll(async () => {
    db = await backend.open();
    await resetData(db);
    requestId = (await addPublicLead(db)).requestId;
  });
  afterAll(async () => {
    await db.close();
  });

  // patient_page_info calls require_staff; person_requests calls require_live_staff.
  const viaEach = (actor: Actor) =>
    ['patient_page_info', 'person_requests'].map(
      (name) => () =>
        as(db, actor, (tx) => tx.query(`select public.${name}($1) as v`, [requestId])),
    );

  it('refuses a signed-in non-admin the same way through either name', async () => {
    const user = await createUser(db);
    for (const call of viaEach(user)) {
      const refused = await expectSqlError(call(), '42501');
      expect(refused).toMatchObject({
        message: 'only signed-in staff can do this',
        hint: 'not_admin',
      });
    }
    for (const call of viaEach(anon)) await expectSqlError(call(), '42501');
  });

  it('admits a coordinator and an owner through either name', async () => {
    const coordinator = await createLiveAdmin(
      db,
      'check-coord',
      'coordinator password',
      'coordinator',
    );
    const owner = await createLiveAdmin(db, 'check-owner', 'owner password long', 'owner');
    for (const actor of [coordinator, owner]) {
      const answers = [];
      for (const call of viaEach(actor)) answers.push(await call());
      expect(answers.map((answer) => answer.rows.length)).toEqual([1, 1]);
    }
  });
});
