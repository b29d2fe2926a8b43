import { existsSync, readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';

/**
 * How the admin CLI reaches a PostgreSQL given by DATABASE_URL. A hosted Supabase database presents
 * a certificate issued by Supabase's own CA, so the connection is verified against that CA file
 * (`--ca FILE`, PGSSLROOTCERT, or `sslrootcert=` in the URL) with the host name checked: libpq's
 * `sslmode=verify-full`. node-postgres reads `sslmode=require` as full verification against the
 * system CAs, which fails with "self-signed certificate in certificate chain"; this module takes the
 * TLS settings out of the URL and passes them to the driver explicitly instead.
 *
 * A database on this machine (loopback) is reached without TLS unless the URL asks for it;
 * `sslmode=disable` turns TLS off anywhere (never for a hosted project).
 */

export interface AdminConnection {
  /** The URL without its TLS parameters (node-postgres would let them override `ssl`). */
  connectionString: string;
  /** TLS settings for node-postgres, or false for a plain connection. */
  ssl: ConnectionOptions | false;
  /** One line saying how the connection is protected, for the CLI's output. */
  description: string;
}

export class SslSetupError extends Error {}

const TLS_PARAMS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'ssl', 'uselibpqcompat'];

export const CA_HELP =
  'Download the CA certificate in the Supabase dashboard (Project Settings → Database → SSL Configuration → Download certificate, a file such as prod-ca-2021.crt), then pass it with --ca FILE or PGSSLROOTCERT=FILE.';

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare) || bare === '';
}

export function adminConnection(
  databaseUrl: string,
  options: { caFile?: string | undefined; env?: Record<string, string | undefined> } = {},
): AdminConnection {
  const env = options.env ?? process.env;
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new SslSetupError('DATABASE_URL is not a valid postgresql:// URL.');
  }
  const mode = url.searchParams.get('sslmode') ?? env['PGSSLMODE'] ?? null;
  const caFile = options.caFile ?? url.searchParams.get('sslrootcert') ?? env['PGSSLROOTCERT'];
  for (const param of TLS_PARAMS) url.searchParams.delete(param);
  const connectionString = url.toString();
  const host = url.hostname;

  if (mode === 'disable') {
    if (!isLoopback(host) && /\.supabase\.(co|com)$/.test(host)) {
      throw new SslSetupError(
        `sslmode=disable is refused for ${host}: a hosted database is only reached over verified TLS. ${CA_HELP}`,
      );
    }
    return { connectionString, ssl: false, description: `no TLS (sslmode=disable) to ${host}` };
  }
  if (isLoopback(host) && !caFile && (mode === null || mode === 'prefer' || mode === 'allow')) {
    return {
      connectionString,
      ssl: false,
      description: `no TLS to this machine (${host || 'socket'})`,
    };
  }
  if (!caFile) {
    throw new SslSetupError(
      `The connection to ${host} must be verified against its CA (sslmode=verify-full), and no CA file was given. ${CA_HELP}`,
    );
  }
  if (!existsSync(caFile)) {
    throw new SslSetupError(`The CA file ${caFile} does not exist. ${CA_HELP}`);
  }
  const ca = readFileSync(caFile, 'utf8');
  if (!ca.includes('-----BEGIN CERTIFICATE-----')) {
    throw new SslSetupError(`The CA file ${caFile} is not a PEM certificate. ${CA_HELP}`);
  }
  // verify-full: the chain must lead to this CA (not the system's) and the name must match the host.
  return {
    connectionString,
    ssl: { ca, rejectUnauthorized: true, ...(isIpAddress(host) ? {} : { servername: host }) },
    description: `TLS to ${host}, verified against ${caFile} (verify-full)`,
  };
}

function isIpAddress(host: string): boolean {
  return /^[0-9.]+$/.test(host) || host.includes(':');
}

/** Rewrites a TLS failure from the driver as a sentence saying what to do. */
export function explainSslError(error: unknown, connection: AdminConnection): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code ?? '';
  if (
    /certificate|self.signed|unable to verify|UNABLE_TO|CERT_|ERR_TLS/i.test(message) ||
    /CERT|UNABLE_TO|ERR_TLS/.test(code)
  ) {
    return `The database's certificate could not be verified (${message}). Over ${connection.description}. Check that the CA file is the one for this project; ${CA_HELP}`;
  }
  if (/does not support SSL|The server does not support SSL/i.test(message)) {
    return `The server at ${new URL(connection.connectionString).hostname} does not offer TLS; refusing to send the password in the clear.`;
  }
  return null;
}
