import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  MIN_PASSWORD_LENGTH,
  runAdminCommand,
  STAFF_ROLES,
  type AdminCommand,
  type StaffRole,
  type AdminCommandResult,
} from '../local/admin-accounts.ts';
import { openPglite, openPostgres } from '../local/db.ts';
import { acquireLock, DEFAULT_DATA_DIR, readLock, releaseLock } from '../local/index.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../local/keys.ts';
import { prepareDatabase } from '../local/migrate.ts';
import { join } from 'node:path';
import { adminConnection, CA_HELP, explainSslError, SslSetupError } from './admin-ssl.ts';
import { erasedFilesNote, exportFiles } from './admin-files.ts';

/**
 * The admin CLI: staff accounts are created here, never from the browser.
 *
 *   npm run admin -- create <username> [--role owner|coordinator] [--password <p>]
 *   npm run admin -- role <username> owner|coordinator
 *   npm run admin -- list
 *   npm run admin -- disable <username> | enable <username> | unlock <username>
 *   npm run admin -- reset-password <username> [--password <p>]
 *   npm run admin -- export --phone <n> [--include-possible]          every row about them, JSON
 *     [--files <dir>]                            and their photos and documents, written to <dir>
 *   npm run admin -- erase --phone <n> [--yes] [--include-possible]   erase it all (asks first)
 *   npm run admin -- erase-expired               run the retention now (and purge the bin's expired)
 *   npm run admin -- purges                      the log of requests purged from the bin
 *
 * Target: the local data dir (--data-dir, default .data; when `npm start` is running on it, the
 * command goes through that server, since PGlite allows one process per data dir), or any
 * PostgreSQL in DATABASE_URL, a hosted Supabase database included. Without --password the password
 * is prompted for (hidden, twice) or read from the first line of stdin when it is not a terminal.
 */

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  create <username> [--role owner|coordinator] [--password <p>]
                                              create a staff account (password: at least
                                              ${MIN_PASSWORD_LENGTH} characters); without --role the first
                                              account is an owner, the others coordinators
  role <username> owner|coordinator           change an account's role (owners delete, restore
                                              and purge the bin; coordinators work requests)
  list                                        list accounts, their role, last login and status
  disable <username>                          block an admin and end their sessions
  enable <username>                           allow a disabled admin again
  unlock <username>                           clear failed logins (lift a lockout)
  reset-password <username> [--password <p>]  set a new password and end their sessions
  profile <username> [--name <n>] [--whatsapp <digits>]
                                              what patients see of their manager on their page
  export --phone <n> [--files <dir>]          print every row about that person as JSON
                                              (access and portability requests); --files also
                                              writes their photos and documents into <dir>
  erase --phone <n> [--yes]                   erase everything about that person; prints the
                                              counts per table and asks first (--yes: do not ask)
    --include-possible                        export and erase also take the possible matches
                                              they list (a number stored without a country code
                                              with the same national digits), once you checked
                                              they are this person
  erase-expired                               erase what is past the retention period now,
                                              and purge what has been in the bin for 30 days
  purges                                      list the requests purged from the bin (when, by
                                              whom, who had deleted them)

Options:
  --data-dir DIR   the local data dir (default .data)
  --ca FILE        the CA certificate that signs DATABASE_URL's server certificate (verify-full)
Environment:
  DATABASE_URL     run against this PostgreSQL instead (e.g. the hosted Supabase database)
  PGSSLROOTCERT    the CA file, when --ca is not given

