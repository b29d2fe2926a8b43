/**
 * Timeline entries about a request's photos and documents (issue 30): a checked file arrived, a
 * file was refused by the server's check (with why), the patient deleted one, staff asked for a
 * slot again, and every slot needed holds a file ("photos received").
 */
import type { RequestEvent } from './rows.ts';
import { adminText, type AdminKey } from './strings.ts';

const SLOTS = ['hair_front', 'hair_top', 'hair_crown', 'hair_donor', 'smile', 'xray', 'report'];
const REASONS = [
  'content_mismatch',
  'truncated',
  'location_metadata',
  'metadata',
  'trailing_data',
  'image_too_large',
  'content_type',
  'active_content',
  'too_large',
  'size_mismatch',
  'thumbnail_invalid',
];

/** The staff's name of a slot. */
export function slotLabel(slot: string | null): string {
  return SLOTS.includes(slot ?? '')
    ? adminText(`admin.files.slot.${slot}` as AdminKey)
    : (slot ?? '');
}

/** The staff's words for why the server's check refused a file. */
export function reasonLabel(reason: string | null): string {
  return adminText(
    `admin.files.reason.${REASONS.includes(reason ?? '') ? reason : 'other'}` as AdminKey,
  );
}

export const FILE_EVENT_KINDS = [
  'file_received',
  'file_rejected',
  'file_removed',
  'file_requested',
  'files_complete',
] as const;

export function describeFileEvent(event: Pick<RequestEvent, 'kind' | 'old_value' | 'new_value'>): {
  label: string;
  text: string;
} {
  switch (event.kind) {
    case 'file_received':
      return { label: adminText('admin.files.event.received'), text: slotLabel(event.new_value) };
    case 'file_rejected':
      return {
        label: adminText('admin.files.event.rejected'),
        text: `${slotLabel(event.old_value)}: ${reasonLabel(event.new_value)}`,
      };
    case 'file_removed':
      return { label: adminText('admin.files.event.removed'), text: slotLabel(event.new_value) };
    case 'file_requested':
      return { label: adminText('admin.files.event.requested'), text: slotLabel(event.new_value) };
    default:
      return {
        label: adminText('admin.files.event.complete'),
        text: adminText('admin.files.event.completeText'),
      };
  }
}
