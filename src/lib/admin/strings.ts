/**
 * The back office's text. The back office is Arabic only (its staff work in Arabic), so its islands read the
 * Arabic dictionary directly instead of receiving every string as a prop from each page.
 */
import { fill } from '~/i18n/fill.ts';
import { adminAr } from '~/i18n/ui/admin-ar.ts';

export type AdminKey = keyof typeof adminAr;

/** The Arabic text of `key`, with `{name}` placeholders filled from `params`. */
export function adminText(key: AdminKey, params?: Record<string, string | number>): string {
  return fill(adminAr[key], params, 'ar');
}
