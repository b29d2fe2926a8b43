/**
 * The font files the back office preloads: Plex's Arabic subset in both weights. Coordinators open
 * it on office connections, where the preloaded faces make the first paint of a working day.
 *
 * Public pages preload no font (fonts.css says why): on a slow phone a preloaded face arrived
 * after the paint it was meant for and competed with the CSS.
 */
import plexArabic400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import plexArabic700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2?url';

export const backOfficeFonts = [plexArabic400, plexArabic700];
