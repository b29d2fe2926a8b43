import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  adminLogin,
  anon,
  as,
  countRows,
  createAdmin,
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

  it('locks a username after 5 failures in 15 minutes, even for the right password', async () => {
    await failTimes(db, user, 'staff', 5);
    const error = await expectSqlError(adminLogin(db, user, 'staff', PASSWORD), 'PT423');
    expect(error.hint).toBe('account_locked');
    expect(error.message).toMatch(/^account locked until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const lockedUntil = Date.parse(error.detail ?? '');
    const { rows } = await db.query<{ first: number }>(
      `select (extract(epoch from min(failed_at)) * 1000)::float8 as first
       from private.admin_login_failures`,
    );
    const firstFailure = Number(rows[0]?.first);
    expect(Math.abs(lockedUntil - (firstFailure + 15 * 60_000))).toBeLessThan(2_000);
    expect(await isAdmin(db, user, user.sub)).toBe(false);
  });

  it('four failures do not lock, and a success clears the count', async () => {
    await failTimes(db, user, 'staff', 4);
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await failTimes(db, user, 'staff', 4);
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
  });

  it('locks made-up usernames the same way, so lockout does not reveal accounts', async () => {
    await failTimes(db, user, 'ghost', 5);
    const error = await expectSqlError(adminLogin(db, user, 'ghost', 'anything at all'), 'PT423');
    expect(error.hint).toBe('account_locked');
    // Other usernames are unaffected.
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
  });

  it('the lock lifts 15 minutes after the oldest counted failure', async () => {
    await failTimes(db, user, 'staff', 5);
    await db.query(
      `update private.admin_login_failures set failed_at = failed_at - interval '16 minutes'`,
    );
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    expect(await countRows(db, 'private.admin_login_failures')).toBe(0);
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

  it('deleting the auth user ends its admin session', async () => {
    expect(await adminLogin(db, user, 'staff', PASSWORD)).toBe(true);
    await db.query(`delete from auth.users where id = $1`, [user.sub]);
    expect(await countRows(db, 'private.admin_sessions')).toBe(0);
  });
});
