import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  adminLogin,
  anon,
  as,
  countRows,
  createAdmin,
  createSession,
  createUser,
  expectSqlError,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/** admin_login / is_admin / admin_logout and the account helpers the admin CLI uses. */

const PASSWORD = 'correct horse battery';
const backends = await sqlBackends();

async function isAdmin(db: Database, actor: Actor, checkUserId: string | null): Promise<boolean> {
  return as(db, actor, async (tx) => {
    const { rows } = await tx.query<{ ok: boolean }>(`select public.is_admin($1::uuid) as ok`, [
      checkUserId,
    ]);
    return rows[0]?.ok === true;
  });
}

async function failTimes(db: Database, user: Actor, username: string, times: number) {
  for (let attempt = 0; attempt < times; attempt++) {
    expect(await adminLogin(db, user, username, 'wrong password!')).toBe(false);
  }
  await failedJustNow(db);
}

/**
 * Dates every recorded failure "just now", as if the failures came at once: on a loaded machine the
 * next attempt can otherwise come after the first wait (1 s) has passed, and the throttle rightly
 * admits it.
 */
async function failedJustNow(db: Database) {
  await db.query(`update private.admin_login_failures set failed_at = now()`);
}

describe.each(backends)('admin access on $name', (backend) => {
  let db: Database;
  let user: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetData(db);
    await createAdmin(db, 'staff', PASSWORD);
    user = await createUser(db);
  });

  it('admin_login returns true for the right password and binds the caller as an admin', async () => {
    expect(await isAdmin(db, user, user.sub)).toBe(false);
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    expect(await isAdmin(db, user, user.sub)).toBe(true);
    const { rows } = await db.query<{ hours: number }>(
      `select round(extract(epoch from expires_at - now()) / 3600)::int as hours
       from private.admin_sessions where user_id = $1`,
      [user.sub],
    );
    expect(rows[0]?.hours).toBe(12);
  });

  it('admin_login matches usernames case- and space-insensitively', async () => {
    expect(await adminLogin(db, user, '  STAFF ', PASSWORD)).toBe(true);
  });

  it('admin_login returns false for a wrong password, an unknown user or empty fields', async () => {
    expect(await adminLogin(db, user, 'staff', 'not the password')).toBe(false);
    expect(await adminLogin(db, user, 'nobody', PASSWORD)).toBe(false);
    expect(await adminLogin(db, user, '', PASSWORD)).toBe(false);
    expect(await adminLogin(db, user, 'staff', '')).toBe(false);
    expect(await isAdmin(db, user, user.sub)).toBe(false);
    expect(await countRows(db, 'private.admin_sessions')).toBe(0);
  });

  it('admin_login returns false for a disabled account', async () => {
    await db.query(`select private.set_admin_disabled('staff', true)`);
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(false);
    await db.query(`select private.set_admin_disabled('staff', false)`);
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
  });

  it('five wrong passwords from one address do not stop the real admin at another', async () => {
    const attacker = { ...(await createUser(db)), address: '198.51.100.7' };
    const admin = { ...user, address: '203.0.113.20' };
    await failTimes(db, attacker, 'staff', 3);
    // From the 3rd failure of a (username, address) pair, that address has to wait…
    const error = await expectSqlError(adminLogin(db, attacker, 'staff', 'wrong again!!'), 'PT423');
    expect(error.hint).toBe('login_throttled');
    expect(error.message).toMatch(
      /^too many failed sign-ins, try again after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    );
    // …but the real admin, signing in from their own address, is let in at once.
    expect(await adminLogin(db, admin, 'staff', PASSWORD)).toBe(true);
    expect(await isAdmin(db, admin, admin.sub)).toBe(true);
  });

  it('a waiting attempt is refused before hashing and records nothing', async () => {
    const attacker = { ...user, address: '198.51.100.7' };
    await failTimes(db, attacker, 'staff', 3);
    for (let attempt = 0; attempt < 5; attempt++) {
      await expectSqlError(adminLogin(db, attacker, 'staff', PASSWORD), 'PT423');
    }
    expect(await countRows(db, 'private.admin_login_failures')).toBe(3);
  });

  it('the wait doubles with each further failure and lifts after it', async () => {
    const caller = { ...user, address: '198.51.100.7' };
    const waitSeconds = async () => {
      const error = await expectSqlError(adminLogin(db, caller, 'staff', 'wrong'), 'PT423');
      const { rows } = await db.query<{ last: number }>(
        `select (extract(epoch from max(failed_at)) * 1000)::float8 as last
         from private.admin_login_failures`,
      );
      // The detail is rounded up to the whole second.
      return Math.floor((Date.parse(error.detail ?? '') - Number(rows[0]?.last)) / 1000 + 1e-9);
    };
    // Shifts every failure just past the current wait, as if that much time had gone by.
    const letNextIn = (seconds: number) =>
      db.query(
        `update private.admin_login_failures set failed_at = failed_at - make_interval(secs => $1)`,
        [seconds + 1],
      );
    await failTimes(db, caller, 'staff', 3);
    expect(await waitSeconds()).toBe(1);
    await letNextIn(1);
    await failTimes(db, caller, 'staff', 1);
    expect(await waitSeconds()).toBe(2);
    await letNextIn(2);
    await failTimes(db, caller, 'staff', 1);
    expect(await waitSeconds()).toBe(4);
    await letNextIn(4);
    expect(await adminLogin(db, caller, 'staff', PASSWORD)).toBe(true);
    // A success clears that pair's failures.
    expect(await countRows(db, 'private.admin_login_failures')).toBe(0);
  });

  it('throttles an address that tries many usernames, and only that address', async () => {
    const sprayer = { ...user, address: '198.51.100.7' };
    for (let n = 0; n < 10; n++) {
      expect(await adminLogin(db, sprayer, `guess${n}`, 'wrong password!')).toBe(false);
    }
    const error = await expectSqlError(adminLogin(db, sprayer, 'staff', PASSWORD), 'PT423');
    expect(error.hint).toBe('login_throttled');
    const colleague = { ...(await createUser(db)), address: '198.51.100.8' };
    expect(await adminLogin(db, colleague, 'staff', PASSWORD)).toBe(true);
  });

  it('made-up usernames are throttled the same way, so throttling does not reveal accounts', async () => {
    const caller = { ...user, address: '198.51.100.7' };
    await failTimes(db, caller, 'ghost', 3);
    const error = await expectSqlError(adminLogin(db, caller, 'ghost', 'anything at all'), 'PT423');
    expect(error.hint).toBe('login_throttled');
    // Other usernames from the same address are unaffected below the address threshold.
    expect(await adminLogin(db, caller, 'staff', PASSWORD)).toBe(true);
  });

  it('IPv6 clients count per /64, and an unparseable address counts as unknown', async () => {
    await failTimes(db, { ...user, address: '2001:db8:1:2::10' }, 'staff', 3);
    await expectSqlError(
      adminLogin(db, { ...user, address: '2001:db8:1:2:ffff::1' }, 'staff', PASSWORD),
      'PT423',
    );
    expect(await adminLogin(db, { ...user, address: '2001:db8:1:3::1' }, 'staff', PASSWORD)).toBe(
      true,
    );
    await failTimes(db, { ...user, address: 'not an address' }, 'staff', 1);
    const { rows } = await db.query<{ client_address: string }>(
      `select distinct client_address from private.admin_login_failures order by 1`,
    );
    expect(rows.map((row) => row.client_address)).toEqual(['2001:db8:1:2::', 'unknown']);
  });

  it('is_admin is true only for the caller’s own live session', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    const other = await createUser(db);
    await createAdmin(db, 'second', PASSWORD);
    const otherAdmin = await createUser(db);
    expect(await adminLogin(db, otherAdmin, 'second', PASSWORD)).toBe(true);

    expect(await isAdmin(db, user, user.sub)).toBe(true);
    // Asking about someone else is always false, even for an admin.
    expect(await isAdmin(db, user, otherAdmin.sub)).toBe(false);
    expect(await isAdmin(db, other, user.sub)).toBe(false);
    expect(await isAdmin(db, other, other.sub)).toBe(false);
    expect(await isAdmin(db, anon, user.sub)).toBe(false);
    expect(await isAdmin(db, user, null)).toBe(false);
  });

  it('is_admin is false once the session expired', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await db.query(`update private.admin_sessions set expires_at = now() - interval '1 second'`);
    expect(await isAdmin(db, user, user.sub)).toBe(false);
  });

  it('is_admin is false once the account is disabled', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await db.query(`update private.admin_users set disabled_at = now()`);
    expect(await isAdmin(db, user, user.sub)).toBe(false);
  });

  it('admin_logout ends only the caller’s session', async () => {
    const second = await createUser(db);
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    expect(await adminLogin(db, second, 'staff', PASSWORD)).toBe(true);
    await as(db, user, (tx) => tx.query(`select public.admin_logout()`));
    expect(await isAdmin(db, user, user.sub)).toBe(false);
    expect(await isAdmin(db, second, second.sub)).toBe(true);
  });

  it('admin_login needs a signed-in user', async () => {
    // The anon role may not call it at all; a token without a user id is refused.
    await expectSqlError(
      as(db, anon, (tx) => tx.query(`select public.admin_login('staff', $1)`, [PASSWORD])),
      '42501',
    );
    await expectSqlError(
      as(db, { role: 'service_role' }, (tx) =>
        tx.query(`select public.admin_login('staff', $1)`, [PASSWORD]),
      ),
      '42501',
    );
  });

  it('stores only a bcrypt hash of the password', async () => {
    const { rows } = await db.query<{ password_hash: string }>(
      `select password_hash from private.admin_users where username = 'staff'`,
    );
    const hash = rows[0]?.password_hash ?? '';
    expect(hash).toMatch(/^\$2a\$10\$.{53}$/);
    expect(hash).not.toContain(PASSWORD);
  });

  it('create_admin refuses short passwords, duplicates and malformed usernames', async () => {
    const short = await expectSqlError(
      db.query(`select private.create_admin('newbie', '123456789')`),
      '22023',
    );
    expect(short.hint).toBe('password_too_short');
    await expectSqlError(db.query(`select private.create_admin('STAFF', $1)`, [PASSWORD]), '23505');
    await expectSqlError(db.query(`select private.create_admin('a b', $1)`, [PASSWORD]), '23514');
  });

  it('set_admin_password replaces the password and ends the account’s sessions', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await failTimes(db, await createUser(db), 'staff', 3);
    const { rows } = await db.query<{ ok: boolean }>(
      `select private.set_admin_password('staff', 'a brand new passphrase') as ok`,
    );
    expect(rows[0]?.ok).toBe(true);
    expect(await isAdmin(db, user, user.sub)).toBe(false);
    expect(await countRows(db, 'private.admin_login_failures')).toBe(0);
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(false);
    expect(await adminLogin(db, user, 'staff', 'a brand new passphrase')).toBe(true);
    const unknown = await db.query<{ ok: boolean }>(
      `select private.set_admin_password('nobody', 'a brand new passphrase') as ok`,
    );
    expect(unknown.rows[0]?.ok).toBe(false);
  });

  it('admin_login needs a token that names its auth session', async () => {
    const withoutSession: Actor = { role: 'authenticated', sub: user.sub };
    await expectSqlError(adminLogin(db, withoutSession, 'staff', PASSWORD), '42501');
  });

  it('rights belong to the auth session that proved the password, not to the user', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    // Another sign-in of the same user, and a token that names no session, are not admin.
    const otherSession = await createSession(db, user);
    expect(await isAdmin(db, otherSession, user.sub)).toBe(false);
    expect(await isAdmin(db, { role: 'authenticated', sub: user.sub }, user.sub)).toBe(false);
    expect(await isAdmin(db, user, user.sub)).toBe(true);
  });

  it('signing out (the auth session deleted) ends admin rights without admin_logout', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await db.query(`delete from auth.sessions where id = $1`, [user.session_id]);
    expect(await isAdmin(db, user, user.sub)).toBe(false);
    // The stale row is swept by the next successful login of anyone.
    const next = await createUser(db);
    expect(await adminLogin(db, next, 'staff', PASSWORD)).toBe(true);
    expect(await countRows(db, 'private.admin_sessions')).toBe(1);
  });

  it('revoking every refresh token of the session ends admin rights', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await db.query(`update auth.refresh_tokens set revoked = true where session_id = $1`, [
      user.session_id,
    ]);
    expect(await isAdmin(db, user, user.sub)).toBe(false);
  });

  it('a rotated refresh token (one revoked, its successor live) keeps admin rights', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await db.query(`update auth.refresh_tokens set revoked = true where session_id = $1`, [
      user.session_id,
    ]);
    await db.query(
      `insert into auth.refresh_tokens (token, user_id, session_id) values ('next-token', $1, $2)`,
      [user.sub, user.session_id],
    );
    expect(await isAdmin(db, user, user.sub)).toBe(true);
  });

  it('disabling the account ends rights for every token of the session', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await db.query(`select private.set_admin_disabled('staff', true)`);
    expect(await isAdmin(db, user, user.sub)).toBe(false);
    await db.query(`select private.set_admin_disabled('staff', false)`);
    // Re-enabling does not bring the ended session back.
    expect(await isAdmin(db, user, user.sub)).toBe(false);
  });

  it('deleting the auth user ends its admin session', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await db.query(`delete from auth.users where id = $1`, [user.sub]);
    expect(await countRows(db, 'private.admin_sessions')).toBe(0);
  });
});