A database that is not on this machine is reached over TLS verified against the CA file, with
its host name checked (sslmode=verify-full). ${CA_HELP}`;

async function promptPassword(confirm: boolean): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  const ask = (question: string) =>
    new Promise<string>((resolveAnswer) => {
      const stdin = process.stdin;
      process.stdout.write(question);
      stdin.setRawMode(true);
      stdin.resume();
      let answer = '';
      const onData = (chunk: Buffer) => {
        for (const char of chunk.toString('utf8')) {
          if (char === '\r' || char === '\n') {
            stdin.setRawMode(false);
            stdin.pause();
            stdin.off('data', onData);
            process.stdout.write('\n');
            resolveAnswer(answer);
            return;
          }
          if (char === '\u0003') {
            process.stdout.write('\n');
            process.exit(130);
          }
          if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
          else answer += char;
        }
      };
      stdin.on('data', onData);
    });
  const password = await ask('Password: ');
  if (confirm && password.length >= MIN_PASSWORD_LENGTH) {
    const again = await ask('Repeat password: ');
    if (again !== password) throw new Error('The passwords do not match.');
  }
  return password;
}

interface Parsed {
  command: AdminCommand;
  dataDir: string;
  caFile: string | undefined;
  /** erase: act without asking. */
  yes: boolean;
  /** export: write the person's files into this folder too. */
  filesDir?: string;
}

async function parseCommand(argv: string[]): Promise<Parsed> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      password: { type: 'string' },
      role: { type: 'string' },
      phone: { type: 'string' },
      name: { type: 'string' },
      whatsapp: { type: 'string' },
      yes: { type: 'boolean', default: false },
      'include-possible': { type: 'boolean', default: false },
      files: { type: 'string' },
      'data-dir': { type: 'string' },
      ca: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const [name, username, ...rest] = positionals;
  // `role <username> <role>` is the one command with a second argument.
  const roleArgument = name === 'role' ? rest[0] : undefined;
  const extra = name === 'role' ? rest.slice(1) : rest;
  if (values.help || !name) throw new UsageError();
  const dataDir = resolve(values['data-dir'] ?? DEFAULT_DATA_DIR);
  const caFile = values.ca === undefined ? undefined : resolve(values.ca);
  if (extra.length) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  const yes = values.yes ?? false;
  if (values.role !== undefined && name !== 'create') {
    throw new UsageError('--role is for create; use: role <username> owner|coordinator');
  }
  if (name === 'list' || name === 'erase-expired' || name === 'purges') {
    if (username) throw new UsageError(`${name} takes no argument`);
    return { command: { command: name }, dataDir, yes, caFile };
  }
  if (name === 'export' || name === 'erase') {
    if (username) throw new UsageError(`${name} takes --phone <n>, not "${username}"`);
    if (!values.phone?.trim()) throw new UsageError(`${name} needs --phone <n>`);
    const includePossible = values['include-possible'] ?? false;
    if (values.files !== undefined && name !== 'export')
      throw new UsageError('--files is for export');
    return {
      command: { command: name, phone: values.phone, includePossible },
      dataDir,
      yes,
      caFile,
      ...(values.files === undefined ? {} : { filesDir: values.files }),
    };
  }
  if (!username) throw new UsageError(`${name} needs a <username>`);
  if (name === 'role') {
    const role = parseRole(roleArgument);
    return { command: { command: 'role', username, role }, dataDir, yes, caFile };
  }
  if (name === 'create') {
    const password = values.password ?? (await promptPassword(true));
    const command: AdminCommand =
      values.role === undefined
        ? { command: name, username, password }
        : { command: name, username, password, role: parseRole(values.role) };
    return { command, dataDir, yes, caFile };
  }
  if (name === 'reset-password') {
    const password = values.password ?? (await promptPassword(true));
    return { command: { command: name, username, password }, dataDir, yes, caFile };
  }
  if (name === 'profile') {
    if (!values.name && !values.whatsapp)
      throw new UsageError('profile needs --name and/or --whatsapp');
    const profile = {
      command: name,
      username,
      ...(values.name ? { displayName: values.name } : {}),
      ...(values.whatsapp ? { whatsapp: values.whatsapp } : {}),
    } as const;
    return { command: profile, dataDir, yes, caFile };
  }
  if (name === 'disable' || name === 'enable' || name === 'unlock') {
    return { command: { command: name, username }, dataDir, yes, caFile };
  }
  throw new UsageError(`Unknown command: ${name}`);
}

class UsageError extends Error {}

function parseRole(value: string | undefined): StaffRole {
  if (!STAFF_ROLES.includes(value as StaffRole)) {
    throw new UsageError(
      `The role must be ${STAFF_ROLES.join(' or ')}${value ? `, not "${value}"` : ''}.`,
    );
  }
  return value as StaffRole;
}

/** Runs the command against DATABASE_URL, a running local server, or the data dir directly. */
async function execute(
  command: AdminCommand,
  dataDir: string,
  caFile: string | undefined,
): Promise<AdminCommandResult> {
  const databaseUrl = process.env['DATABASE_URL'];
  if (databaseUrl) {
    const connection = adminConnection(databaseUrl, { caFile });
    let db;
    try {
      db = await openPostgres(connection.connectionString, connection.ssl);
    } catch (error) {
      const explained = explainSslError(error, connection);
      throw explained ? new SslSetupError(explained) : error;
    }
    try {
      return await runAdminCommand(db, command);
    } finally {
      await db.close();
    }
  }
  let holder = readLock(dataDir);
  for (let wait = 0; holder && !holder.url && wait < 50; wait++) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    holder = readLock(dataDir);
  }
  if (holder?.url) {
    const response = await fetch(`${holder.url}/local/v1/admin`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(command),
    });
    if (!response.ok)
      throw new Error(
        `The running local server answered ${response.status}: ${await response.text()}`,
      );
    return (await response.json()) as AdminCommandResult;
  }
  acquireLock(dataDir, null);
  const db = await openPglite(join(dataDir, 'pglite'));
  try {
    await prepareDatabase(db);
    return await runAdminCommand(db, command);
  } finally {
    await db.close();
    releaseLock(dataDir);
  }
}

/** Reads one answer from the terminal, or the next line of stdin when it is not a terminal. */
async function askLine(question: string): Promise<string> {
  process.stdout.write(question);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    if (!process.stdin.isTTY) process.stdout.write('\n');
    return line.trim();
  }
  process.stdout.write('\n');
  return '';
}

/** erase: shows what would be erased, asks (unless --yes), then erases and prints the counts. */
async function erase(parsed: Parsed & { command: { command: 'erase' } }): Promise<never> {
  const found = await execute(
    {
      command: 'count',
      phone: parsed.command.phone,
      includePossible: parsed.command.includePossible ?? false,
    },
    parsed.dataDir,
    parsed.caFile,
  );
  if (!found.ok) {
    console.error(found.message);
    process.exit(1);
  }
  const total = Object.values(found.counts ?? {}).reduce((sum, count) => sum + count, 0);
  if (total === 0) {
    console.log(`${found.message.split('\n')[0]} Nothing to erase.`);
    if (found.possible?.length) console.log(found.message.split('\n').slice(1).join('\n'));
    process.exit(0);
  }
  const [summary = '', ...possible] = found.message.split('\n');
  console.log(`${summary.replace(/\.$/, '')} would be erased, for good.`);
  if (possible.length) console.log(possible.join('\n'));
  if (!parsed.yes) {
    const answer = await askLine('Type "erase" to confirm: ');
    if (answer !== 'erase') {
      console.error('Not confirmed: nothing was erased.');
      process.exit(1);
    }
  }
  const result = await execute(parsed.command, parsed.dataDir, parsed.caFile);
  (result.ok ? console.log : console.error)(
    result.ok ? `${result.message}${erasedFilesNote(result.counts)}` : result.message,
  );
  process.exit(result.ok ? 0 : 1);
}

async function main(): Promise<void> {
  let parsed: Parsed;
  try {
    parsed = await parseCommand(process.argv.slice(2));
  } catch (error) {
    const parseError = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || parseError) {
      const message = error instanceof Error ? error.message : '';
      if (message) console.error(`${message}\n`);
      console.error(usage);
      process.exit(2);
    }
    throw error;
  }
  if (parsed.command.command === 'erase') {
    await erase(parsed as Parsed & { command: { command: 'erase' } });
  }
  const result = await execute(parsed.command, parsed.dataDir, parsed.caFile);
  (result.ok ? console.log : console.error)(result.message);
  if (result.ok && parsed.filesDir) {
    console.error(await exportFiles(result.message, parsed.dataDir, parsed.filesDir));
  }
  process.exit(result.ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
