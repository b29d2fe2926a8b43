import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { applySeed, prepareDatabase, readMigrations } from '../../local/migrate.ts';
import { countRows, sqlBackends } from './helpers/harness.ts';

/**
 * Invariants of the schema as a whole, so a future migration cannot quietly break them: every table
 * has RLS, every security definer function pins its search_path, the private schema stays private,
 * realtime publishes what the dashboard listens to, and migrations are recorded and applied once.
 */

const backends = await sqlBackends();

describe.each(backends)('schema invariants on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('records every migration once, under the Supabase CLI history table', async () => {
    const { rows } = await db.query<{ version: string; name: string }>(
      `select version, name from supabase_migrations.schema_migrations order by version`,
    );
    expect(rows).toEqual(readMigrations().map(({ version, name }) => ({ version, name })));
    const again = await prepareDatabase(db);
    expect(again).toMatchObject({ bootstrap: 'unchanged', applied: [], changed: [] });
  });

  it('enables row level security on every table in public and private', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname in ('public', 'private') and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('names policies as sentences, one per operation and role', async () => {
    const { rows } = await db.query<{
      tablename: string;
      policyname: string;
      cmd: string;
      roles: string;
    }>(
      `select tablename::text, policyname::text, cmd::text, array_to_string(roles, ',') as roles
       from pg_policies where schemaname = 'public' order by tablename, policyname`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const policy of rows) {
      expect(policy.policyname).toMatch(/^[A-Z][a-z-]+( [a-z-]+)+$/);
      expect(policy.roles.split(',')).toHaveLength(1);
      expect(policy.cmd).not.toBe('ALL');
    }
    const names = rows.map((policy) => `${policy.tablename}/${policy.policyname}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('pins search_path to empty on every security definer function', async () => {
    const { rows } = await db.query<{ name: string; config: string | null }>(
      `select n.nspname || '.' || p.proname as name, array_to_string(p.proconfig, ',') as config
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.prosecdef and n.nspname in ('public', 'private')`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.config, row.name).toBe('search_path=""');
  });

  it('keeps the private schema out of reach of the API roles', async () => {
    const { rows } = await db.query<{ role: string; usage: boolean }>(
      `select r as role, has_schema_privilege(r, 'private', 'usage') as usage
       from unnest(array['anon', 'authenticated', 'service_role']) r`,
    );
    expect(rows.every((row) => !row.usage)).toBe(true);
  });

  it('sends lead changes only to the private staff topics, never as postgres_changes', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_publication_tables
       where pubname = 'supabase_realtime' order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual([]);
    const { rows: triggers } = await db.query<{ name: string }>(
      `select tgrelid::regclass::text as name from pg_trigger
       where tgname = 'broadcast_staff_change' order by 1`,
    );
    expect(triggers.map((row) => row.name)).toEqual(['contact_requests', 'offer_leads']);
    const { rows: policies } = await db.query<{ policyname: string }>(
      `select policyname from pg_policies where schemaname = 'realtime' and tablename = 'messages'
       order by 1`,
    );
    // The staff topics of the lead tables, staff:request_files of issue 30 (file ids only) and
    // issue 31's quotes' topic (staff:quotes) and issue 46's staff:whatsapp_messages (message ids
    // and states only), issue 43's staff:patient_messages (ids only), issue 44's staff:aftercare
    // (ids, day and answer), each for live admin sessions only.
    expect(policies.map((row) => row.policyname)).toEqual([
      'admins receive after-care broadcasts',
      'admins receive file broadcasts',
      'admins receive patient conversation broadcasts',
      'admins receive quote broadcasts',
      'admins receive staff broadcasts',
      'admins receive whatsapp broadcasts',
    ]);
  });

  it('loads the demo seed once, through the same fan-out', async () => {
    await db.exec(`truncate public.offer_leads cascade`);
    expect(await applySeed(db)).toBe(true);
    expect(await applySeed(db)).toBe(false);
    expect(await countRows(db, 'public.offer_leads')).toBe(5);
    expect(await countRows(db, 'public.contact_requests')).toBe(5);
    const { rows } = await db.query<{ service: string; status: string }>(
      `select service::text, status::text from public.contact_requests order by lead_id`,
    );
    expect(rows.map((row) => row.service)).toEqual([
      'hairTransplant',
      'hollywood',
      'bariatric',
      'dental',
      'hairTransplant',
    ]);
    expect(rows.map((row) => row.status)).toEqual([
      'in_progress',
      'new',
      'new',
      'completed',
      'new',
    ]);
  });
});
