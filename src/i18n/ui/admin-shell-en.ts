/**
 * English strings of issue 41's back-office shell (the session through a network dead spot, the
 * inbox's first screen), spread into admin-en.ts.
 */
export const adminShellEn = {
  'admin.shell.offline': 'No connection',
  'admin.shell.offlineText':
    'The server could not be reached to renew the session. You are still signed in and what you typed is kept; we retry as soon as the connection is back.',
  'admin.shell.online': 'Connection restored',
} as const;
