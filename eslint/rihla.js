/**
 * The project's own lint rules: the conventions reviewers used to check by eye.
 * - `rihla/logical-sides`: no physical left/right utility classes (the site is RTL first; the
 *   logical `ms-`/`pe-`/`start-`/`text-start` work in both directions).
 * - `rihla/no-literal-text`: no visible text written in a component; it belongs in
 *   src/i18n/ui/ar.ts and en.ts so both languages have it.
 * Both look only at string literals, template text and JSX/Astro text, so they stay cheap and
 * precise. Their tests are in tests/unit/eslint-rules.test.ts.
 */

/** Tailwind utilities that name a physical side, with any variant prefix (`md:`, `hover:`) and `-` sign. */
const PHYSICAL = new RegExp(
  '^(?:[\\w-]+:)*!?-?(?:' +
    [
      '[mp][lr]-\\S+', // ml-4, pr-2
      '(?:left|right)-\\S+', // left-0, right-1/2
      'text-(?:left|right)',
      'float-(?:left|right)',
      'clear-(?:left|right)',
      'border-[lr](?:-\\S+)?', // border-l, border-r-2
      'rounded-(?:[lr]|[tb][lr])(?:-\\S+)?', // rounded-l-lg, rounded-tr
      'scroll-[mp][lr]-\\S+',
    ].join('|') +
    ')$',
);

const LOGICAL = {
  m: 'ms-/me-',
  p: 'ps-/pe-',
  left: 'start-',
  right: 'end-',
  text: 'text-start/text-end',
  float: 'float-start/float-end',
  clear: 'clear-start/clear-end',
  border: 'border-s/border-e',
  rounded: 'rounded-s/rounded-e (rounded-ss, rounded-ee…)',
  scroll: 'scroll-ms-/scroll-pe-…',
};

/** The physical class tokens in a string (split on whitespace, as `class` is). */
export function physicalClasses(text) {
  return text.split(/\s+/).filter((token) => token !== '' && PHYSICAL.test(token));
}

function suggestion(token) {
  const bare = token.replace(/^(?:[\w-]+:)*!?-?/, '');
  const head = /^[mp][lr]-/.test(bare) ? bare[0] : bare.split('-')[0];
  return LOGICAL[head] ?? 'a logical class';
}

/** @type {import('eslint').Rule.RuleModule} */
const logicalSides = {
  meta: {
    type: 'problem',
    docs: { description: 'Use logical (start/end) classes instead of physical left/right ones' },
    schema: [],
    messages: {
      physical:
        '"{{token}}" is a physical side; the page is right-to-left in Arabic. Use {{logical}} instead.',
    },
  },
  create(context) {
    const check = (node, text) => {
      for (const token of physicalClasses(text))
        context.report({
          node,
          messageId: 'physical',
          data: { token, logical: suggestion(token) },
        });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw);
      },
    };
  },
};

/** Attributes whose value a user sees or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'alt',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'label',
  'placeholder',
  'title',
]);

/** Text with at least one letter in any script (digits, symbols and punctuation pass). */
const HAS_LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'Visible text comes from src/i18n, never from the markup' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'Visible text "{{text}}" is written in the markup: add it to src/i18n/ui/ar.ts and en.ts and use t().',
      attribute:
        '{{name}}="{{text}}" is visible text: add it to src/i18n/ui/ar.ts and en.ts and use t().',
    },
  },
  create(context) {
    const allow = new Set(context.options[0]?.allow ?? []);
    const visible = (text) => {
      const trimmed = text.replace(/\s+/g, ' ').trim();
      return trimmed !== '' && HAS_LETTER.test(trimmed) && !allow.has(trimmed) ? trimmed : null;
    };
    const attributeName = (node) =>
      node.name?.type === 'JSXNamespacedName'
        ? `${node.name.namespace.name}:${node.name.name.name}`
        : node.name?.name;
    return {
      JSXText(node) {
        // Text inside <script>/<style> is code, not content.
        const parent = node.parent;
        const tag = parent?.openingElement?.name?.name ?? parent?.name?.name;
        if (tag === 'script' || tag === 'style') return;
        const text = visible(node.value);
        if (text) context.report({ node, messageId: 'text', data: { text } });
      },
      // {'text'} written as a child is text too.
      JSXExpressionContainer(node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const expression = node.expression;
        if (expression.type !== 'Literal' || typeof expression.value !== 'string') return;
        const text = visible(expression.value);
        if (text) context.report({ node, messageId: 'text', data: { text } });
      },
      JSXAttribute(node) {
        const name = attributeName(node);
        if (typeof name !== 'string' || !VISIBLE_ATTRIBUTES.has(name)) return;
        const value = node.value;
        let raw = null;
        if (value?.type === 'Literal' && typeof value.value === 'string') raw = value.value;
        else if (
          value?.type === 'JSXExpressionContainer' &&
          value.expression.type === 'Literal' &&
          typeof value.expression.value === 'string'
        )
          raw = value.expression.value;
        else if (
          value?.type === 'JSXExpressionContainer' &&
          value.expression.type === 'TemplateLiteral' &&
          value.expression.expressions.length === 0
        )
          raw = value.expression.quasis[0]?.value.cooked ?? '';
        if (raw === null) return;
        const text = visible(raw);
        if (text) context.report({ node, messageId: 'attribute', data: { name, text } });
      },
    };
  },
};

export default {
  meta: { name: 'rihla' },
  rules: { 'logical-sides': logicalSides, 'no-literal-text': noLiteralText },
};
