import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { REPO_ROOT } from './migrate.ts';

/**
 * The few supabase/config.toml settings the local server honours, read with a small parser for the
 * flat `key = value` subset that file uses (strings, booleans, numbers, string arrays).
 */

export interface LocalConfig {
  jwtExpirySeconds: number;
  anonymousSignIns: boolean;
  emailSignups: boolean;
  /** `[api] max_rows`: the most rows one REST read or rpc answers (PostgREST's db-max-rows). */
  maxRows: number;
  /** `[auth.rate_limit] anonymous_users`: anonymous sign-ins per hour per client address. */
  anonymousSignInsPerHour: number;
  /** Functions whose section sets `verify_jwt = false`. */
  functionsWithoutJwt: Set<string>;
  /**
   * `[auth] signing_keys_path`, resolved against the supabase/ folder as the CLI resolves it: a
   * JSON array of ES256 private JWKs (`supabase gen signing-key`). Set, Auth signs with its first
   * key (local/signing-keys.ts); null, with the legacy secret.
   */
  signingKeysPath: string | null;
}

export const CONFIG_FILE = join(REPO_ROOT, 'supabase', 'config.toml');

type TomlValue = string | number | boolean | string[];

export function parseToml(text: string): Map<string, TomlValue> {
  const values = new Map<string, TomlValue>();
  let section = '';
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      section = (header[1] as string).trim();
      continue;
    }
    const pair = /^([A-Za-z0-9_.-]+)\s*=\s*(.+)$/.exec(line);
    if (!pair) continue;
    const key = section ? `${section}.${pair[1] as string}` : (pair[1] as string);
    const raw = (pair[2] as string).trim();
    if (raw === 'true' || raw === 'false') values.set(key, raw === 'true');
    else if (/^-?\d+(\.\d+)?$/.test(raw)) values.set(key, Number(raw));
    else if (raw.startsWith('['))
      values.set(
        key,
        [...raw.matchAll(/"([^"]*)"/g)].map((match) => match[1] as string),
      );
    else values.set(key, raw.replace(/^"(.*)"$/, '$1'));
  }
  return values;
}

export function readLocalConfig(file = CONFIG_FILE): LocalConfig {
  const values = existsSync(file)
    ? parseToml(readFileSync(file, 'utf8'))
    : new Map<string, TomlValue>();
  const functionsWithoutJwt = new Set<string>();
  for (const [key, value] of values) {
    const match = /^functions\.(.+)\.verify_jwt$/.exec(key);
    if (match && value === false) functionsWithoutJwt.add(match[1] as string);
  }
  return {
    jwtExpirySeconds:
      typeof values.get('auth.jwt_expiry') === 'number'
        ? (values.get('auth.jwt_expiry') as number)
        : 3600,
    anonymousSignIns: values.get('auth.enable_anonymous_sign_ins') !== false,
    maxRows:
      typeof values.get('api.max_rows') === 'number'
        ? (values.get('api.max_rows') as number)
        : 1000,
    anonymousSignInsPerHour:
      typeof values.get('auth.rate_limit.anonymous_users') === 'number'
        ? (values.get('auth.rate_limit.anonymous_users') as number)
        : 30,
    emailSignups:
      values.get('auth.enable_signup') !== false &&
      values.get('auth.email.enable_signup') !== false,
    functionsWithoutJwt,
    signingKeysPath:
      typeof values.get('auth.signing_keys_path') === 'string' &&
      values.get('auth.signing_keys_path') !== ''
        ? resolve(dirname(file), values.get('auth.signing_keys_path') as string)
        : null,
  };
}
