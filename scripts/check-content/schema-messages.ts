/* eslint-disable @typescript-eslint/no-explicit-any -- content is whatever src/content.config.ts says; walked generically. */
/** Plain-language messages for what the collections' zod schemas refuse. */
import type { z } from 'zod';
import { show } from './source.ts';
import type { Path } from './types.ts';

export function describeIssue(issue: z.core.$ZodIssue, value: unknown, name: string): string {
  const field = `"${name}"`;
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined || value === null)
        return `${field} is missing or empty. Add it (see the other files of this kind for an example).`;
      if (issue.expected === 'number' && typeof value === 'string')
        return `${field} is ${show(value)}, a number written as text. Write the digits only, without quotes, spaces, commas or currency, e.g. ${name.split('.').pop()}: ${value.replace(/\D/g, '') || 1500}.`;
      if (issue.expected === 'string' && typeof value === 'number')
        return `${field} should be a text but is the number ${value}. Put it in quotes: '${value}'.`;
      if (issue.expected === 'array')
        return `${field} should be a list (lines starting with "- ", or [a, b]) but is ${show(value)}.`;
      if (issue.expected === 'object')
        return `${field} should be a group of fields (e.g. ar: and en:) but is ${show(value)}.`;
      if (issue.expected === 'boolean')
        return `${field} must be true or false (without quotes), not ${show(value)}.`;
      return `${field} has the wrong kind of value (${show(value)}); expected ${issue.expected}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return value === ''
          ? `${field} is empty. Write the text (both languages need one).`
          : `${field} is too short: at least ${min} characters are needed, it has ${String(value).length}.`;
      if (issue.origin === 'array')
        return `${field} needs at least ${min} item${min === 1 ? '' : 's'}, it has ${(value as unknown[]).length}.`;
      return `${field} is ${show(value)}, but it must be at least ${issue.inclusive === false ? 'more than ' : ''}${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string')
        return `${field} is too long: at most ${max} characters, it has ${String(value).length}. Shorten it.`;
      if (issue.origin === 'array')
        return `${field} has ${(value as unknown[]).length} items; at most ${max} are allowed.`;
      return `${field} is ${show(value)}, but it must be at most ${max}.`;
    }
    case 'invalid_value': {
      const allowed = issue.values.map((v) => String(v));
      return allowed.length === 1
        ? `${field} must be ${allowed[0]}, not ${show(value)}.`
        : `${field} is ${show(value)}, which is not one of the allowed values. Use one of: ${allowed.join(', ')}.`;
    }
    case 'invalid_format': {
      if (issue.format === 'starts_with')
        return `${field} is ${show(value)} but must start with "${(issue as { prefix?: string }).prefix}" (a path on this site, e.g. /hair-transplant-turkey).`;
      return `${field} is ${show(value)}, which does not have the expected form${issue.pattern ? ` (${issue.pattern})` : ''}.`;
    }
    default:
      return `${field}: ${issue.message}.`;
  }
  // The number checks below need the value, so they are handled by the caller.
}

/** A whole number expected and `value` came out as a fraction: usually 1.600 meaning 1600. */
export function fractionHint(name: string, value: number): string {
  const digits = String(value).replace('.', '');
  return `"${name}" is ${value}, but it must be a whole number. If you meant ${digits.padEnd(String(value).split('.')[0]!.length + 3, '0')}, write it without a point or comma.`;
}

/** Fields the schema does not know (typos such as "summery:", or "slug:"), at any depth. */
export function unknownKeys(schema: any, value: unknown, path: Path, found: Path[]): void {
  if (value === null || value === undefined || !schema?._zod) return;
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return unknownKeys(def.innerType, value, path, found);
    case 'pipe':
      return unknownKeys(def.in, value, path, found);
    case 'array':
      if (Array.isArray(value))
        value.forEach((item, i) => unknownKeys(def.element, item, [...path, i], found));
      return;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return;
      const shape = def.shape as Record<string, unknown>;
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        if (key in shape) unknownKeys(shape[key], child, [...path, key], found);
        else if (!def.catchall || def.catchall._zod.def.type === 'never')
          found.push([...path, key]);
      }
      return;
    }
  }
}
