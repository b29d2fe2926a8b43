/**
 * The font files a page preloads (see fonts.css for why). Arabic pages preload Plex's Arabic subset
 * in both weights (text and headings above the fold); English pages Inter's Latin subset.
 *
 * Plex's Latin subsets (spaces, digits, prices on Arabic pages) are not preloaded: measured under
 * real Slow-4G throttling, preloading them too delayed the first paint by about 100 ms (home median
 * 1,144 → 1,232 ms, article 940 → 1,076 ms), since `optional` fonts that are preloaded hold the
 * first paint for up to 100 ms. On a first visit they may therefore miss that paint and show in
 * the phone's font for that view; every later page has them from the cache.
 */
import plexArabic400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import plexArabic700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

export const arabicPageFonts = [plexArabic400, plexArabic700];
export const englishPageFonts = [interLatin];
