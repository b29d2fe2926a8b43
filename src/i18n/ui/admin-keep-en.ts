import type { adminKeepAr } from './admin-keep-ar.ts';

/** English strings of issue 25, spread into admin-en.ts (see admin-keep-ar.ts). */
export const adminKeepEn = {
  'admin.keep.deleted':
    'A colleague deleted this request while you had it open, so your edit was not saved. Your text stays in the fields below: copy it before closing.',
  'admin.keep.copyNotes': 'Copy my notes',
  'admin.keep.copied': 'Notes copied',
  'admin.keep.elsewhere':
    'Another open tab has unsaved edits of this request (last at {date}). They are not touched from here: save or discard them in that tab.',
  'admin.keep.notesCount': '{used} of {max} characters',
  'admin.keep.notesTooLong':
    'The notes are {over, plural, one {1 character} other {# characters}} over the limit ({max} characters). Nothing was cut: shorten them before saving.',
  'admin.keep.newRows': '{count, plural, one {1 new request} other {# new requests}}',
  'admin.keep.changedMeanwhile': 'Changed since ticked',
  'admin.keep.signOutTitle': 'Before signing out',
  'admin.keep.signOutDrafts':
    'You have unsaved edits of {count, plural, one {1 request} other {# requests}}. Nothing of them stays on this computer after signing out.',
  'admin.keep.signOutSave': 'Save them and sign out',
  'admin.keep.signOutDiscard': 'Discard them and sign out',
  'admin.keep.signOutStay': 'Stay',
  'admin.keep.signOutFailed':
    '{count, plural, one {1 request was} other {# requests were}} not saved: a colleague changed it since you opened it, or the server could not be reached. Stay and review it, or discard your edits and sign out.',
  'admin.keep.signingOut': 'Signing out...',
  'admin.keep.clearData': 'Clear this site’s data from this browser',
  'admin.keep.clearDataHint':
    'On a shared computer: clears everything this site kept in this browser (session, edits, cached copies).',
  'admin.keep.cleared': 'This site’s data was cleared from this browser.',
} as const satisfies Record<keyof typeof adminKeepAr, string>;
