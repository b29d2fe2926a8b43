import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rihla from '../../eslint/rihla.js';

/** The project's own lint rules (eslint/rihla.js), each with code it must pass and code it must reject. */

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('rihla/logical-sides', rihla.rules['logical-sides'], {
  valid: [
    { code: `<div className="ms-2 pe-4 start-0 text-start rounded-s-lg border-e" />` },
    { code: `const classes = 'mx-auto px-4 inset-x-0 rounded-full';` },
    { code: `const label = 'left to right';` },
    { code: `const words = 'the leftover right answer';` },
  ],
  invalid: [
    {
      code: `<div className="ms-2 ml-4" />`,
      errors: [{ messageId: 'physical', data: { token: 'ml-4', logical: 'ms-/me-' } }],
    },
    {
      code: 'const c = `md:pr-2 ${x} hover:-left-1`;',
      errors: [
        { messageId: 'physical', data: { token: 'md:pr-2', logical: 'ps-/pe-' } },
        { messageId: 'physical', data: { token: 'hover:-left-1', logical: 'start-' } },
      ],
    },
    {
      code: `const c = 'text-right rounded-tl-xl border-l-2 float-left right-0';`,
      errors: [
        { messageId: 'physical', data: { token: 'text-right', logical: 'text-start/text-end' } },
        {
          messageId: 'physical',
          data: {
            token: 'rounded-tl-xl',
            logical: 'rounded-s/rounded-e (rounded-ss, rounded-ee…)',
          },
        },
        { messageId: 'physical', data: { token: 'border-l-2', logical: 'border-s/border-e' } },
        { messageId: 'physical', data: { token: 'float-left', logical: 'float-start/float-end' } },
        { messageId: 'physical', data: { token: 'right-0', logical: 'end-' } },
      ],
    },
  ],
});

tester.run('rihla/no-literal-text', rihla.rules['no-literal-text'], {
  valid: [
    { code: `<p>{t('hero.title')}</p>` },
    { code: `<p aria-label={t('nav.label')} title={name}>{count} · 42 — %</p>` },
    { code: `<span className="font-bold" data-testid="card" role="status" />` },
    { code: `<p>Rihla Care</p>`, options: [{ allow: ['Rihla Care'] }] },
  ],
  invalid: [
    {
      code: `<button>Send</button>`,
      errors: [{ messageId: 'text', data: { text: 'Send' } }],
    },
    {
      code: `<p>{'مرحباً'}</p>`,
      errors: [{ messageId: 'text', data: { text: 'مرحباً' } }],
    },
    {
      code: `<input placeholder="Your name" aria-label={'Name'} title={\`Phone\`} alt="x" />`,
      errors: [
        { messageId: 'attribute', data: { name: 'placeholder', text: 'Your name' } },
        { messageId: 'attribute', data: { name: 'aria-label', text: 'Name' } },
        { messageId: 'attribute', data: { name: 'title', text: 'Phone' } },
        { messageId: 'attribute', data: { name: 'alt', text: 'x' } },
      ],
    },
  ],
});
