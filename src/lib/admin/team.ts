/**
 * The team side of the back office (issue 13): what a save changes, the explanation of a refused
 * save, follow-ups and duplicates (the drafts kept in the browser are in drafts.ts). Pure
 * functions, unit-tested in tests/unit/admin-team.test.ts.
 */
import { format } from 'date-fns';
import { describeContactEvent } from './contact-events.ts';
import { describeFileEvent } from './file-events.ts';
import { describeAutomaticMessage, describePatientEvent } from './patient-events.ts';
import { describeReviewEvent } from './review-events.ts';
import { describeTripEvent } from './trip-events.ts';
import { describeAftercareEvent } from './aftercare-events.ts';
import { describeQuoteEvent } from './quote-events.ts';
import { formatRequestDate } from './dates.ts';
import { entryChannelLabel, statusLabel, statusOf } from './labels.ts';
import type { ContactRequest, RequestEvent, RequestStatus } from './rows.ts';
import { adminText, type AdminKey } from './strings.ts';

/** What update_request may change; a key set to null clears the field. */
export interface RequestChanges {
  status?: RequestStatus;
  notes?: string | null;
  assigned_to?: string | null;
  follow_up_at?: string | null;
}

/** The dialog's editable fields, as the form holds them. */
export interface RequestEdits {
  status: RequestStatus;
  notes: string;
  assignedTo: string;
  /** A `datetime-local` value ("2026-11-24T09:30") in the coordinator's time zone, or "". */
  followUp: string;
}

export function editsOf(request: ContactRequest): RequestEdits {
  return {
    status: statusOf(request.status),
    notes: request.notes ?? '',
    assignedTo: request.assigned_to ?? '',
    followUp: request.follow_up_at ? toLocalInput(request.follow_up_at) : '',
  };
}

/** "2026-11-24T09:30" in the viewer's time zone, as a datetime-local input shows it. */
export function toLocalInput(iso: string): string {
  return format(new Date(iso), "yyyy-MM-dd'T'HH:mm");
}

/** Only the fields the coordinator changed from what they opened (so re-applying keeps the rest). */
export function changesBetween(opened: RequestEdits, edited: RequestEdits): RequestChanges {
  const changes: RequestChanges = {};
  if (edited.status !== opened.status) changes.status = edited.status;
  if (edited.notes.trim() !== opened.notes.trim()) changes.notes = edited.notes.trim() || null;
  if (edited.assignedTo !== opened.assignedTo) changes.assigned_to = edited.assignedTo || null;
  if (edited.followUp !== opened.followUp) {
    changes.follow_up_at = edited.followUp ? new Date(edited.followUp).toISOString() : null;
  }
  return changes;
}

export function hasChanges(changes: RequestChanges): boolean {
  return Object.keys(changes).length > 0;
}

/** Staff account ids to usernames, for the assignee and timeline texts. */
export type StaffNames = ReadonlyMap<string, string>;

function followUpText(value: string | null): string {
  return value ? formatRequestDate(value) : adminText('admin.team.none');
}

