import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { visibleCharacterCount } from '../../src/lib/visible-text.ts';
import { anon, as, expectSqlError, insertLead, leadRow, sqlBackends } from './helpers/harness.ts';

/**
 * The database's rule for names (offer_leads_name_visible, supabase/migrations/
 * 20261126120300_names_need_letters_or_digits.sql) and the forms' (src/lib/visible-text.ts) are
 * one rule: two letters or digits in some script. Checked on the constraint's own expression.
 */

const backends = await sqlBackends();

const tricky = [
  ' ',
  '\u00a0',
  '\u00ad',
  '\u061c',
  '\u115f',
  '\u200b',
  '\u200d',
  '\u202e',
  '\u2800',
  '\u3164',
  '\ufeff',
  '\uffa0',
  '\u0301',
  '\u0651',
  '\u0640',
  '\u{e0041}',
  '\u{e007f}',
  'a',
  'ب',
  '٣',
  '中',
  'Ⅻ',
  '\u{1d400}',
  '=',
  '-',
  '.',
  '😀',
];
/** Any code point (no NUL, which PostgreSQL text cannot hold), often a tricky one. */
const nameChars = fc.oneof(
  fc.constantFrom(...tricky),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '\u0000'),
);

describe.each(backends)('visible names on $name', (backend) => {
  let db: Database;
  let check: string;
  beforeAll(async () => {
    db = await backend.open();
    const { rows } = await db.query<{ def: string }>(
      `select pg_get_expr(conbin, conrelid) as def from pg_constraint
       where conname = 'offer_leads_name_visible'`,
    );
    // The constraint's expression with the name as a parameter.
    check = (rows[0]?.def ?? '').replace(/\(name,/, '($1::text,');
    expect(check).toContain('$1::text');
  });
  afterAll(async () => {
    await db.close();
  });

  it('agrees with the forms on any name', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: nameChars, maxLength: 8 }), async (name) => {
        const { rows } = await db.query<{ ok: boolean }>(`select ${check} as ok`, [name]);
        expect(rows[0]?.ok, JSON.stringify(name)).toBe(visibleCharacterCount(name) >= 2);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses Braille blanks, tag characters, marks-only and tatweel-only names on insert, accepts Arabic', async () => {
    for (const name of [
      '\u2800\u2800\u2800',
      '\u{e0041}\u{e0042}\u{e0043}',
      '\u0301\u0651\u064b',
      '\u3164\u3164',
      // Tatweel only (issue 42): a letter by category, no name.
      'ـــ',
      'ـ ـ ـ',
      'ـأ',
    ]) {
      const error = await expectSqlError(
        as(db, anon, (tx) => insertLead(tx, leadRow({ name }))),
        '23514',
      );
      expect(error.constraint).toBe('offer_leads_name_visible');
    }
    expect(await as(db, anon, (tx) => insertLead(tx, leadRow({ name: 'لؤي' })))).toBe(1);
    expect(await as(db, anon, (tx) => insertLead(tx, leadRow({ name: 'Zoë' })))).toBe(1);
    // Tatweel between letters stays what it is: a stretched name.
    expect(await as(db, anon, (tx) => insertLead(tx, leadRow({ name: 'محـــمد' })))).toBe(1);
  });
});
