import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { ContactRequest, StaffAccount } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { notesTooLong, toLocalInput } from '~/lib/admin/team.ts';
import { DeleteRequestButton } from './bin/DeleteRequestButton.tsx';
import { adminQueryKeys, fetchEvents } from './data.ts';
import {
  ConflictNotice,
  DeletedNotice,
  ElsewhereNotice,
  OfflineNotice,
  RestoredNotice,
} from './dialog/DialogNotices.tsx';
import { ContactPanel } from './contact/ContactPanel.tsx';
import { AdvertisingConsent } from './dialog/AdvertisingConsent.tsx';
import { AutomaticMessages } from './dialog/AutomaticMessages.tsx';
import { ContactSection } from './dialog/ContactSection.tsx';
import { FilesSection } from './dialog/FilesSection.tsx';
import { WhatsAppSection } from './dialog/WhatsAppSection.tsx';
import { ConversationSection } from './dialog/ConversationSection.tsx';
import { ManageFields } from './dialog/ManageFields.tsx';
import { PersonSection } from './dialog/PersonSection.tsx';
import { PatientPagePanel } from './dialog/PatientPagePanel.tsx';
import { QuotesSection } from './quotes/QuotesSection.tsx';
import { TripSection } from './trip/TripSection.tsx';
import { AftercareSection } from './aftercare/AftercareSection.tsx';
import { PatientDetails, Timeline } from './dialog/RequestHistory.tsx';
import { useRequestEditor } from './dialog/useRequestEditor.ts';
import { StatusBadge, UserText } from './parts.tsx';

interface RequestDialogProps {
  request: ContactRequest;
  staff: StaffAccount[];
  /** Other requests with the same phone number (canonical digits). */
  duplicates: ContactRequest[];
  /** A colleague erased the request while it is open. */
  gone: boolean;
  onOpenRequest: (id: string) => void;
  onClose: () => void;
}

/**
 * The request dialog for a team: status, assignment, follow-up and notes first, with a save that
 * only goes through if nobody changed the request since it was opened (else it explains who
 * changed what, and offers to re-apply on top: dialog/useSaveRequest.ts, DialogNotices.tsx), then
 * the patient's details, duplicates and the timeline (dialog/RequestHistory.tsx). Edits are kept
 * in localStorage until the database holds exactly them (dialog/useRequestDraft.ts), and the
 * dialog follows its request as colleagues change or erase it (dialog/useRequestEditor.ts). A
 * native <dialog> with showModal(); its header (name, status) and its footer (حفظ) stay in view
 * while the rest scrolls.
 */
export function RequestDialog({
  request,
  staff,
  duplicates,
  gone,
  onOpenRequest,
  onClose,
}: RequestDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const uid = useId();
  const close = () => ref.current?.close();
  const { draft, save, deleted, submit, reapply } = useRequestEditor(request, gone, close);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const events = useQuery({
    queryKey: [...adminQueryKeys.events(request.id), request.version],
    queryFn: () => fetchEvents(request.id),
  });

  const busy = save.saving;

  return (
    // A click on the backdrop closes, as Escape does natively for keyboard users.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      // Ctrl/⌘+S saves from any field, notes included, instead of the browser's "save page".
      onKeyDown={(event) => {
        // By physical key (event.code): the same key in the Arabic layout types «س».
        if ((event.ctrlKey || event.metaKey) && event.code === 'KeyS') {
          event.preventDefault();
          if (!busy) submit();
        }
      }}
      aria-labelledby={`${uid}-title`}
      data-testid="request-dialog"
      className="m-auto max-h-[94dvh] w-[calc(100%-1.5rem)] max-w-3xl overflow-y-auto rounded-(--radius-card) bg-white p-0 text-ink shadow-(--shadow-lift) backdrop:bg-teal-950/60"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) submit();
        }}
      >
        <div
          data-testid="dialog-header"
          className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-sand-200 bg-white px-5 py-3 sm:px-6"
        >
          <div className="min-w-0">
            <h2 id={`${uid}-title`} className="text-lg font-bold">
              {adminText('admin.modal.title')}
            </h2>
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <UserText className="line-clamp-2">{request.name}</UserText>
              <StatusBadge status={request.status} />
            </p>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label={adminText('admin.close')}
            className="rounded-full p-2 text-muted hover:bg-sand-100 hover:text-ink"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>

        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          {deleted && <DeletedNotice notes={draft.edits.notes} />}
          {draft.restoredAt && draft.dirty && <RestoredNotice at={draft.restoredAt} />}
          {draft.elsewhere && <ElsewhereNotice at={draft.elsewhere.updatedAt} />}
          {save.conflict && <ConflictNotice conflict={save.conflict} onReapply={reapply} />}
          {save.offline && <OfflineNotice onRetry={save.retryNow} />}
          <ManageFields request={request} staff={staff} edits={draft.edits} set={draft.set} />
          <ContactPanel
            request={request}
            onCallBack={(at) => draft.set({ followUp: toLocalInput(at.toISOString()) })}
          />
          <PatientDetails request={request} duplicates={duplicates} onOpenRequest={onOpenRequest} />
          <ContactSection request={request} />
          <PersonSection request={request} onOpenRequest={onOpenRequest} />
          <AdvertisingConsent request={request} />
          <PatientPagePanel request={request} />
          <AutomaticMessages request={request} />
          <ConversationSection request={request} />
          <WhatsAppSection request={request} />
          <FilesSection request={request} />
          <QuotesSection request={request} />
          <TripSection request={request} />
          <AftercareSection request={request} />
          <Timeline events={events.data} />
        </div>

        {/* Save stays in view however long the dialog is (1280×800 and phones alike). */}
        <div className="sticky bottom-0 flex flex-wrap items-center gap-2 border-t border-sand-200 bg-white px-5 py-3 sm:px-6">
          <button
            type="submit"
            className="btn btn-primary min-h-11 px-5 py-2"
            disabled={busy || deleted || notesTooLong(draft.edits.notes)}
          >
            {save.saving ? adminText('admin.modal.saving') : adminText('admin.modal.save')}
          </button>
          <button
            type="button"
            className="btn btn-ghost min-h-11 px-5 py-2"
            onClick={close}
            disabled={busy}
          >
            {adminText('admin.modal.cancel')}
          </button>
          {draft.dirty && (
            <>
              <span className="text-sm font-semibold text-offer-700" data-testid="unsaved">
                {adminText('admin.team.unsaved')}
              </span>
              <button
                type="button"
                className="text-sm underline"
                onClick={() => {
                  draft.discard();
                  save.clearConflict();
                }}
              >
                {adminText('admin.team.discard')}
              </button>
            </>
          )}
          <DeleteRequestButton
            request={request}
            disabled={busy || deleted}
            onDeleted={() => {
              draft.discard();
              close();
            }}
          />
        </div>
      </form>
    </dialog>
  );
}
