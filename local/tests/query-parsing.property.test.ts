import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleCharacterCount } from '../../src/lib/visible-text.ts';
import { signJwt } from '../jwt.ts';
import {
  BadQuery,
  NotImplemented,
  parseColumnList,
  parseFilter,
  parseInList,
  parseOrder,
  parsePrefer,
  parseSelect,
  type FilterOperator,
  type Preferences,
} from '../postgrest-query.ts';
import { startTestStack } from './helpers.ts';

/**
 * Property-based tests of the PostgREST query parser (local/postgrest-query.ts) and of the server
 * path through it. postgrest-query.test.ts has the examples and the quoted `in` list round trip;
 * robustness.test.ts fuzzes the server with a fixed set of columns and operators. Here: any input at
 * all only ever raises the parser's own errors (BadQuery → 400, NotImplemented → 501), what clients
 * write parses back to what they meant, and any query string at all gets a PostgREST-shaped answer,
 * never a 500, with filter values reaching the database byte for byte.
 */

const RUNS = { numRuns: 400 };

/** Bidi controls and characters that draw nothing (what the names migration strips or refuses). */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- combining and invisible characters listed on purpose
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/u;

/** Anything a URL can carry once decoded: all of Unicode, lone surrogates included. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...'(),."\\:*!-> abc_019'), maxLength: 30 }),
);

function expectOwnError(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(error instanceof BadQuery || error instanceof NotImplemented, String(error)).toBe(true);
    expect((error as Error).message.length).toBeGreaterThan(0);
    if (error instanceof BadQuery) expect(typeof error.details).toBe('string');
  }
}

describe('the parser only ever raises its own 400/501 errors', () => {
  it('parseSelect, parseOrder, parseColumnList', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expectOwnError(() => parseSelect(text));
        expectOwnError(() => parseOrder(text));
        expectOwnError(() => parseColumnList(text));
      }),
      RUNS,
    );
  });

  it('parseFilter and parseInList', () => {
    fc.assert(
      fc.property(anyText, anyText, (key, raw) => {
        expectOwnError(() => parseFilter(key, raw));
        expectOwnError(() => parseInList(raw));
      }),
      RUNS,
    );
  });

  it('parsePrefer never throws and keeps only known values', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.array(anyText, { maxLength: 4 })), (header) => {
        const prefs = parsePrefer(header);
        expect([undefined, 'minimal', 'representation', 'headers-only']).toContain(prefs.return);
        expect([undefined, 'exact', 'planned', 'estimated']).toContain(prefs.count);
        expect([undefined, 'merge-duplicates', 'ignore-duplicates']).toContain(prefs.resolution);
        expect([undefined, 'default', 'null']).toContain(prefs.missing);
        expect([undefined, 'commit', 'rollback']).toContain(prefs.tx);
      }),
      RUNS,
    );
  });
});

const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_$]{0,20}$/);
/** Quoted names: anything but the quote and the characters the grammar reserves. */
const quotedName = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter((name) => !/["(),:.\\]|->|^\.\.\./.test(name) && name.trim() === name && name !== '*');

describe('what clients write parses back to what they meant', () => {
  it('select lists with renamed and quoted columns', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record(
            {
              column: fc.oneof(identifier, quotedName),
              alias: identifier,
            },
            { requiredKeys: ['column'] },
          ),
          { minLength: 1, maxLength: 6 },
        ),
        fc.constantFrom('', ' '),
        (items, space) => {
          const written = items
            .map(({ column, alias }) => {
              const name = /^[A-Za-z_][A-Za-z0-9_$]*$/.test(column) ? column : `"${column}"`;
              return alias === undefined ? name : `${alias}:${name}`;
            })
            .join(`,${space}`);
          expect(parseSelect(written)).toEqual(items);
        },
      ),
      RUNS,
    );
  });

  it('order terms with direction and nulls placement', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record(
            {
              column: identifier,
              direction: fc.constantFrom('asc' as const, 'desc' as const),
              nulls: fc.constantFrom('first' as const, 'last' as const),
            },
            { requiredKeys: ['column', 'direction'] },
          ),
          { minLength: 1, maxLength: 5 },
        ),
        fc.boolean(),
        (terms, explicitAsc) => {
          const written = terms
            .map(({ column, direction, nulls }) => {
              const dir = direction === 'asc' && !explicitAsc ? '' : `.${direction}`;
              return `${column}${dir}${nulls ? `.nulls${nulls}` : ''}`;
            })
            .join(',');
          expect(parseOrder(written)).toEqual(terms);
        },
      ),
      RUNS,
    );
  });

  const scalarOperators: FilterOperator[] = [
    'eq',
    'neq',
    'gt',
    'gte',
    'lt',
    'lte',
    'like',
    'ilike',
    'match',
    'imatch',
    'isdistinct',
    'cs',
    'cd',
    'ov',
  ];

  it('filters keep any value intact, dots and all, and read not. as negation', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          identifier,
          quotedName.map((name) => `"${name}"`),
        ),
        fc.constantFrom(...scalarOperators),
        fc.boolean(),
        fc.string({ unit: 'binary', maxLength: 40 }),
        (key, operator, negate, value) => {
          const parsed = parseFilter(key, `${negate ? 'not.' : ''}${operator}.${value}`);
          expect(parsed).toEqual({
            column: key.startsWith('"') ? key.slice(1, -1) : key,
            negate,
            operator,
            value,
          });
        },
      ),
      RUNS,
    );
  });

  it('in lists: unquoted simple values are trimmed, quoted ones kept exactly', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc
              .stringMatching(/^[A-Za-z0-9_@+-]{1,10}$/)
              .map((value) => ({ written: ` ${value} `, value })),
            fc.string({ unit: 'binary', maxLength: 10 }).map((value) => ({
              written: `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
              value,
            })),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        fc.boolean(),
        (items, negate) => {
          const raw = `${negate ? 'not.' : ''}in.(${items.map((item) => item.written).join(',')})`;
          expect(parseFilter('status', raw)).toEqual({
            column: 'status',
            negate,
            operator: 'in',
            value: items.map((item) => item.value),
          });
        },
      ),
      RUNS,
    );
  });

  it('is filters accept exactly the five keywords, in any case', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .constantFrom('null', 'not_null', 'true', 'false', 'unknown')
            .chain((word) =>
              fc
                .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
                .map((upper) =>
                  [...word].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join(''),
                ),
            ),
          anyText,
        ),
        (word) => {
          const known = ['null', 'not_null', 'true', 'false', 'unknown'].includes(
            word.toLowerCase(),
          );
          if (known) {
            expect(parseFilter('email', `is.${word}`)).toMatchObject({ value: word.toLowerCase() });
          } else {
            expect(() => parseFilter('email', `is.${word}`)).toThrow(BadQuery);
          }
        },
      ),
      RUNS,
    );
  });

  it('Prefer headers, in any order, spacing and company, read back as sent', () => {
    const choice = <T>(values: T[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          return: choice(['minimal', 'representation', 'headers-only'] as const),
          count: choice(['exact', 'planned', 'estimated'] as const),
          resolution: choice(['merge-duplicates', 'ignore-duplicates'] as const),
          missing: choice(['default', 'null'] as const),
          tx: choice(['commit', 'rollback'] as const),
        }),
        fc.array(fc.constantFrom('handling=strict', 'timezone=UTC', 'foo', 'max-affected=5')),
        fc.constantFrom('', ' ', '  '),
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        (
          prefs: Pick<Preferences, 'return' | 'count' | 'resolution' | 'missing' | 'tx'>,
          extra,
          space,
          asArray,
          order,
        ) => {
          const entries = [
            ...Object.entries(prefs)
              .filter(([, value]) => value !== undefined)
              .map(([name, value]) => `${name}${space}=${space}${value}`),
            ...extra,
          ];
          const shuffled = entries
            .map((entry) => ({ entry, key: order.next().value as number }))
            .sort((a, b) => a.key - b.key)
            .map(({ entry }) => entry);
          const header = asArray ? shuffled : shuffled.join(`,${space}`);
          const parsed = parsePrefer(header);
          expect(parsed).toMatchObject(prefs);
          expect(parsed.handling).toBe(extra.includes('handling=strict') ? 'strict' : undefined);
          expect(parsed.maxAffected).toBe(extra.includes('max-affected=5') ? 5 : undefined);
          // What PostgREST would not understand is kept, for handling=strict to refuse.
          expect([...parsed.invalid].sort()).toEqual(
            extra.filter((pref) => pref === 'foo' || pref === 'timezone=UTC').sort(),
          );
        },
      ),
      RUNS,
    );
  });

  it('columns and on_conflict lists, quoted or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(identifier, quotedName), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (names, quoteAll) => {
          const written = names
            .map((name) =>
              quoteAll || !/^[A-Za-z_][A-Za-z0-9_$]*$/.test(name) ? `"${name}"` : name,
            )
            .join(',');
          expect(parseColumnList(written)).toEqual(names);
        },
      ),
      RUNS,
    );
  });
});

describe('through the server: any query string gets a PostgREST answer, never a 500', () => {
  let stack: Awaited<ReturnType<typeof startTestStack>>;
  let service: string;
  beforeAll(async () => {
    stack = await startTestStack();
    service = signJwt({ role: 'service_role' }, stack.jwtSecret);
  });
  afterAll(async () => {
    await stack.cleanup();
  });

  const get = (table: string, query: string, token: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}/rest/v1/${table}?${query}`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}`, ...headers },
    });

  it('random select, order, filters, ranges and rpc arguments, as the service role and anon', async () => {
    const param = fc.oneof(
      fc.tuple(fc.constantFrom('select', 'order'), anyText),
      fc.tuple(fc.constantFrom('limit', 'offset'), fc.oneof(anyText, fc.nat().map(String))),
      fc.tuple(
        fc.oneof(
          fc.constantFrom('id', 'name', 'phone', 'status', 'created_at', 'preferred_countries'),
          anyText,
        ),
        fc.oneof(
          anyText,
          fc
            .tuple(
              fc.constantFrom('eq', 'not.eq', 'like', 'in', 'is', 'cs', 'gt', 'match'),
              anyText,
            )
            .map(([operator, value]) => `${operator}.${value}`),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('offer_leads', 'contact_requests', 'rpc/is_admin'),
        fc.oneof(
          fc.array(param, { maxLength: 4 }),
          anyText.map((value) => [['check_user_id', value]] as [string, string][]),
        ),
        fc.constantFrom('service', 'anon'),
        fc.option(fc.tuple(fc.nat(50), fc.nat(50)).map(([a, b]) => `${a}-${a + b}`)),
        async (table, params, who, range) => {
          const query = new URLSearchParams(params).toString();
          const response = await get(
            table,
            query,
            who === 'service' ? service : stack.anonKey,
            range ? { Range: range } : {},
          );
          const text = await response.text();
          expect(
            response.status === 501 || response.status < 500,
            `${query} → ${response.status} ${text}`,
          ).toBe(true);
          const body = JSON.parse(text) as unknown;
          if (response.status >= 400) {
            expect(Object.keys(body as object).sort()).toEqual([
              'code',
              'details',
              'hint',
              'message',
            ]);
          } else if (!table.startsWith('rpc/')) {
            expect(Array.isArray(body)).toBe(true);
          }
        },
      ),
      { numRuns: 250 },
    );
    // Still serving.
    expect((await get('offer_leads', 'select=id&limit=1', service)).status).toBe(200);
  });

  it('a filter value reaches the database byte for byte (eq, in and not.eq on any stored text)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ unit: 'binary', minLength: 2, maxLength: 30 })
          .filter((name) => name.isWellFormed() && !name.includes('\u0000') && name.trim() === name)
          .filter((name) => name.replace(/^ +| +$/g, '') === name && [...name].length >= 2)
          // Names the database stores as sent: bidi controls are removed and invisible-only names
          // refused (20261123140400_names_that_cannot_lie.sql; hostile-input.test.ts covers those).
          .filter((name) => !INVISIBLE.test(name) && [...name.replace(/\s/g, '')].length >= 2)
          // … and need two letters or digits (20261126120300_names_need_letters_or_digits.sql).
          .filter((name) => visibleCharacterCount(name) >= 2),
        async (name) => {
          const id = crypto.randomUUID();
          const phone = `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
          await stack.sql(`insert into offer_leads (id, name, phone) values ($1, $2, $3)`, [
            id,
            name,
            phone,
          ]);
          const quotedIn = `("${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}")`;
          for (const filter of [`eq.${name}`, `in.${quotedIn}`]) {
            const query = new URLSearchParams({
              select: 'id,name',
              phone: `eq.${phone}`,
              name: filter,
            });
            const response = await get('offer_leads', query.toString(), service);
            expect(response.status, filter).toBe(200);
            expect(await response.json(), filter).toEqual([{ id, name }]);
          }
          // Negated, the same value excludes the row.
          const negated = new URLSearchParams({
            select: 'id',
            phone: `eq.${phone}`,
            name: `not.eq.${name}`,
          });
          expect(await (await get('offer_leads', negated.toString(), service)).json()).toEqual([]);
        },
      ),
      { numRuns: 80 },
    );
  });
});
