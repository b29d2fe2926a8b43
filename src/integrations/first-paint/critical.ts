/**
 * The critical stylesheet of a page: the rules of the site's stylesheet that match an element of the
 * page as it is served (before any script or interaction), with the at-rules and custom properties
 * they need.
 *
 * A rule is kept when one of its selectors matches an element once the pseudo-classes that depend on
 * what the visitor does (`:hover`, `:focus…`, `:active`…) make it fail, and pseudo-elements
 * (`::placeholder`, `::before`…) are read as their element: a state the visitor causes later is
 * styled by the full stylesheet, which has arrived by then (./index.ts). `@font-face` is kept whole;
 * `@property`, `@keyframes` and the theme's custom properties only when a kept rule uses them.
 */
import { selectOne } from 'css-select';
import type { AnyNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import postcss, { type ChildNode, type Container, type Root, type Rule } from 'postcss';

/**
 * Pseudo-classes that a visitor's action turns on: never true when the page is first drawn. (An
 * open dialog or popover, `:modal`/`:popover-open`, is kept: an early tap opens one before the full
 * stylesheet has arrived.)
 */
const ACTION_PSEUDO =
  /^:(hover|focus|focus-visible|focus-within|active|visited|target|user-invalid|user-valid|autofill|-webkit-autofill)(?![\w-])/;

/** Pseudo-classes css-select evaluates against the served document; every other pseudo is dropped. */
const EVALUATED_PSEUDO =
  /^:(not|is|where|has|lang|first-child|last-child|only-child|first-of-type|last-of-type|only-of-type|nth-child|nth-last-child|nth-of-type|nth-last-of-type|empty|root|checked|disabled|enabled|required|optional|link|any-link|open|read-only|read-write|placeholder-shown)(?![\w-])/;

/** `selector` as it can apply to the served page: null if it needs a visitor's action. */
export function servedSelector(selector: string): string | null {
  let out = '';
  for (let i = 0; i < selector.length;) {
    const char = selector[i]!;
    if (char === '\\') {
      out += selector.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (char === '[') {
      const end = selector.indexOf(']', i);
      out += selector.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char !== ':') {
      out += char;
      i++;
      continue;
    }
    // A pseudo: its name, then a balanced argument if any.
    const name = /^::?[\w-]+/.exec(selector.slice(i))![0];
    if (ACTION_PSEUDO.test(name)) return null;
    let end = i + name.length;
    if (selector[end] === '(') {
      for (let depth = 0; end < selector.length; end++) {
        if (selector[end] === '(') depth++;
        else if (selector[end] === ')' && --depth === 0) break;
      }
      end++;
    }
    const argument = selector.slice(i + name.length, end);
    // `:is(:where(.group):hover *)` (Tailwind's group-hover) needs an action too.
    if (/(?<!\\):(hover|focus|active)/.test(argument)) return null;
    if (!name.startsWith('::') && EVALUATED_PSEUDO.test(name)) out += selector.slice(i, end);
    i = end;
  }
  out = out.trim();
  // A selector that was only a pseudo-element (`::backdrop`), or ends on a combinator once its
  // pseudo-element is gone, applies to any element.
  if (out === '' || /[>+~]$/.test(out)) out += '*';
  return out;
}

/** The site's stylesheet, parsed once, with every style rule numbered in document order. */
export interface Stylesheet {
  root: Root;
  rules: Rule[];
}

/** Rules kept on every page: the theme's variables and Tailwind's property defaults. */
const alwaysKept = (rule: Rule) =>
  rule.selector.startsWith(':root') ||
  (rule.parent?.type === 'atrule' &&
    rule.parent.name === 'supports' &&
    rule.selector.startsWith('*'));

export function parseStylesheet(css: string): Stylesheet {
  const root = postcss.parse(css);
  const rules: Rule[] = [];
  root.walkRules((rule) => {
    // Keyframe steps (`from`, `50%`) are not matched against the page.
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    rules.push(rule);
  });
  return { root, rules };
}

/** The numbers of the rules that apply to the page `html` as served. */
export function usedRules(sheet: Stylesheet, html: string): Set<number> {
  const document: AnyNode[] = parseDocument(html).children;
  const verdicts = new Map<string, boolean>();
  const matches = (selector: string) => {
    let verdict = verdicts.get(selector);
    if (verdict === undefined) {
      const served = servedSelector(selector);
      try {
        verdict = served !== null && selectOne(served, document) !== null;
      } catch {
        // A selector css-select cannot read: kept, rather than risk an unstyled first paint.
        verdict = true;
      }
      verdicts.set(selector, verdict);
    }
    return verdict;
  };
  const used = new Set<number>();
  sheet.rules.forEach((rule, index) => {
    if (alwaysKept(rule) || rule.selectors.some(matches)) used.add(index);
  });
  return used;
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const ANIMATION_NAME = /^animation(-name)?$/;

/** Custom properties and animations the kept rules use, following variables through the theme. */
function usedNames(kept: Rule[], theme: Map<string, string>) {
  const variables = new Set<string>();
  const animations = new Set<string>();
  const pending: string[] = [];
  const reference = (value: string) => {
    for (const match of value.matchAll(VAR_REFERENCE)) pending.push(match[1]!);
  };
  for (const rule of kept) {
    if (alwaysKept(rule)) continue;
    rule.walkDecls((decl) => {
      if (decl.prop.startsWith('--')) variables.add(decl.prop);
      reference(decl.value);
      if (ANIMATION_NAME.test(decl.prop))
        for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
    });
  }
  while (pending.length) {
    const name = pending.pop()!;
    if (variables.has(name)) continue;
    variables.add(name);
    const value = theme.get(name);
    if (value) reference(value);
  }
  return { variables, animations };
}

/** Empties containers left without content by pruning. */
function dropEmpty(container: Container) {
  container.each((node: ChildNode) => {
    if (node.type !== 'atrule' || !node.nodes) return;
    dropEmpty(node);
    if (node.nodes.length === 0 && node.name !== 'layer') node.remove();
  });
}

/** The critical stylesheet made of the rules numbered in `used`. */
export function renderCritical(sheet: Stylesheet, used: Set<number>): string {
  const root = sheet.root.clone();
  const rules: Rule[] = [];
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    rules.push(rule);
  });
  const kept = rules.filter((_, index) => used.has(index));
  const theme = new Map<string, string>();
  for (const rule of kept)
    if (alwaysKept(rule)) rule.walkDecls((decl) => void theme.set(decl.prop, decl.value));
  const { variables, animations } = usedNames(kept, theme);
  rules.forEach((rule, index) => {
    if (!used.has(index)) return void rule.remove();
    if (!alwaysKept(rule)) return;
    rule.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && !variables.has(decl.prop)) decl.remove();
    });
    if (!rule.nodes.length) rule.remove();
  });
  root.walkAtRules((rule) => {
    if (rule.name === 'property' && !variables.has(rule.params)) rule.remove();
    if (/keyframes$/.test(rule.name) && !animations.has(rule.params)) rule.remove();
  });
  dropEmpty(root);
  return root.toString();
}

/** The critical stylesheet of one page (both as text). */
export function criticalCss(html: string, css: string): string {
  const sheet = parseStylesheet(css);
  return renderCritical(sheet, usedRules(sheet, html));
}
