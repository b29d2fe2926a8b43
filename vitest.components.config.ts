/**
 * Component tests (tests/components, `npm run test:components`): Astro components rendered alone
 * with Astro's container API and islands rendered by React, so a component's contract is checked
 * without a build and a browser. Astro's Vite configuration compiles the .astro files.
 */
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/components/**/*.test.ts'],
    retry: 0,
    testTimeout: 60_000,
  },
});
