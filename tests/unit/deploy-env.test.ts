import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY } from '../../local/keys.ts';
import deployEnv, { checkDeployEnv, projectRef } from '../../src/integrations/deploy-env.ts';

/**
 * The production-build check (src/integrations/deploy-env.ts): a build aimed at a hosted project
 * fails with a message naming what to set when the key is missing, the demo key, another project's
 * key or a secret key, and when the site's own address is missing or local.
 */

/** An unsigned JWT-shaped key: the build reads only what the key says of itself. */
const jwtKey = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

const hosted = {
  PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_Zx81kLmN0pQrStUvWxYz_12ab',
  PUBLIC_SITE_URL: 'https://rihla.care',
};

describe('checkDeployEnv', () => {
  it('leaves builds against the local stack alone', () => {
    expect(checkDeployEnv({})).toEqual([]);
    expect(checkDeployEnv({ PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54329' })).toEqual([]);
    expect(checkDeployEnv({ PUBLIC_SUPABASE_URL: 'http://localhost:54321' })).toEqual([]);
  });

  it('accepts a hosted project with its publishable key or its own legacy anon key', () => {
    expect(checkDeployEnv(hosted)).toEqual([]);
    const legacy = jwtKey({ iss: 'supabase', ref: 'abcdefghijklmnopqrst', role: 'anon' });
    expect(checkDeployEnv({ ...hosted, PUBLIC_SUPABASE_ANON_KEY: legacy })).toEqual([]);
    // A custom API domain: the key's project cannot be compared, the rest still is.
    expect(
      checkDeployEnv({
        ...hosted,
        PUBLIC_SUPABASE_URL: 'https://api.rihla.care',
        PUBLIC_SUPABASE_ANON_KEY: legacy,
      }),
    ).toEqual([]);
  });

  it('names the key to set when it is missing or the local demo key', () => {
    const missing = checkDeployEnv({ ...hosted, PUBLIC_SUPABASE_ANON_KEY: undefined });
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatch(/PUBLIC_SUPABASE_ANON_KEY is not set.*API Keys.*sb_publishable_/);
    for (const demo of [
      LOCAL_ANON_KEY,
      LOCAL_PUBLISHABLE_KEY,
      jwtKey({ iss: 'supabase-demo', role: 'anon' }),
    ]) {
      const problems = checkDeployEnv({ ...hosted, PUBLIC_SUPABASE_ANON_KEY: demo });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/demo key/);
    }
  });

  it('refuses another project’s key, a service or secret key, and anything not a key', () => {
    const other = checkDeployEnv({
      ...hosted,
      PUBLIC_SUPABASE_ANON_KEY: jwtKey({
        iss: 'supabase',
        ref: 'zyxwvutsrqponmlkjihg',
        role: 'anon',
      }),
    });
    expect(other).toEqual([
      expect.stringContaining(
        'belongs to project "zyxwvutsrqponmlkjihg" but PUBLIC_SUPABASE_URL is project "abcdefghijklmnopqrst"',
      ),
    ]);
    const service = checkDeployEnv({
      ...hosted,
      PUBLIC_SUPABASE_ANON_KEY: jwtKey({
        iss: 'supabase',
        ref: 'abcdefghijklmnopqrst',
        role: 'service_role',
      }),
    });
    expect(service[0]).toMatch(/role "service_role"/);
    expect(
      checkDeployEnv({ ...hosted, PUBLIC_SUPABASE_ANON_KEY: 'sb_secret_abcdefghijklmnop' })[0],
    ).toMatch(/secret key.*never reach a browser/);
    expect(checkDeployEnv({ ...hosted, PUBLIC_SUPABASE_ANON_KEY: 'hello' })[0]).toMatch(
      /not a Supabase API key/,
    );
    expect(checkDeployEnv({ ...hosted, PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_x' })[0]).toMatch(
      /cut-off/,
    );
  });

  it('names the site address to set when it is missing, local or not https', () => {
    expect(checkDeployEnv({ ...hosted, PUBLIC_SITE_URL: undefined })).toEqual([
      expect.stringMatching(/^PUBLIC_SITE_URL is not set/),
    ]);
    expect(checkDeployEnv({ ...hosted, PUBLIC_SITE_URL: 'http://127.0.0.1:4321' })).toEqual([
      expect.stringMatching(/^PUBLIC_SITE_URL is a local address/),
    ]);
    expect(checkDeployEnv({ ...hosted, PUBLIC_SITE_URL: 'http://rihla.care' })).toEqual([
      expect.stringMatching(/must be an https/),
    ]);
  });

  it('reports every problem at once, and an http project URL too', () => {
    const problems = checkDeployEnv({
      PUBLIC_SUPABASE_URL: 'http://abcdefghijklmnopqrst.supabase.co',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/https.*\n.*ANON_KEY.*\n.*SITE_URL/);
  });

  it('reads the project ref from the URL', () => {
    expect(projectRef('https://abcdefghijklmnopqrst.supabase.co')).toBe('abcdefghijklmnopqrst');
    expect(projectRef('https://api.rihla.care')).toBeNull();
  });
});

describe('the build hook', () => {
  const setup = (command: 'build' | 'dev' | 'preview') =>
    (deployEnv().hooks['astro:config:setup'] as unknown as (options: { command: string }) => void)({
      command,
    });

  it('stops `astro build` with every problem listed, and never `astro dev`', () => {
    const saved = { ...process.env };
    try {
      process.env['PUBLIC_SUPABASE_URL'] = 'https://abcdefghijklmnopqrst.supabase.co';
      delete process.env['PUBLIC_SUPABASE_ANON_KEY'];
      delete process.env['PUBLIC_SITE_URL'];
      expect(() => setup('build')).toThrow(
        /settings are not ready:\n {2}- PUBLIC_SUPABASE_ANON_KEY is not set.*\n {2}- PUBLIC_SITE_URL is not set/s,
      );
      expect(() => setup('dev')).not.toThrow();
      process.env['PUBLIC_SUPABASE_ANON_KEY'] = hosted.PUBLIC_SUPABASE_ANON_KEY;
      process.env['PUBLIC_SITE_URL'] = hosted.PUBLIC_SITE_URL;
      expect(() => setup('build')).not.toThrow();
    } finally {
      process.env = saved;
    }
  });
});
