import type { adminWritesAr } from './admin-writes-ar.ts';

/** English strings of the back office's write protocol (same keys as admin-writes-ar.ts). */
export const adminWritesEn = {
  'admin.writes.rule.no_answer':
    'Could not reach the server. What you typed is kept on this device and sent again.',
  'admin.writes.rule.stale_version':
    'A colleague changed this after you opened it, so your change was not saved. What you typed is still here.',
  'admin.writes.staleBy':
    '{name} changed it at {time}, after you opened it, so your change was not saved. What you typed is kept: look at what they saved, then try again.',
  'admin.writes.rule.idempotency_key': 'Not done: try again from the same screen.',
  'admin.writes.rule.request_not_found': 'This request is gone (erased or in the bin).',
  'admin.writes.rule.quote_not_found': 'This quote is gone.',
  'admin.writes.rule.template_not_found': 'This template is gone.',
  'admin.writes.rule.clinic_not_found': 'This clinic is gone.',
  'admin.writes.rule.accreditation_not_found': 'This accreditation is gone.',
  'admin.writes.rule.write_through_function':
    'This change is saved only from its own screen, which names what you saw before saving. Reload the page and try again.',
  'admin.writes.rule.template_version':
    'The version of the template that went out was not named; open the list again.',
  'admin.writes.rule.patient_link_replaced':
    'The link issued then was replaced or revoked since; issue a new one if needed.',
  'admin.writes.rule.staff_not_found': 'This staff account is gone.',
  'admin.writes.rule.clinic_not_accredited':
    'This clinic holds no accreditation valid today, so no quote is made or sent from it. The owner updates it on the clinics page.',
  'admin.writes.rule.clinic_inactive': 'This clinic is no longer an active partner.',
  'admin.writes.rule.quote_price_missing': 'Enter the price before sending.',
  'admin.writes.rule.follow_up_at': 'Pick a sensible follow-up date: one before the year 2100.',
  'admin.writes.rule.quote_valid_until':
    'Pick a "valid until" date from today on, in the patient’s time zone.',
  'admin.writes.rule.quote_price':
    'The price is above zero and at most 999,999,999.99 in any currency (two decimals at most).',
  'admin.writes.rule.quote_price_decimals': 'The price has two decimals at most.',
  'admin.writes.rule.quote_units': 'The quantity is a whole number from 1 to 100,000.',
  'admin.writes.rule.quote_nights': 'Nights are a whole number from 0 to 60.',
  'admin.writes.rule.quote_technique': 'The technique has at most 160 characters.',
  'admin.writes.rule.quote_team': 'The surgeon or team has at most 160 characters.',
  'admin.writes.rule.quote_hotel': 'The hotel has at most 160 characters.',
  'admin.writes.rule.quote_note': 'The note to the patient has at most 1,000 characters.',
  'admin.writes.rule.quote_lists': 'Each list has at most 20 items.',
  'admin.writes.rule.quote_list_item': 'Each item of the lists has at most 120 characters.',
  'admin.writes.rule.quote_already_sent': 'This version was sent already.',
  'admin.writes.rule.quote_not_sent': 'This quote was not sent yet, so it has no decision.',
  'admin.writes.rule.quote_expired': 'This quote has expired.',
  'admin.writes.rule.no_draft': 'No draft to send: it was sent already.',
  'admin.writes.rule.trip_no_chosen_quote': 'No trip plan before the patient has chosen a quote.',
  'admin.writes.rule.phone_needs_country': 'A phone number is corrected with its country code.',
  'admin.writes.rule.too_many': 'At most 500 requests at once.',
  'admin.writes.rule.session': 'Your session ended or you may no longer do this.',
  'admin.writes.rule.review_not_found':
    'This review no longer exists: the patient may have withdrawn it.',
  'admin.writes.rule.review_refusal_rule':
    'A review is refused only for a published rule: choose the rule.',
  'admin.writes.rule.review_refusal_note':
    'Write the reason for the refusal (1 to 500 characters).',
  'admin.writes.rule.review_reply_length': "The clinic's reply has 1 to 1000 characters.",
  'admin.writes.rule.owner_only': 'Only an owner can do this.',
  'admin.writes.rule.last_owner':
    'The last owner cannot become a coordinator: add another owner first.',
  'admin.writes.rule.nothing_to_undo': 'There is no merge to undo.',
  'admin.writes.rule.already_one_person': 'These requests are one person already.',
  'admin.writes.rule.append_only': "A request's history is never changed.",
  'admin.writes.rule.unknown_template_variable': "The template's text has an unknown variable.",
  'admin.writes.rule.time_zone': 'Unknown time zone.',
  'admin.writes.rule.report_period': 'A report covers at most 400 days.',
  'admin.writes.rule.files_full': 'This file slot is full.',
  'admin.writes.rule.file_slot_unknown': 'This request has no such file slot.',
  'admin.writes.rule.file_type': 'This slot does not take this kind of file.',
  'admin.writes.rule.file_too_large': 'The file is too large.',
  'admin.writes.rule.call_back_time': 'A call back is within the coming year.',
  'admin.writes.rule.consent_in_future': 'Consent cannot be in the future.',
  'admin.writes.rule.entry_channel': 'Pick the channel the request came through.',
  'admin.writes.rule.search_too_long': 'Search text has at most 200 characters.',
  'admin.writes.rule.rate_limited': 'Too many attempts: wait a moment and try again.',
  'admin.writes.rule.reference_mismatch': 'The reference does not match this request.',
  'admin.writes.rule.notes_length': 'Notes have at most 20,000 characters.',
  'admin.writes.rule.reply_length': 'Write a reply of 1 to 1000 characters.',
  'admin.writes.rule.whatsapp_window_closed':
    'More than 24 hours since the patient last wrote (or they never did): WhatsApp allows only an approved template.',
  'admin.writes.rule.whatsapp_template': 'Meta has not approved this template yet.',
  'admin.writes.rule.whatsapp_text_length': 'Write a message of 1 to 4096 characters.',
  'admin.writes.rule.whatsapp_no_number': 'This request holds no number WhatsApp can reach.',
  'admin.writes.rule.clinic_slug_taken': "This page address is another clinic's.",
  'admin.writes.rule.duplicate': 'This exists already.',
  'admin.writes.rule.invalid': 'Check the fields: one holds a value that is not accepted.',
  'admin.writes.rule.timeout': 'The server took too long and stopped. Try again.',
  'admin.writes.rule.refused': 'The server refused the change (code {code}).',
  'admin.quotes.writer': 'Written by {name}, last saved {time}',
  'admin.quotes.conflictTitle':
    '{name} saved this draft at {time}, after you opened it, so what you typed was not saved.',
  'admin.quotes.conflictSent':
    '{name} sent this version to the patient at {time}, so what you typed was not saved.',
  'admin.quotes.conflictGone':
    'The draft you opened was thrown away, so what you typed was not saved.',
  'admin.quotes.conflictMine': 'What you typed',
  'admin.quotes.conflictTheirs': 'What {name} saved',
  'admin.quotes.conflictReapply': 'Re-apply mine',
  'admin.quotes.conflictTakeTheirs': 'Take theirs',
  'admin.quotes.conflictNewVersion': 'Make mine a new correction',
  'admin.quotes.checking': 'No answer from the server: checking what happened…',
  'admin.quotes.sentAlready': "The quote was sent: version {version} is on the patient's page.",
  'admin.quotes.notSentSaved':
    'The quote was not sent: the server did not get it. The draft is saved; press «Send» again.',
  'admin.quotes.noAnswer':
    'The quote was not saved: could not reach the server. What you typed is kept on this device.',
  'admin.quotes.unknownOutcome':
    'Could not reach the server to learn what happened. Press «Send» again: the quote will not be sent twice.',
} as const satisfies Record<keyof typeof adminWritesAr, string>;
