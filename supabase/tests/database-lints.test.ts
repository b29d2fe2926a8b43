import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../local/db.ts';
import { sqlBackends } from './helpers/harness.ts';
import { LINTS } from './lints/database-lints.ts';

/**
 * The gate's database linter (supabase/tests/lints/database-lints.ts, Supabase's splinter checks as
 * our own SQL) on the migrated schema on PostgreSQL: any ERROR or WARN finding fails unless
 * docs/decisions/database-linter-findings-we-accept.md lists it with a reason.
 */

const backends = (await sqlBackends()).filter((backend) => backend.name === 'postgres');

/** `- \`lint\` \`object\`: reason` lines of the decision that accepts them. */
function acceptedFindings(): Map<string, string> {
  const text = readFileSync(
    new URL('../../docs/decisions/database-linter-findings-we-accept.md', import.meta.url),
    'utf8',
  );
  const accepted = new Map<string, string>();
  for (const match of text.matchAll(/^- `([a-z_]+)` `([^`]+)`: (.+)$/gm)) {
    accepted.set(`${match[1]} ${match[2]}`, match[3] ?? '');
  }
  return accepted;
}

async function findings(db: Queryable): Promise<{ key: string; level: string }[]> {
  const found: { key: string; level: string }[] = [];
  for (const lint of LINTS) {
    const { rows } = await db.query<{ object: string }>(lint.sql);
    for (const row of rows) found.push({ key: `${lint.name} ${row.object}`, level: lint.level });
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each(backends)('database linter on $name', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('finds no ERROR or WARN that docs/decisions/ does not accept with a reason', async () => {
    const accepted = acceptedFindings();
    const all = await findings(db);
    const info = all.filter((finding) => finding.level === 'INFO').map((finding) => finding.key);
    if (info.length) console.log(`database linter, INFO only:\n  ${info.join('\n  ')}`);
    const failing = all
      .filter((finding) => finding.level !== 'INFO' && !accepted.has(finding.key))
      .map((finding) => `${finding.level} ${finding.key}`);
    expect(failing).toEqual([]);
    // An accepted finding that no longer occurs is stale: the list stays true.
    const present = new Set(all.map((finding) => finding.key));
    expect([...accepted.keys()].filter((key) => !present.has(key))).toEqual([]);
    for (const reason of accepted.values()) expect(reason.length).toBeGreaterThan(20);
  });

  it('catches each mistake it is meant to catch', async () => {
    await db
      .transaction(async (tx) => {
        await tx.query(`
          create table public.lint_probe (id int, owner uuid);
          create policy "probe" on public.lint_probe for select to authenticated
            using (owner = auth.uid());
          create policy "probe too" on public.lint_probe for select to authenticated using (true);
          create policy "probe write" on public.lint_probe for insert to anon with check (true);
          create policy "probe setting" on public.lint_probe for select to anon
            using (id = current_setting('rihla.probe', true)::int);
          create policy "probe setting once" on public.lint_probe for select to anon
            using (id = (select current_setting('rihla.probe', true)::int));
          create function public.lint_probe_fn() returns int language sql security definer
            as 'select 1';
          create index lint_probe_a on public.lint_probe (id);
          create index lint_probe_b on public.lint_probe (id);
          create view public.lint_probe_view as select id from public.lint_probe;
        `);
        const found = new Set((await findings(tx)).map((finding) => finding.key));
        for (const expected of [
          'rls_disabled_in_public public.lint_probe',
          'policy_exists_rls_disabled public.lint_probe',
          'multiple_permissive_policies public.lint_probe authenticated r',
          'rls_policy_always_true public.lint_probe probe write',
          'function_search_path_mutable public.lint_probe_fn()',
          'security_definer_function_executable public.lint_probe_fn() anon',
          'duplicate_index public.lint_probe lint_probe_a, lint_probe_b',
          'security_definer_view public.lint_probe_view',
          'no_primary_key public.lint_probe',
        ]) {
          expect(found, expected).toContain(expected);
        }
        await tx.query(`alter table public.lint_probe enable row level security`);
        const withRls = new Set((await findings(tx)).map((finding) => finding.key));
        expect(withRls).toContain('auth_rls_initplan public.lint_probe probe');
        // current_setting() per row, as splinter flags it; in a sub-select it is not.
        expect(withRls).toContain('auth_rls_initplan public.lint_probe probe setting');
        expect(withRls).not.toContain('auth_rls_initplan public.lint_probe probe setting once');
        throw new Error('rollback');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rollback')) throw error;
      });
  });
});
