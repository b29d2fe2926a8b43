import { isPgError, type Database } from './db.ts';
import { runPersonCommand } from './admin-person.ts';
import { PersonDataError, type PossibleMatch } from './person-data.ts';

/**
 * The admin account commands behind `npm run admin`, run as the database owner through the
 * private.* functions of the admin-access migration (so hashing and rules live in SQL only). Used by
 * the CLI directly (PGlite data dir or DATABASE_URL) and by the running local server on the CLI's
 * behalf, since a PGlite data dir can only be open in one process at a time. The same path carries
 * the commands about one person's data (export, count, erase: local/person-data.ts) and the
 * retention run (erase-expired).
 */

export const MIN_PASSWORD_LENGTH = 10;

/** What an account may do: owners also delete, restore and purge (the bin). */
export type StaffRole = 'owner' | 'coordinator';
export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'coordinator'];

export type AdminCommand =
  // Without a role: the first account is an owner, the others coordinators.
  | { command: 'create'; username: string; password: string; role?: StaffRole }
  | { command: 'role'; username: string; role: StaffRole }
  | { command: 'reset-password'; username: string; password: string }
  | { command: 'disable' | 'enable' | 'unlock'; username: string }
  | { command: 'list' }
  // What patients see of their manager (issue 29): a display name and a WhatsApp number.
  | { command: 'profile'; username: string; displayName?: string; whatsapp?: string }
  // About one person, by phone (local/person-data.ts): export, count (what erase would erase), erase.
  // Possible matches (a national-only number with the same digits) only with includePossible.
  | { command: 'export' | 'count' | 'erase'; phone: string; includePossible?: boolean }
  // Runs the retention now (migration 20261123155000_retention.sql) and purges the bin's expired.
  | { command: 'erase-expired' }
  // The log of requests purged from the bin (20261126100000_staff_roles_and_bin.sql).
  | { command: 'purges' };

export interface AdminAccount {
  username: string;
  role: StaffRole;
  createdAt: string;
  lastLoginAt: string | null;
  disabled: boolean;
  liveSessions: number;
  recentFailures: number;
}

export interface AdminCommandResult {
  ok: boolean;
  message: string;
  accounts?: AdminAccount[];
  /** Rows per table about a person (count, erase). */
  counts?: Record<string, number>;
  /** Requests that may be the person's, left out until the operator confirms them. */
  possible?: PossibleMatch[];
}

