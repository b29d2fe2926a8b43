import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { leadFields, requestFields, type FieldRule } from '../../src/lib/field-rules.ts';
import {
  anon,
  as,
  expectSqlError,
  insertLead,
  leadRow,
  serviceRole,
  sqlBackends,
} from './helpers/harness.ts';

/**
 * The limits and required fields of leads and requests are written once, in src/lib/field-rules.ts,
 * for the browser; the database's CHECKs and NOT NULLs must say the same. For every rule: a value
 * at each limit is stored, one past it is refused by the rule's constraint. A failure here means
 * src/lib/field-rules.ts and the migrations disagree: change the table there (and the CHECK in a
 * new migration) so that both say the limit the product wants.
 */

const backends = await sqlBackends();
const FIX = 'src/lib/field-rules.ts and the schema disagree (change the table there or the CHECK)';

/** A value of `length` for the rule: characters, digits (phone), items (lists), an address. */
function valueOf(rule: FieldRule, length: number): unknown {
  if (rule.column === 'phone') return '1'.repeat(length);
  if (rule.column === 'preferred_countries') return Array.from({ length }, () => 'x');
  if (rule.column === 'email') return `${'a'.repeat(length - '@x.io'.length)}@x.io`;
  if (rule.column === 'page_url') return `https://x/${'p'.repeat(length - 'https://x/'.length)}`;
  const text = 'ab'.repeat(length).slice(0, length);
  // Trimmed limits count after btrim: spaces around must not count.
  return rule.trimmed ? `  ${text}  ` : text;
}

describe.each(backends)('field rules of leads and requests on $name', (backend) => {
  let db: Database;
  let address = 0;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec(`truncate public.offer_leads, private.lead_submissions cascade`);
  });

  const insert = (overrides: Record<string, unknown>) =>
    as(db, { ...anon, address: `192.0.2.${(address = (address % 250) + 1)}` }, (tx) =>
      insertLead(tx, leadRow({ country_code: null, country: null, ...overrides })),
    );

  it.each(Object.entries(leadFields))("a lead's %s: %o", async (_, rule: FieldRule) => {
    expect(await insert({ [rule.column]: valueOf(rule, rule.max) }), FIX).toBe(1);
    const over = await expectSqlError(
      insert({ [rule.column]: valueOf(rule, rule.max + 1) }),
      '23514',
    );
    expect(over.constraint, FIX).toBe(rule.constraint);
    if (rule.min !== undefined) {
      expect(await insert({ [rule.column]: valueOf(rule, rule.min) }), FIX).toBe(1);
      const under = await expectSqlError(
        insert({ [rule.column]: valueOf(rule, rule.min - 1) }),
        '23514',
      );
      expect(under.constraint, FIX).toBe(rule.constraint);
    }
  });

  it.each(Object.entries(requestFields))("a request's %s: %o", async (_, rule: FieldRule) => {
    expect(await insert({})).toBe(1);
    // A staff entry's record of consent (the constraint holds its fields together).
    const consent: Record<string, string> = { consent_how: 'by phone', consent_given_by: 'Layla' };
    const set = (value: unknown) =>
      as(db, serviceRole, (tx) =>
        tx.query(
          `update public.contact_requests set
             entry_channel = 'phone', entered_by_name = 'Staff', consent_given_at = now(),
             ${Object.keys(consent)
               .filter((column) => column !== rule.column)
               .map((column) => `${column} = '${consent[column]}', `)
               .join('')}${rule.column} = $1`,
          [value],
        ),
      );
    await set(valueOf(rule, rule.max));
    expect((await expectSqlError(set(valueOf(rule, rule.max + 1)), '23514')).constraint, FIX).toBe(
      rule.constraint,
    );
    if (rule.min !== undefined) {
      await set(valueOf(rule, rule.min));
      const under = await expectSqlError(set(valueOf(rule, rule.min - 1)), '23514');
      expect(under.constraint, FIX).toBe(rule.constraint);
    }
  });

  it('requires exactly the fields the table marks required', async () => {
    const { rows } = await db.query<{ column_name: string; is_nullable: string }>(
      `select column_name, is_nullable from information_schema.columns
       where table_schema = 'public' and table_name = 'offer_leads'`,
    );
    const nullable = new Map(rows.map((row) => [row.column_name, row.is_nullable === 'YES']));
    for (const [field, rule] of Object.entries(leadFields) as [string, FieldRule][]) {
      expect(nullable.get(rule.column), `${field}: ${FIX}`).toBe(!rule.required);
    }
  });
});
