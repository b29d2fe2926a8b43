/**
 * What the photos and documents section shares: public.patient_files' answer, the section's
 * strings and formats (from the prerendered shell's data attributes), and the messages for the
 * database's and the server check's refusals.
 */
import { fill } from '~/i18n/fill.ts';
import { formatTime, percentFormat, sizeFormat } from '../formats.ts';

export interface ReceivedFile {
  id: string;
  kind: 'image' | 'pdf';
  content_type: string;
  bytes: number | null;
  file_name: string | null;
  created_at: string;
}

export interface FileSlot {
  slot: string;
  required: boolean;
  max_files: number;
  accepts: ('image' | 'pdf')[];
  asked_at: string | null;
  files: ReceivedFile[];
}

export interface FilesView {
  slots: FileSlot[];
  complete_at: string | null;
  unfinished: number;
  limits: {
    max_image_bytes: number;
    max_pdf_bytes: number;
    max_request_bytes: number;
    max_files: number;
    used_bytes: number;
    used_files: number;
  };
}

export interface FilesContext {
  root: HTMLElement;
  locale: string;
  drawings: Record<string, string>;
  t(key: string, params?: Record<string, string | number>): string;
  formatTime(iso: string): string;
  formatSize(bytes: number): string;
  formatPercent(ratio: number): string;
}

export function readFilesContext(root: HTMLElement, strings: Record<string, string>): FilesContext {
  const locale = root.dataset['locale'] ?? 'ar';
  const lang = locale.startsWith('ar') ? 'ar' : 'en';
  return {
    root,
    locale,
    drawings: JSON.parse(root.dataset['drawings'] ?? '{}') as Record<string, string>,
    t: (key, params = {}) => fill(strings[key] ?? key, params, lang),
    formatTime: (iso) => formatTime(iso),
    formatSize: (bytes) =>
      bytes >= 1024 * 1024
        ? sizeFormat(locale, 'megabyte').format(bytes / (1024 * 1024))
        : sizeFormat(locale, 'kilobyte').format(Math.max(1, bytes / 1024)),
    formatPercent: (ratio) => percentFormat(locale).format(ratio),
  };
}

/** The message for a refusal: the database's hint (begin) or the server check's reason (finish). */
export function refusalMessage(
  context: FilesContext,
  view: FilesView | null,
  slot: FileSlot,
  code: string | undefined,
  kind: 'image' | 'pdf',
): string {
  const { t } = context;
  switch (code) {
    case 'rate-limited':
      return t('patientFiles.error.rateLimited');
    case 'file_too_large':
    case 'too_large':
      return t('patientFiles.error.tooLarge', {
        limit: context.formatSize(
          kind === 'pdf'
            ? (view?.limits.max_pdf_bytes ?? 10_485_760)
            : (view?.limits.max_image_bytes ?? 5_242_880),
        ),
      });
    case 'file_type_not_accepted':
      return t(
        slot.accepts.includes('pdf')
          ? 'patientFiles.error.typeFiles'
          : 'patientFiles.error.typePhotos',
      );
    case 'request_files_full':
      return t('patientFiles.error.full');
    case 'file_slot_full':
      return t('patientFiles.error.slotFull');
    case 'decode':
      return t('patientFiles.error.decode');
    case 'not_pdf':
      return t('patientFiles.error.notPdf');
    case 'content_mismatch':
    case 'truncated':
    case 'location_metadata':
    case 'metadata':
    case 'trailing_data':
    case 'image_too_large':
    case 'content_type':
    case 'active_content':
      return t(`patientFiles.error.${code}`);
    default:
      return t('patientFiles.error.failed');
  }
}
