/**
 * Arabic strings of issue 41's back-office shell (the session through a network dead spot, the
 * inbox's first screen), spread into admin-ar.ts.
 */
export const adminShellAr = {
  'admin.shell.offline': 'لا اتصال',
  'admin.shell.offlineText':
    'تعذّر الوصول إلى الخادم لتجديد الجلسة. جلستك باقية وما كتبته محفوظ؛ نعيد المحاولة تلقائياً حين يعود الاتصال.',
  'admin.shell.online': 'عاد الاتصال',
  // The inbox on the first screen: the header's screens and the filters fold on a phone.
  'admin.shell.menu': 'القائمة',
  'admin.shell.filters': 'الفلاتر',
  'admin.shell.filtersSet': 'الفلاتر ({count})',
} as const;
