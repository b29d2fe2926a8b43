/**
 * ESLint for the whole repository, one step of `npm test` (`npm run lint`, zero warnings).
 * Recommended sets of typescript-eslint (types not required, so it stays fast on 2 cores),
 * react-hooks, jsx-a11y (in .tsx islands and, through eslint-plugin-astro, in .astro markup) and
 * the project's own conventions from eslint/rihla.js. Why these packages and versions:
 * docs/decisions.md ("ESLint in the gate").
 */
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import rihla from './eslint/rihla.js';

/**
 * Text that may appear in markup as written: names and symbols that are the same in both
 * languages. Keep it short; anything a translator would touch belongs in src/i18n.
 */
const LITERAL_TEXT_ALLOWED = [
  'Rihla Care',
  // The shape of a local mobile number, the same in both languages (the phone field is dir="ltr").
  '5X XXX XXXX',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.data/',
      '.astro/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'public/',
      'src/lib/database.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y-x': jsxA11y, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
      ...reactHooks.configs.recommended.rules,
      // Islands are rendered to HTML at build time and hydrated: what only the browser knows
      // (storage, display mode, being mounted) must be read after hydration, in an effect, or the
      // first client render would not match the HTML. That is the pattern this rule reports.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    languageOptions: {
      globals: {
        // Node scripts, the local server and tests, and the browser islands share the repository.
        ...Object.fromEntries(
          [
            'console',
            'process',
            'Buffer',
            'URL',
            'URLSearchParams',
            'fetch',
            'setTimeout',
            'clearTimeout',
            'setInterval',
            'clearInterval',
            'structuredClone',
            'crypto',
            'window',
            'document',
            'navigator',
            'localStorage',
            'sessionStorage',
            'location',
            'Deno',
          ].map((name) => [name, 'readonly']),
        ),
      },
    },
    rules: {
      // The three uses strip control characters from untrusted input on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/i18n/**'],
    plugins: { rihla },
    rules: {
      'rihla/logical-sides': 'error',
      'rihla/no-literal-text': ['error', { allow: LITERAL_TEXT_ALLOWED }],
    },
  },
);
