import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE, parseToml, readLocalConfig } from '../../local/config.ts';

/**
 * supabase/config.toml serves two masters: `supabase start`/`npm start` on this machine, and
 * `supabase config push` to the hosted project. Nothing local may reach production, and the
 * functions' JWT check is set deliberately per function.
 */

const values = parseToml(readFileSync(CONFIG_FILE, 'utf8'));

describe('supabase/config.toml', () => {
  it('runs the PostgreSQL major version a new hosted project gets', () => {
    expect(values.get('db.major_version')).toBe(17);
  });

  it('keeps local addresses local: the production remote takes every address from env(…)', () => {
    expect(values.get('auth.site_url')).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):/);
    expect(values.get('remotes.production.project_id')).toBe('env(SUPABASE_PROJECT_REF)');
    expect(values.get('remotes.production.auth.site_url')).toBe('env(PUBLIC_SITE_URL)');
    expect(values.get('remotes.production.auth.additional_redirect_urls')).toEqual([]);
    for (const [key, value] of values) {
      if (!key.startsWith('remotes.')) continue;
      for (const text of [value].flat()) {
        expect(String(text), key).not.toMatch(/127\.0\.0\.1|localhost/);
      }
    }
  });

  it('sets the platform JWT check per function: off where visitors call with an opaque key', () => {
    expect(values.get('functions.send-form-notification.verify_jwt')).toBe(false);
    expect(values.get('functions.google-indexing.verify_jwt')).toBe(true);
    expect([...readLocalConfig().functionsWithoutJwt]).toEqual(['send-form-notification']);
  });
});
