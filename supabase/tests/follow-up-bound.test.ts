import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { refusalOf } from '../../src/lib/admin/refusals.ts';
import {
  addPublicLead,
  as,
  expectSqlError,
  resetData,
  serviceRole,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * A follow-up date is a sane one (issue 42, item 5; 20261203110200_follow_up_bound.sql): the year
 * 9999 or 1970 is refused by contact_requests_follow_up_at, whoever writes it, and the staff
 * screens word the refusal as the follow-up rule.
 */

const backends = await sqlBackends();

describe.each(backends)('follow-up bound on $name', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
  });

  const setFollowUp = (requestId: string, at: string | null) =>
    as(db, serviceRole, (tx) =>
      tx.query(`update public.contact_requests set follow_up_at = $1 where id = $2`, [
        at,
        requestId,
      ]),
    );

  it('stores a follow-up this century and none, refuses the year 9999 and 1970', async () => {
    const { requestId } = await addPublicLead(db);
    await setFollowUp(requestId, '2026-12-10T09:00:00Z');
    await setFollowUp(requestId, '2099-12-31T23:59:00Z');
    await setFollowUp(requestId, null);
    for (const at of ['9999-12-31T23:59:00Z', '2100-01-01T00:00:00Z', '1970-01-01T00:00:00Z']) {
      const error = await expectSqlError(setFollowUp(requestId, at), '23514');
      expect(error.constraint ?? error.message, at).toContain('contact_requests_follow_up_at');
    }
    const { rows } = await db.query<{ follow_up_at: string | null }>(
      `select follow_up_at from public.contact_requests where id = $1`,
      [requestId],
    );
    expect(rows).toEqual([{ follow_up_at: null }]);
  });

  it('the staff screens word the refusal as the follow-up rule', () => {
    expect(
      refusalOf(
        Object.assign(new Error('violates check constraint "contact_requests_follow_up_at"'), {
          code: '23514',
        }),
      ),
    ).toEqual({ rule: 'follow_up_at', field: 'follow_up_at' });
  });
});