export async function runAdminCommand(
  db: Database,
  command: AdminCommand,
): Promise<AdminCommandResult> {
  try {
    return await run(db, command);
  } catch (error) {
    if (error instanceof PersonDataError) return { ok: false, message: error.message };
    if (!isPgError(error)) throw error;
    if (error.code === '23505')
      return { ok: false, message: `An admin with that username already exists.` };
    if (error.code === '23514') {
      return {
        ok: false,
        message:
          'Invalid username: 3 to 64 characters, lower-case letters, digits, and . _ @ - (starting with a letter or digit).',
      };
    }
    if (error.hint === 'last_owner') {
      return {
        ok: false,
        message:
          'Refused: this is the last owner. Make another account an owner first (role <username> owner).',
      };
    }
    if (error.hint === 'password_too_short') {
      return {
        ok: false,
        message: `Refused: the password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
      };
    }
    if (error.code === '3F000' || error.code === '42P01' || error.code === '42883') {
      return {
        ok: false,
        message:
          'This database has no admin tables yet: apply the migrations first (npm start, or supabase db push).',
      };
    }
    throw error;
  }
}

async function run(db: Database, command: AdminCommand): Promise<AdminCommandResult> {
  switch (command.command) {
    case 'export':
    case 'count':
    case 'erase':
      return runPersonCommand(db, command);
    case 'erase-expired': {
      // The bin first, to report its count: erase_expired_leads would otherwise purge it itself.
      const bin = await db.query<{ purged: number }>(
        `select private.purge_expired_bin() as purged`,
      );
      const { rows } = await db.query<{ erased: number }>(
        `select private.erase_expired_leads() as erased`,
      );
      const erased = rows[0]?.erased ?? 0;
      const purged = bin.rows[0]?.purged ?? 0;
      return {
        ok: true,
        message:
          `Retention: erased ${erased} lead${erased === 1 ? '' : 's'} past the retention period (with their requests and every row referencing them); ` +
          `purged ${purged} request${purged === 1 ? '' : 's'} in the bin for more than 30 days.`,
      };
    }
    case 'purges': {
      const { rows } = await db.query<Record<string, string>>(
        `select to_char(purged_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI"Z"') as purged,
           purged_by, request_id::text as request,
           coalesce(to_char(deleted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI"Z"'), '-') as deleted,
           coalesce(deleted_by, '-') as deleted_by
         from private.request_purges order by purged_at desc, id desc limit 200`,
      );
      return {
        ok: true,
        message: rows.length
          ? formatTable(
              ['PURGED', 'BY', 'REQUEST', 'DELETED', 'DELETED BY'],
              rows.map((row) => [
                row['purged'] ?? '',
                row['purged_by'] ?? '',
                row['request'] ?? '',
                row['deleted'] ?? '',
                row['deleted_by'] ?? '',
              ]),
            )
          : 'No request has been purged from the bin.',
      };
    }
    case 'role': {
      const { rows } = await db.query<{ ok: boolean }>(
        `select private.set_admin_role($1, $2) as ok`,
        [command.username, command.role],
      );
      if (!rows[0]?.ok) return unknown(command.username);
      return {
        ok: true,
        message: `"${normalize(command.username)}" is now ${command.role === 'owner' ? 'an owner' : 'a coordinator'}.`,
      };
    }
    case 'create': {
      if (command.password.length < MIN_PASSWORD_LENGTH) {
        return {
          ok: false,
          message: `Refused: the password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
        };
      }
      const { rows: existing } = await db.query<{ any: boolean }>(
        `select exists (select 1 from private.admin_users) as any`,
      );
      const role = command.role ?? (existing[0]?.any ? 'coordinator' : 'owner');
      await db.query(`select private.create_admin($1, $2, $3)`, [
        command.username,
        command.password,
        role,
      ]);
      return { ok: true, message: `Created ${role} "${normalize(command.username)}".` };
    }
    case 'reset-password': {
      if (command.password.length < MIN_PASSWORD_LENGTH) {
        return {
          ok: false,
          message: `Refused: the password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
        };
      }
      const { rows } = await db.query<{ ok: boolean }>(
        `select private.set_admin_password($1, $2) as ok`,
        [command.username, command.password],
      );
      return rows[0]?.ok
        ? {
            ok: true,
            message: `Password of "${normalize(command.username)}" replaced; their sessions were ended.`,
          }
        : unknown(command.username);
    }
    case 'disable':
    case 'enable': {
      const { rows } = await db.query<{ ok: boolean }>(
        `select private.set_admin_disabled($1, $2) as ok`,
        [command.username, command.command === 'disable'],
      );
      if (!rows[0]?.ok) return unknown(command.username);
      return {
        ok: true,
        message:
          command.command === 'disable'
            ? `Disabled "${normalize(command.username)}" and ended their sessions.`
            : `Enabled "${normalize(command.username)}".`,
      };
    }
    case 'profile':
      return setProfile(db, command);
    case 'unlock': {
      await db.query(`delete from private.admin_login_failures where username = lower(btrim($1))`, [
        command.username,
      ]);
      return { ok: true, message: `Cleared failed logins for "${normalize(command.username)}".` };
    }
    case 'list': {
      const { rows } = await db.query<{
        username: string;
        role: StaffRole;
        created_at: string;
        last_login_at: string | null;
        disabled: boolean;
        live_sessions: number;
        recent_failures: number;
      }>(
        `select a.username, a.role,
           to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI"Z"') as created_at,
           to_char(a.last_login_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI"Z"') as last_login_at,
           a.disabled_at is not null as disabled,
           (select count(*)::int from private.admin_sessions s where s.admin_id = a.id and s.expires_at > now()) as live_sessions,
           (select count(*)::int from private.admin_login_failures f
              where f.username = a.username and f.failed_at > now() - interval '15 minutes') as recent_failures
         from private.admin_users a
         order by a.username`,
      );
      const accounts = rows.map((row) => ({
        username: row.username,
        role: row.role,
        createdAt: row.created_at,
        lastLoginAt: row.last_login_at,
        disabled: row.disabled,
        liveSessions: row.live_sessions,
        recentFailures: row.recent_failures,
      }));
      return {
        ok: true,
        message: accounts.length ? formatAccounts(accounts) : 'No admins yet.',
        accounts,
      };
    }
  }
}

function unknown(username: string): AdminCommandResult {
  return { ok: false, message: `No admin named "${normalize(username)}".` };
}

function normalize(username: string): string {
  return username.trim().toLowerCase();
}

function formatAccounts(accounts: AdminAccount[]): string {
  const header = ['USERNAME', 'ROLE', 'CREATED', 'LAST LOGIN', 'STATUS', 'SESSIONS'];
  const lines = accounts.map((account) => [
    account.username,
    account.role,
    account.createdAt,
    account.lastLoginAt ?? '-',
    // Failed logins slow down the address they came from, never the account itself
    // (20261123140100_client_address_and_login_throttle.sql), so an account is never "locked".
    account.disabled
      ? 'disabled'
      : account.recentFailures > 0
        ? `active (${account.recentFailures} failed)`
        : 'active',
    String(account.liveSessions),
  ]);
  return formatTable(header, lines);
}

function formatTable(header: string[], lines: string[][]): string {
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => (line[index] ?? '').length)),
  );
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, index) => cell.padEnd(widths[index] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** What patients see of their manager (issue 29): display name and WhatsApp of one account. */
async function setProfile(
  db: Database,
  command: Extract<AdminCommand, { command: 'profile' }>,
): Promise<AdminCommandResult> {
  const whatsapp = command.whatsapp?.replace(/\D/g, '');
  const { affectedRows } = await db.query(
    `update private.admin_users
       set display_name = coalesce($2, display_name), whatsapp = coalesce($3, whatsapp)
       where username = lower(btrim($1))`,
    [command.username, command.displayName?.trim() || null, whatsapp || null],
  );
  if (!affectedRows) return unknown(command.username);
  return {
    ok: true,
    message: `Patients now see "${normalize(command.username)}" as their manager with that name and WhatsApp.`,
  };
}
