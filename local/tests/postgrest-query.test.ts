import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BadQuery,
  NotImplemented,
  parseColumnList,
  parseFilter,
  parseInList,
  parseOrder,
  parsePrefer,
  parseSelect,
} from '../postgrest-query.ts';

describe('parseSelect', () => {
  it('reads *, plain columns and renamed columns', () => {
    expect(parseSelect(null)).toBe('*');
    expect(parseSelect('*')).toBe('*');
    expect(parseSelect('id,name, created_at')).toEqual([
      { column: 'id' },
      { column: 'name' },
      { column: 'created_at' },
    ]);
    expect(parseSelect('when:created_at,"name"')).toEqual([
      { column: 'created_at', alias: 'when' },
      { column: 'name' },
    ]);
  });

  it('answers 501 for embedding, JSON paths, casts and aggregates', () => {
    for (const select of [
      '*,contact_requests(*)',
      'lead:offer_leads(name)',
      'data->a',
      'id::text',
      'count()',
      '...offer_leads(name)',
    ]) {
      expect(() => parseSelect(select), select).toThrow(NotImplemented);
    }
  });

  it('refuses malformed column names', () => {
    expect(() => parseSelect('id;drop table x')).toThrow(BadQuery);
  });
});

describe('parseOrder', () => {
  it('reads direction and nulls placement per column', () => {
    expect(parseOrder('created_at.desc,name.asc.nullslast,id')).toEqual([
      { column: 'created_at', direction: 'desc' },
      { column: 'name', direction: 'asc', nulls: 'last' },
      { column: 'id', direction: 'asc' },
    ]);
  });
  it('refuses unknown modifiers', () => {
    expect(() => parseOrder('created_at.sideways')).toThrow(BadQuery);
  });
});

describe('parseFilter', () => {
  it('reads operators, negation and is/in values', () => {
    expect(parseFilter('id', 'eq.42')).toEqual({
      column: 'id',
      negate: false,
      operator: 'eq',
      value: '42',
    });
    expect(parseFilter('status', 'not.in.(new,"in,progress")')).toEqual({
      column: 'status',
      negate: true,
      operator: 'in',
      value: ['new', 'in,progress'],
    });
    expect(parseFilter('email', 'is.NULL')).toMatchObject({ operator: 'is', value: 'null' });
    expect(parseFilter('name', 'ilike.*ali*')).toMatchObject({ operator: 'ilike', value: '*ali*' });
    expect(parseFilter('notes', 'eq.a.b.c')).toMatchObject({ value: 'a.b.c' });
  });

  it('answers 400 for unknown operators and 501 for unsupported ones', () => {
    expect(() => parseFilter('id', 'equals.1')).toThrow(BadQuery);
    expect(() => parseFilter('id', 'eq')).toThrow(BadQuery);
    expect(() => parseFilter('email', 'is.maybe')).toThrow(BadQuery);
    expect(() => parseFilter('notes', 'adj.hair')).toThrow(NotImplemented);
    expect(() => parseFilter('id', 'eq(any).{1,2}')).toThrow(NotImplemented);
    expect(() => parseFilter('campaign_params->utm', 'eq.x')).toThrow(NotImplemented);
    expect(() => parseFilter('offer_leads.name', 'eq.x')).toThrow(NotImplemented);
  });
});

describe('parseInList', () => {
  it('round-trips any list of values written the way PostgREST clients quote them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 8 }),
        (values) => {
          const written = `(${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')})`;
          expect(parseInList(written)).toEqual(values);
        },
      ),
    );
  });
  it('trims unquoted values and accepts the empty list', () => {
    expect(parseInList('( a , b )')).toEqual(['a', 'b']);
    expect(parseInList('()')).toEqual([]);
    expect(() => parseInList('a,b')).toThrow(BadQuery);
    expect(() => parseInList('("a)')).toThrow(BadQuery);
  });
});

describe('parsePrefer and parseColumnList', () => {
  it('reads every Prefer header supabase-js sends and keeps unknown ones aside', () => {
    expect(
      parsePrefer([
        'return=representation',
        'count=exact, resolution=ignore-duplicates',
        'missing=default',
        'tx=rollback',
        'handling=strict, max-affected=10',
        'foo=bar',
      ]),
    ).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'ignore-duplicates',
      missing: 'default',
      tx: 'rollback',
      handling: 'strict',
      maxAffected: 10,
      invalid: ['foo=bar'],
    });
    expect(parsePrefer(undefined)).toEqual({
      return: undefined,
      count: undefined,
      resolution: undefined,
      missing: undefined,
      tx: undefined,
      handling: undefined,
      maxAffected: undefined,
      invalid: [],
    });
  });
  it('reads quoted and unquoted column lists', () => {
    expect(parseColumnList('"name","phone"')).toEqual(['name', 'phone']);
    expect(parseColumnList('id')).toEqual(['id']);
  });
});
