/**
 * Refuses a production build that would ship broken settings. A build pointed at a hosted Supabase
 * project (any PUBLIC_SUPABASE_URL that is not on this machine) must carry that project's public key
 * and the site's real address; without this check such a build exits 0 with the local demo key
 * baked in (src/lib/supabase.ts falls back to it), and every call in production answers 401.
 * Builds against the local stack (no URL, or a loopback one) are never checked.
 */
import type { AstroIntegration } from 'astro';
import { loadEnv } from 'vite';
import {
  LOCAL_SUPABASE_ANON_KEY as LOCAL_ANON_KEY,
  LOCAL_SUPABASE_PUBLISHABLE_KEY as LOCAL_PUBLISHABLE_KEY,
} from '../lib/supabase-env.ts';

export type DeployEnv = Record<string, string | undefined>;

const WHERE_KEYS =
  'Supabase dashboard → Project Settings → API Keys: the publishable key (sb_publishable_…) or, on older projects, the legacy "anon" key';

/** True for an address on this machine (loopback names and 127.0.0.0/8). */
export function isLocalUrl(value: string): boolean {
  let host: string;
  try {
    host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\./.test(host) ||
    host === '0.0.0.0'
  );
}

/** The claims of a JWT-shaped key, unverified (the build only reads what the key says it is). */
function jwtClaims(key: string): Record<string, unknown> | null {
  const parts = key.split('.');
  if (parts.length !== 3) return null;
  try {
    const value: unknown = JSON.parse(
      Buffer.from(parts[1] as string, 'base64url').toString('utf8'),
    );
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The project ref of a `https://<ref>.supabase.co` address; null for a custom domain. */
export function projectRef(url: string): string | null {
  try {
    return /^([a-z0-9]+)\.supabase\.co$/.exec(new URL(url).hostname)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Every problem with the deploy settings, each naming what to set; empty when the build may go on. */
export function checkDeployEnv(env: DeployEnv): string[] {
  const url = env['PUBLIC_SUPABASE_URL']?.trim();
  if (!url || isLocalUrl(url)) return [];
  const problems: string[] = [];
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    problems.push(
      `PUBLIC_SUPABASE_URL is not a URL ("${url}"): set it to the project URL, https://<project-ref>.supabase.co.`,
    );
  }
  if (parsed && parsed.protocol !== 'https:') {
    problems.push(
      `PUBLIC_SUPABASE_URL must be an https:// address for a hosted project (got ${url}).`,
    );
  }

  const key = env['PUBLIC_SUPABASE_ANON_KEY']?.trim();
  const ref = projectRef(url);
  if (!key) {
    problems.push(
      `PUBLIC_SUPABASE_ANON_KEY is not set. Set it to the project's public key (${WHERE_KEYS}).`,
    );
  } else if (key === LOCAL_ANON_KEY || key === LOCAL_PUBLISHABLE_KEY) {
    problems.push(
      `PUBLIC_SUPABASE_ANON_KEY is the local demo key, which a hosted project refuses. Set it to the project's public key (${WHERE_KEYS}).`,
    );
  } else if (key.startsWith('sb_secret_')) {
    problems.push(
      'PUBLIC_SUPABASE_ANON_KEY is a secret key (sb_secret_…), which bypasses every access rule and must never reach a browser. Use the publishable key (sb_publishable_…) instead, and rotate the secret key.',
    );
  } else if (key.startsWith('sb_publishable_')) {
    if (!/^sb_publishable_[A-Za-z0-9_-]{10,}$/.test(key)) {
      problems.push(
        'PUBLIC_SUPABASE_ANON_KEY looks like a cut-off publishable key: copy it again whole.',
      );
    }
  } else {
    const claims = jwtClaims(key);
    if (!claims) {
      problems.push(
        `PUBLIC_SUPABASE_ANON_KEY is not a Supabase API key (neither sb_publishable_… nor a JWT). Set it to the project's public key (${WHERE_KEYS}).`,
      );
    } else if (claims['iss'] === 'supabase-demo') {
      problems.push(
        `PUBLIC_SUPABASE_ANON_KEY is a demo key of the local Supabase stack. Set it to the project's public key (${WHERE_KEYS}).`,
      );
    } else if (claims['role'] !== 'anon') {
      problems.push(
        `PUBLIC_SUPABASE_ANON_KEY has role "${String(claims['role'])}"; only the anon key may be built into the site (${WHERE_KEYS}).`,
      );
    } else if (ref && claims['ref'] !== ref) {
      problems.push(
        `PUBLIC_SUPABASE_ANON_KEY belongs to project "${typeof claims['ref'] === 'string' ? claims['ref'] : 'unknown'}" but PUBLIC_SUPABASE_URL is project "${ref}": copy the key and the URL from the same project.`,
      );
    }
  }

  const site = env['PUBLIC_SITE_URL']?.trim();
  if (!site) {
    problems.push(
      'PUBLIC_SITE_URL is not set. Set it to the public address of the site (e.g. https://rihla.care); canonical links, the sitemap and sign-in redirects use it.',
    );
  } else if (isLocalUrl(site)) {
    problems.push(
      `PUBLIC_SITE_URL is a local address (${site}). Set it to the public address of the site.`,
    );
  } else {
    let siteUrl: URL | null = null;
    try {
      siteUrl = new URL(site);
    } catch {
      problems.push(`PUBLIC_SITE_URL is not a URL ("${site}"). Set it to e.g. https://rihla.care.`);
    }
    if (siteUrl && siteUrl.protocol !== 'https:') {
      problems.push(`PUBLIC_SITE_URL must be an https:// address (got ${site}).`);
    }
  }
  return problems;
}

/** Stops `astro build` before any page is rendered when checkDeployEnv finds a problem. */
export default function deployEnv(): AstroIntegration {
  return {
    name: 'rihla-deploy-env',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build') return;
        const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env };
        const problems = checkDeployEnv(env);
        if (problems.length) {
          throw new Error(
            `This build targets a hosted Supabase project but its settings are not ready:\n${problems
              .map((problem) => `  - ${problem}`)
              .join('\n')}\n(README.md, "Production", lists every setting.)`,
          );
        }
      },
    },
  };
}
