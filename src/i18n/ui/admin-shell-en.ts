/**
 * English strings of issue 41's back-office shell (the session through a network dead spot, the
 * inbox's first screen), spread into admin-en.ts.
 */
export const adminShellEn = {
  'admin.shell.offline': 'No connection',
  'admin.shell.offlineText':
    'The server could not be reached to renew the session. You are still signed in and what you typed is kept; we retry as soon as the connection is back.',
  'admin.shell.online': 'Connection restored',
  // The inbox on the first screen: the header's screens and the filters fold on a phone.
  'admin.shell.menu': 'Menu',
  'admin.shell.filters': 'Filters',
  'admin.shell.filtersSet': 'Filters ({count})',
} as const;
