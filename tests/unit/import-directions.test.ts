/**
 * docs/architecture.md, "Layers": `src/` never imports from `local/`, `scripts/` or the tests; the
 * edge functions import nothing outside `supabase/functions/` (they are deployed alone); and the
 * site's modules form no cycle at run time (a type-only import is erased and does not count).
 * Read from the files' import statements, so a new import that breaks a rule fails here by name.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, found);
    else if (/\.(ts|tsx|astro|mjs|js)$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** Static imports, re-exports and dynamic imports with a literal path; `type` marks erased ones. */
const STATIC = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Import {
  specifier: string;
  target: string | null;
  typeOnly: boolean;
}

function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('~/')) base = join(ROOT, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return base;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...[...text.matchAll(STATIC)].map((match) => ({
      specifier: match[2]!,
      typeOnly: Boolean(match[1]),
    })),
    ...[...text.matchAll(DYNAMIC)].map((match) => ({ specifier: match[1]!, typeOnly: false })),
  ].map((found) => ({ ...found, target: resolveSpecifier(file, found.specifier) }));
}

const outside = (target: string, folder: string) =>
  relative(join(ROOT, folder), target).startsWith('..');
const named = (file: string) => relative(ROOT, file);

describe('import directions', () => {
  it('src/ imports nothing from local/, scripts/ or tests/', () => {
    const wrong = sources(join(ROOT, 'src')).flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target && outside(target, 'src'))
        .map(({ specifier }) => `${named(file)} → ${specifier}`),
    );
    expect(wrong).toEqual([]);
  });

  it('the edge functions import nothing outside supabase/functions/', () => {
    const wrong = sources(join(ROOT, 'supabase', 'functions')).flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target && outside(target, 'supabase/functions'))
        .map(({ specifier }) => `${named(file)} → ${specifier}`),
    );
    expect(wrong).toEqual([]);
  });

  it('the modules of src/ form no cycle at run time', () => {
    const graph = new Map(
      sources(join(ROOT, 'src')).map((file) => [
        file,
        importsOf(file)
          .filter((found) => !found.typeOnly && found.target)
          .map((found) => found.target!),
      ]),
    );
    expect(cycles(graph).map((cycle) => cycle.map(named).sort())).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph).map((cycle) => cycle.sort())).toEqual([['a', 'b', 'c']]);
  });
});

/** Strongly connected components of more than one module (Tarjan), or a module importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
