import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ar } from '~/i18n/ui/ar.ts';

/**
 * Every UI string is used somewhere: a key appears in the code as a whole string literal
 * ('form.name'), or starts with the fixed head of a template literal (`form.readiness.${value}`)
 * or of a concatenation ('blog.category.' + slug), or is a group literal plus one of the values
 * the code knows ('form.readiness' with the enum value 'yes', joined as `${prefix}.${option}`).
 * An unused key is a string translators keep up for nothing, and often the sign of a string the
 * page no longer shows.
 */

const root = join(import.meta.dirname, '..', '..');
const src = join(root, 'src');
const strings = join(src, 'i18n', 'ui');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === strings ? [] : sourceFiles(path);
    return /\.(ts|tsx|astro|mdx?)$/.test(entry.name) ? [path] : [];
  });
}

const code = sourceFiles(src)
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');
const literals = new Set([...code.matchAll(/(['"`])([\w.-]+)\1/g)].map((match) => match[2]));
const heads = [
  ...[...code.matchAll(/`([\w-]+\.[\w.-]*)\$\{/g)].map((match) => match[1] as string),
  ...[...code.matchAll(/(['"])([\w-]+\.[\w.-]*\.)\1\s*\+/g)].map((match) => match[2] as string),
];

describe('UI keys', () => {
  it('finds the code it checks', () => {
    expect(sourceFiles(src).map((path) => relative(root, path))).toContain(
      'src/components/sections/Hero.astro',
    );
    expect(literals.has('hero.title')).toBe(true);
  });

  it('are all used by the code', () => {
    const grouped = (key: string) => {
      const cut = key.lastIndexOf('.');
      const group = key.slice(0, cut);
      return group.includes('.') && literals.has(group) && literals.has(key.slice(cut + 1));
    };
    const unused = Object.keys(ar).filter(
      (key) => !literals.has(key) && !heads.some((head) => key.startsWith(head)) && !grouped(key),
    );
    expect(unused).toEqual([]);
  });
});
