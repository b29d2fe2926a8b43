import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../migrate.ts';

/**
 * PGlite is PostgreSQL 18, hosted projects run 17 and the SQL tests' second engine is Debian's 15
 * (the only one packaged here). A migration that PGlite accepts but 17 refuses would pass every
 * PGlite run and fail `supabase db push`; the 15 run catches most of them when it runs, this scan
 * catches the major 18-only features always (PostgreSQL 18 release notes, "major features"):
 * uuidv7()/uuidv4(), virtual generated columns (18's default when STORED is not written), OLD and
 * NEW in RETURNING, temporal constraints (WITHOUT OVERLAPS, PERIOD). See docs/local-stack.md.
 */

const FEATURES: [string, RegExp][] = [
  ['uuidv7() / uuidv4() (PostgreSQL 18)', /\buuidv[47]\s*\(/i],
  [
    'a generated column without STORED (virtual, PostgreSQL 18)',
    /\bgenerated\s+always\s+as\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)(?!\s*stored)/i,
  ],
  ['OLD/NEW in RETURNING (PostgreSQL 18)', /\breturning\b[^;]*\b(old|new)\s*\.\s*[a-z_*]/i],
  ['WITHOUT OVERLAPS (PostgreSQL 18)', /\bwithout\s+overlaps\b/i],
  ['a PERIOD foreign key (PostgreSQL 18)', /\breferences\b[^;]*\(\s*[^)]*\bperiod\b/i],
];

function sqlFiles(): string[] {
  const dir = join(REPO_ROOT, 'supabase', 'migrations');
  return [
    ...readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => join('supabase', 'migrations', name)),
    join('local', 'bootstrap.sql'),
  ];
}

/** The SQL without comments, so a comment naming a feature is no finding. */
function code(file: string): string {
  return readFileSync(join(REPO_ROOT, file), 'utf8')
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '');
}

describe('migrations and hosted PostgreSQL 17', () => {
  it('use none of the major features PostgreSQL 18 added', () => {
    const files = sqlFiles();
    expect(files.length).toBeGreaterThan(40);
    const findings = files.flatMap((file) => {
      const sql = code(file);
      return FEATURES.filter(([, pattern]) => pattern.test(sql)).map(
        ([feature]) => `${file}: ${feature}`,
      );
    });
    expect(findings).toEqual([]);
  });

  it('would catch each of them', () => {
    for (const sample of [
      'select uuidv7();',
      'alter table t add column c int generated always as (a + 1);',
      'update t set a = 1 returning old.a;',
      'create table t (r tstzrange, primary key (id, r without overlaps));',
      'alter table t add foreign key (id, period r) references u (id, period r);',
    ]) {
      expect(
        FEATURES.some(([, pattern]) => pattern.test(sample)),
        sample,
      ).toBe(true);
    }
    expect(
      FEATURES.some(([, pattern]) =>
        pattern.test('alter table t add column c int generated always as (a + 1) stored;'),
      ),
    ).toBe(false);
  });
});
