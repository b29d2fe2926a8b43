import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE, parseToml, readLocalConfig } from '../../local/config.ts';
import {
  remoteSettingsProblems,
  renderRemoteBlock,
  withRemoteBlock,
} from '../../scripts/remote-config.ts';
import { loadConfigLikeCli } from './helpers/cli-config.ts';

/**
 * supabase/config.toml serves two masters: `supabase start`/`npm start` on this machine, and
 * `supabase config push` to the hosted project. What the push sends is decided the way the CLI
 * decides it (helpers/cli-config.ts): a remote block applies only when its literal project_id is the
 * project's ref, so the block is written from the deploy environment by `npm run config:remote`.
 */

const text = readFileSync(CONFIG_FILE, 'utf8');
const values = parseToml(text);
const REF = 'abcdefghijklmnopqrst';
const SITE = 'https://rihla.care';

describe('supabase/config.toml', () => {
  it('runs the PostgreSQL major version a new hosted project gets', () => {
    expect(values.get('db.major_version')).toBe(17);
  });

  it('loads in the CLI with no deploy variable set, and pushes nothing local for any ref', () => {
    const loaded = loadConfigLikeCli(text, REF, {});
    expect(loaded.get('auth.site_url')).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):/);
    for (const [key, value] of values)
      if (key.endsWith('.project_id')) expect(String(value), key).toMatch(/^[a-z]{20}$/);
  });

  it('pushes the production addresses once npm run config:remote wrote the block', () => {
    const env = { SUPABASE_PROJECT_REF: REF, PUBLIC_SITE_URL: SITE };
    const block = renderRemoteBlock({ projectRef: REF, siteUrl: SITE });
    const deployed = withRemoteBlock(text, block);
    const pushed = loadConfigLikeCli(deployed, REF, env);
    expect(pushed.get('auth.site_url')).toBe(SITE);
    expect(pushed.get('auth.additional_redirect_urls')).toEqual([]);
    expect(pushed.get('db.seed.enabled')).toBe(false);
    for (const [key, value] of pushed) {
      if (!key.startsWith('auth.')) continue;
      for (const item of [value].flat())
        expect(String(item), key).not.toMatch(/127\.0\.0\.1|localhost/);
    }
    // Another project, and `supabase start` (project_id "rihla-care"), keep the local settings.
    expect(loadConfigLikeCli(deployed, 'zyxwvutsrqponmlkjihg').get('auth.site_url')).toMatch(
      /127\.0\.0\.1/,
    );
    expect(loadConfigLikeCli(deployed, 'rihla-care').get('auth.site_url')).toMatch(/127\.0\.0\.1/);
    // Running it again replaces the block instead of adding a second one.
    const again = withRemoteBlock(
      deployed,
      renderRemoteBlock({ projectRef: REF, siteUrl: `${SITE}/` }),
    );
    expect(again).toBe(deployed);
  });

  it('refuses deploy variables the CLI would reject or that would send a local address', () => {
    expect(remoteSettingsProblems({ SUPABASE_PROJECT_REF: REF, PUBLIC_SITE_URL: SITE })).toEqual(
      [],
    );
    expect(remoteSettingsProblems({})).toHaveLength(2);
    expect(
      remoteSettingsProblems({ SUPABASE_PROJECT_REF: 'env(X)', PUBLIC_SITE_URL: SITE })[0],
    ).toMatch(/20 lowercase letters/);
    expect(
      remoteSettingsProblems({
        SUPABASE_PROJECT_REF: REF,
        PUBLIC_SITE_URL: 'http://127.0.0.1:4321',
      })[0],
    ).toMatch(/public https origin/);
  });

  it('exits 1 from the command line, naming the variable, and leaves the file alone', () => {
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, ['scripts/remote-config.ts'], {
        env: { PATH: process.env['PATH'] ?? '', SUPABASE_PROJECT_REF: 'Short' },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toMatch(/SUPABASE_PROJECT_REF/);
    expect(readFileSync(CONFIG_FILE, 'utf8')).toBe(text);
  });

  it('fails, as the CLI does, on a remote keyed by env(…) (the block never applies)', () => {
    const keyedByEnv = `${text}\n[remotes.production]\nproject_id = "env(SUPABASE_PROJECT_REF)"\n\n[remotes.production.auth]\nsite_url = "env(PUBLIC_SITE_URL)"\n`;
    expect(() => loadConfigLikeCli(keyedByEnv, REF, {})).toThrow(/remotes\.production\.project_id/);
    const env = { SUPABASE_PROJECT_REF: REF, PUBLIC_SITE_URL: SITE };
    expect(loadConfigLikeCli(keyedByEnv, REF, env).get('auth.site_url')).toMatch(/127\.0\.0\.1/);
  });

  it('turns the platform JWT check off: each function verifies its callers itself', () => {
    // send-form-notification admits project keys (visitors hold the opaque publishable key);
    // google-indexing verifies the user's JWT against the JWKS or through Auth
    // (supabase/functions/_shared/caller.ts), which works with either signing style.
    expect(values.get('functions.send-form-notification.verify_jwt')).toBe(false);
    expect(values.get('functions.google-indexing.verify_jwt')).toBe(false);
    // request-files (issue 30) admits project keys like send-form-notification.
    expect(values.get('functions.request-files.verify_jwt')).toBe(false);
    // whatsapp-webhook (issue 46): Meta sends no JWT; the handler checks Meta's signature.
    expect(values.get('functions.whatsapp-webhook.verify_jwt')).toBe(false);
    // whatsapp-send (issue 46): the worker admits project keys like request-files.
    expect(values.get('functions.whatsapp-send.verify_jwt')).toBe(false);
    expect([...readLocalConfig().functionsWithoutJwt].sort()).toEqual([
      'google-indexing',
      'request-files',
      'send-form-notification',
      'whatsapp-send',
      'whatsapp-webhook',
    ]);
    // Signing keys are off by default (the legacy secret, as `supabase start` without the file).
    expect(values.has('auth.signing_keys_path')).toBe(false);
    expect(readLocalConfig().signingKeysPath).toBeNull();
  });
});