/** One timeline entry as a sentence: "sara · 24 نوفمبر 2026، 09:30 — الحالة: جديد ← مكتمل". */
export function describeEvent(event: Pick<RequestEvent, 'kind' | 'old_value' | 'new_value'>): {
  label: string;
  text: string;
} {
  switch (event.kind) {
    case 'status':
      return {
        label: adminText('admin.team.event.status'),
        text: `${statusLabel(event.old_value)} ← ${statusLabel(event.new_value)}`,
      };
    case 'assignment':
      return {
        label: adminText('admin.team.event.assignment'),
        text: `${event.old_value ?? adminText('admin.team.unassigned')} ← ${
          event.new_value ?? adminText('admin.team.unassigned')
        }`,
      };
    case 'follow_up':
      return {
        label: adminText('admin.team.event.followUp'),
        text: `${followUpText(event.old_value)} ← ${followUpText(event.new_value)}`,
      };
    case 'quote_sent':
    case 'quote_status':
    case 'patient_quote_choice':
      return describeQuoteEvent(event);
    case 'trip_plan':
    case 'patient_trip':
      return describeTripEvent(event);
    case 'aftercare_checkin':
    case 'patient_checkin':
      return describeAftercareEvent(event);
    case 'patient_message':
    case 'patient_reply':
    case 'patient_contact':
    case 'patient_callback':
    case 'patient_link':
    case 'patient_step':
    case 'advertising_withdrawn':
      return describePatientEvent(event);
    case 'automatic_message':
      return describeAutomaticMessage(event);
    // Issue 45: the request's verified review.
    case 'patient_review':
    case 'review_decision':
    case 'review_reply':
      return describeReviewEvent(event);
    case 'file_received':
    case 'file_rejected':
    case 'file_removed':
    case 'file_requested':
    case 'files_complete':
      return describeFileEvent(event);
    case 'deleted':
    case 'restored':
      return {
        label: adminText('admin.team.event.deleted'),
        text: adminText(
          event.kind === 'deleted'
            ? 'admin.team.event.deletedText'
            : 'admin.team.event.restoredText',
        ),
      };
    case 'name':
    case 'phone':
    case 'email':
      return {
        label: adminText(`admin.team.event.${event.kind}`),
        text: `${event.old_value ?? adminText('admin.notSpecified')} ← ${
          event.new_value ?? adminText('admin.notSpecified')
        }`,
      };
    case 'entered':
      return {
        label: adminText('admin.team.event.entered'),
        text: entryChannelLabel(event.new_value ?? ''),
      };
    case 'merge':
    case 'unmerge':
      return { label: adminText(`admin.team.event.${event.kind}`), text: '' };
    // Issue 46: a message the patient wrote to the agency's WhatsApp number (its kind; the
    // conversation in the dialog shows the text).
    case 'whatsapp_in':
      return {
        label: adminText('admin.whatsapp.event'),
        text: adminText(`admin.whatsapp.kind.${event.new_value ?? 'text'}` as AdminKey),
      };
    // Issue 32: WhatsApp, calls, routing and the owner's e-mail (contact-events.ts).
    case 'whatsapp':
    case 'call':
    case 'routed':
    case 'escalated':
      return describeContactEvent(event);
    default:
      return {
        label: adminText('admin.team.event.note'),
        text: event.new_value ?? adminText('admin.team.noteCleared'),
      };
  }
}

/** Who wrote an entry: the staff member, the patient (their page's actions), or the system. */
export function authorName(author: string | null, kind?: string): string {
  if (author) return author;
  return kind?.startsWith('patient_') || kind === 'whatsapp_in'
    ? adminText('admin.patientPage.author')
    : adminText('admin.team.system');
}

/** The end of the coordinator's day: follow-ups before it are due today or overdue. */
export function endOfToday(now = new Date()): Date {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return end;
}

/** Whether a request waits for a follow-up today or earlier (closed requests never do). */
export function isDue(
  row: Pick<ContactRequest, 'follow_up_at' | 'status'>,
  endOfDay: Date,
): boolean {
  const status = statusOf(row.status);
  return (
    row.follow_up_at !== null &&
    (status === 'new' || status === 'in_progress') &&
    Date.parse(row.follow_up_at) <= endOfDay.getTime()
  );
}

export function isOverdue(row: Pick<ContactRequest, 'follow_up_at'>, now = new Date()): boolean {
  return row.follow_up_at !== null && Date.parse(row.follow_up_at) < now.getTime();
}

/** The requests sharing each canonical phone (phone_key), for the duplicate links. */
export function duplicatesByPhone(
  rows: readonly Pick<ContactRequest, 'id' | 'phone_key'>[],
): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.phone_key) continue;
    const ids = byKey.get(row.phone_key);
    if (ids) ids.push(row.id);
    else byKey.set(row.phone_key, [row.id]);
  }
  return byKey;
}

/**
 * The longest admin note the database takes (contact_requests_notes_length, migration
 * 20261126105000): a long WhatsApp chat fits; the field counts towards it and never cuts.
 */
export const NOTES_MAX = 20_000;

/** A note's length as the database counts it (characters, not UTF-16 units), once trimmed. */
export function notesLength(notes: string): number {
  return [...notes.trim()].length;
}

export function notesTooLong(notes: string): boolean {
  return notesLength(notes) > NOTES_MAX;
}
