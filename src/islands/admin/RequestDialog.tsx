import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CloudOff, MessageCircle, Trash2, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { patientWhatsappUrl, requestStatuses, statusLabel } from '~/lib/admin/labels.ts';
import { AdminDataError, isSessionError } from '~/lib/admin/query.ts';
import type {
  ContactRequest,
  RequestEvent,
  RequestStatus,
  StaffAccount,
} from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import {
  authorName,
  changesBetween,
  describeEvent,
  editsOf,
  hasChanges,
  readDraft,
  removeDraft,
  StaleVersionError,
  writeDraft,
  type RequestChanges,
  type RequestEdits,
} from '~/lib/admin/team.ts';
import { adminQueryKeys, deleteRequest, fetchEvents, fetchRequest, saveRequest } from './data.ts';
import { Field, Missing, StatusBadge, UserText } from './parts.tsx';
import { RequestFields } from './RequestFields.tsx';
import { goToLogin, rememberedUsername } from './session.ts';

interface RequestDialogProps {
  request: ContactRequest;
  staff: StaffAccount[];
  /** Other requests with the same phone number (canonical digits). */
  duplicates: ContactRequest[];
  onOpenRequest: (id: string) => void;
  onClose: () => void;
}

/** A save the database refused because the request moved on: what happened since, and the row now. */
interface Conflict {
  events: RequestEvent[];
  current: ContactRequest;
}

/** The first retry of a save that could not reach the server, doubling up to 30 s. */
const FIRST_RETRY_MS = 2000;

function isTransient(error: unknown): boolean {
  return error instanceof AdminDataError
    ? error.status === 0 || error.status >= 500
    : error instanceof TypeError;
}

const inputClass =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none';

/**
 * The request dialog for a team: the patient's details, then status, assignment,
 * follow-up and notes with a save that only goes through if nobody changed the request since it
 * was opened (else it explains who changed what, and offers to re-apply on top), the request's
 * timeline and its duplicates. Edits are kept in localStorage until the database has them, so a
 * reload, an expired session or an outage loses nothing. A native <dialog> with showModal().
 */
export function RequestDialog({
  request,
  staff,
  duplicates,
  onOpenRequest,
  onClose,
}: RequestDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const uid = useId();
  const queryClient = useQueryClient();
  const username = useMemo(() => rememberedUsername(), []);
  const [initial] = useState(() => {
    const draft = readDraft(localStorage, request.id, username);
    return draft
      ? {
          baseVersion: draft.baseVersion,
          opened: draft.opened,
          edits: draft.edits,
          restoredAt: draft.updatedAt,
        }
      : {
          baseVersion: request.version,
          opened: editsOf(request),
          edits: editsOf(request),
          restoredAt: null,
        };
  });
  const [baseVersion, setBaseVersion] = useState(initial.baseVersion);
  const [opened, setOpened] = useState<RequestEdits>(initial.opened);
  const [edits, setEdits] = useState<RequestEdits>(initial.edits);
  const [restoredAt, setRestoredAt] = useState<string | null>(initial.restoredAt);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [offline, setOffline] = useState(false);
  const retryTimer = useRef<number | undefined>(undefined);
  const retryDelay = useRef(FIRST_RETRY_MS);
  const changes = useMemo(() => changesBetween(opened, edits), [opened, edits]);
  const dirty = hasChanges(changes);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Every keystroke is on disk before anything can end the session or the page.
  useEffect(() => {
    if (dirty) {
      writeDraft(localStorage, {
        requestId: request.id,
        username,
        baseVersion,
        opened,
        edits,
        updatedAt: new Date().toISOString(),
      });
    } else {
      removeDraft(localStorage, request.id);
    }
  }, [dirty, edits, opened, baseVersion, request.id, username]);

  const events = useQuery({
    queryKey: [...adminQueryKeys.events(request.id), request.version],
    queryFn: () => fetchEvents(request.id),
  });

  const close = () => ref.current?.close();
  const onFailure = (error: unknown, message: string) => {
    if (isSessionError(error)) return goToLogin('expired');
    toast.error(adminText('admin.error'), { description: message });
  };

  const save = useMutation({
    mutationFn: (input: { version: number; changes: RequestChanges }) =>
      saveRequest(request.id, input.version, input.changes),
    onMutate: () => window.clearTimeout(retryTimer.current),
    onSuccess: async (saved) => {
      removeDraft(localStorage, request.id);
      setOffline(false);
      queryClient.setQueryData<ContactRequest[]>(adminQueryKeys.requests, (rows) =>
        rows?.map((row) => (row.id === saved.id ? { ...row, ...saved } : row)),
      );
      toast.success(adminText('admin.modal.updateSuccessTitle'), {
        description: adminText('admin.modal.updateSuccessDescription'),
      });
      close();
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) });
    },
    onError: async (error, input) => {
      if (error instanceof StaleVersionError) {
        try {
          const [since, current] = await Promise.all([
            fetchEvents(request.id, input.version),
            fetchRequest(request.id),
          ]);
          if (current) {
            setConflict({ events: since, current });
            return;
          }
        } catch (loadError) {
          return onFailure(loadError, adminText('admin.modal.updateError'));
        }
      }
      if (isTransient(error)) {
        // The draft is already stored; keep trying while the dialog is open.
        setOffline(true);
        const delay = retryDelay.current;
        retryDelay.current = Math.min(delay * 2, 30_000);
        retryTimer.current = window.setTimeout(() => save.mutate(input), delay);
        return;
      }
      onFailure(error, adminText('admin.modal.updateError'));
    },
  });

  useEffect(() => {
    if (!offline) return;
    const retry = () => {
      retryDelay.current = FIRST_RETRY_MS;
      if (save.variables) save.mutate(save.variables);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, save]);

  useEffect(() => () => window.clearTimeout(retryTimer.current), []);

  const submit = () => {
    if (!dirty) {
      close();
      return;
    }
    setConflict(null);
    save.mutate({ version: baseVersion, changes });
  };

  /** Takes the request as it is now as the new base and saves the coordinator's own changes on it. */
  const reapply = () => {
    if (!conflict) return;
    const current = conflict.current;
    const base = editsOf(current);
    const mine: RequestEdits = {
      status: changes.status !== undefined ? edits.status : base.status,
      notes: changes.notes !== undefined ? edits.notes : base.notes,
      assignedTo: changes.assigned_to !== undefined ? edits.assignedTo : base.assignedTo,
      followUp: changes.follow_up_at !== undefined ? edits.followUp : base.followUp,
    };
    setBaseVersion(current.version);
    setOpened(base);
    setEdits(mine);
    setConflict(null);
    save.mutate({ version: current.version, changes: changesBetween(base, mine) });
  };

  const discard = () => {
    removeDraft(localStorage, request.id);
    setBaseVersion(request.version);
    setOpened(editsOf(request));
    setEdits(editsOf(request));
    setRestoredAt(null);
    setConflict(null);
  };

  const remove = useMutation({
    mutationFn: () => deleteRequest(request.id),
    onSuccess: async () => {
      removeDraft(localStorage, request.id);
      queryClient.setQueryData<ContactRequest[]>(adminQueryKeys.requests, (rows) =>
        rows?.filter((row) => row.id !== request.id),
      );
      toast.success(adminText('admin.modal.deleteSuccessTitle'), {
        description: adminText('admin.modal.deleteSuccessDescription'),
      });
      close();
    },
    onError: (error) => onFailure(error, adminText('admin.modal.deleteError')),
  });

  const busy = (save.isPending && !offline) || remove.isPending;
  const set = (patch: Partial<RequestEdits>) => setEdits((current) => ({ ...current, ...patch }));

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
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
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
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 id={`${uid}-title`} className="text-xl font-bold">
                {adminText('admin.modal.title')}
              </h2>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-lg font-semibold">
                <UserText>{request.name}</UserText>
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

          {restoredAt && dirty && (
            <p
              role="status"
              data-testid="draft-restored"
              className="mt-3 rounded-xl bg-saffron-300/40 px-3 py-2 text-sm font-semibold"
            >
              {adminText('admin.team.restored', { date: formatRequestDate(restoredAt) })}
            </p>
          )}

          {conflict && (
            <div
              role="alert"
              data-testid="conflict"
              className="mt-3 rounded-xl border border-offer-600 bg-sand-50 px-4 py-3 text-sm"
            >
              <p className="flex items-center gap-2 font-bold text-offer-700">
                <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
                {adminText('admin.team.conflictTitle')}
              </p>
              <ul className="mt-2 list-disc space-y-1 ps-5">
                {conflict.events.map((event) => {
                  const described = describeEvent(event);
                  return (
                    <li key={event.id} className="[overflow-wrap:anywhere]">
                      {adminText('admin.team.conflictEntry', {
                        author: authorName(event.author),
                        date: formatRequestDate(event.created_at),
                        label: described.label,
                        text: described.text,
                      })}
                    </li>
                  );
                })}
              </ul>
              <p className="mt-2 text-muted">{adminText('admin.team.conflictHint')}</p>
              <button
                type="button"
                className="btn btn-primary mt-3 min-h-10 px-4 py-1.5 text-sm"
                onClick={reapply}
              >
                {adminText('admin.team.reapply')}
              </button>
            </div>
          )}

          {offline && (
            <div
              role="alert"
              data-testid="save-offline"
              className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-sand-100 px-4 py-3 text-sm font-semibold"
            >
              <CloudOff className="size-4 shrink-0" aria-hidden="true" />
              <span className="flex-1">{adminText('admin.team.offlineSaving')}</span>
              <button
                type="button"
                className="underline"
                onClick={() => {
                  retryDelay.current = FIRST_RETRY_MS;
                  if (save.variables) save.mutate(save.variables);
                }}
              >
                {adminText('admin.team.retryNow')}
              </button>
            </div>
          )}

          <section aria-labelledby={`${uid}-manage`} className="mt-4">
            <h3 id={`${uid}-manage`} className="sr-only">
              {adminText('admin.modal.manage')}
            </h3>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <div>
                <label
                  htmlFor={`${uid}-status`}
                  className="block text-sm font-semibold text-teal-900"
                >
                  {adminText('admin.modal.status')}
                </label>
                <select
                  id={`${uid}-status`}
                  value={edits.status}
                  onChange={(event) => set({ status: event.target.value as RequestStatus })}
                  className={inputClass}
                >
                  {requestStatuses.map((value) => (
                    <option key={value} value={value}>
                      {statusLabel(value)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label
                  htmlFor={`${uid}-assignee`}
                  className="block text-sm font-semibold text-teal-900"
                >
                  {adminText('admin.team.assignee')}
                </label>
                <select
                  id={`${uid}-assignee`}
                  value={edits.assignedTo}
                  onChange={(event) => set({ assignedTo: event.target.value })}
                  className={inputClass}
                >
                  <option value="">{adminText('admin.team.unassigned')}</option>
                  {staff
                    .filter(
                      (account) => account.active !== false || account.id === edits.assignedTo,
                    )
                    .map((account) => (
                      <option key={account.id} value={account.id}>
                        {account.username}
                      </option>
                    ))}
                </select>
              </div>
              <div>
                <label
                  htmlFor={`${uid}-follow-up`}
                  className="block text-sm font-semibold text-teal-900"
                >
                  {adminText('admin.team.followUp')}
                </label>
                <input
                  id={`${uid}-follow-up`}
                  type="datetime-local"
                  dir="ltr"
                  value={edits.followUp}
                  onChange={(event) => set({ followUp: event.target.value })}
                  className={inputClass}
                />
              </div>
            </div>
            <label
              htmlFor={`${uid}-notes`}
              className="mt-3 block text-sm font-semibold text-teal-900"
            >
              {adminText('admin.modal.notes')}
            </label>
            <textarea
              id={`${uid}-notes`}
              value={edits.notes}
              onChange={(event) => set({ notes: event.target.value })}
              rows={3}
              maxLength={5000}
              dir="auto"
              placeholder={adminText('admin.modal.notesPlaceholder')}
              className={inputClass}
            />
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
              <Field label={adminText('admin.modal.submitted')}>
                <time dateTime={request.created_at}>{formatRequestDate(request.created_at)}</time>
              </Field>
              <Field label={adminText('admin.modal.updated')}>
                <time dateTime={request.updated_at}>{formatRequestDate(request.updated_at)}</time>
              </Field>
            </dl>
          </section>

          <section
            aria-labelledby={`${uid}-details`}
            className="mt-5 border-t border-sand-200 pt-4"
          >
            <h3 id={`${uid}-details`} className="mb-3 text-base font-bold">
              {adminText('admin.modal.details')}
            </h3>
            <RequestFields request={request} variant="dialog" />
            <div className="mt-4">
              <p className="text-xs font-semibold text-muted">
                {adminText('admin.request.message')}
              </p>
              <p className="mt-1 rounded-xl bg-sand-50 px-3 py-2 text-sm whitespace-pre-wrap">
                {request.message ? <UserText>{request.message}</UserText> : <Missing />}
              </p>
            </div>
            <a
              href={patientWhatsappUrl(request)}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-whatsapp mt-4 min-h-10 px-4 py-1.5 text-sm"
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              {adminText('admin.request.whatsappLabel', { name: request.name })}
            </a>
          </section>

          {duplicates.length > 0 && (
            <section
              aria-labelledby={`${uid}-duplicates`}
              className="mt-5 border-t border-sand-200 pt-4"
              data-testid="duplicates"
            >
              <h3 id={`${uid}-duplicates`} className="text-base font-bold">
                {adminText('admin.team.duplicates')}
              </h3>
              <ul className="mt-2 space-y-1 text-sm">
                {duplicates.map((other) => (
                  <li key={other.id} className="flex flex-wrap items-center gap-2">
                    <button
                      type="button"
                      className="font-semibold text-teal-700 hover:underline"
                      onClick={() => onOpenRequest(other.id)}
                    >
                      <UserText>{other.name}</UserText>
                    </button>
                    <time dateTime={other.created_at} className="text-muted">
                      {formatRequestDate(other.created_at)}
                    </time>
                    <StatusBadge status={other.status} />
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section
            aria-labelledby={`${uid}-timeline`}
            className="mt-5 border-t border-sand-200 pt-4"
          >
            <h3 id={`${uid}-timeline`} className="text-base font-bold">
              {adminText('admin.team.timeline')}
            </h3>
            {events.data ? (
              events.data.length ? (
                <ol className="mt-2 space-y-2 text-sm" data-testid="timeline">
                  {[...events.data].reverse().map((event) => {
                    const described = describeEvent(event);
                    return (
                      <li key={event.id} className="rounded-xl bg-sand-50 px-3 py-2">
                        <p className="text-xs text-muted">
                          <span className="font-semibold text-teal-900">
                            {authorName(event.author)}
                          </span>
                          {' · '}
                          <time dateTime={event.created_at}>
                            {formatRequestDate(event.created_at)}
                          </time>
                          {' · '}
                          {described.label}
                        </p>
                        <p className="mt-0.5 whitespace-pre-wrap">
                          <UserText>{described.text}</UserText>
                        </p>
                      </li>
                    );
                  })}
                </ol>
              ) : (
                <p className="mt-2 text-sm text-muted">{adminText('admin.team.timelineEmpty')}</p>
              )
            ) : (
              <p className="mt-2 text-sm text-muted">{adminText('admin.team.timelineLoading')}</p>
            )}
          </section>
        </div>

        {/* Save stays in view however long the dialog is (1280×800 and phones alike). */}
        <div className="sticky bottom-0 flex flex-wrap items-center gap-2 border-t border-sand-200 bg-white px-5 py-3 sm:px-6">
          <button type="submit" className="btn btn-primary min-h-11 px-5 py-2" disabled={busy}>
            {save.isPending && !offline
              ? adminText('admin.modal.saving')
              : adminText('admin.modal.save')}
          </button>
          <button
            type="button"
            className="btn btn-ghost min-h-11 px-5 py-2"
            onClick={close}
            disabled={busy}
          >
            {adminText('admin.modal.cancel')}
          </button>
          {dirty && (
            <>
              <span className="text-sm font-semibold text-offer-700" data-testid="unsaved">
                {adminText('admin.team.unsaved')}
              </span>
              <button type="button" className="text-sm underline" onClick={discard}>
                {adminText('admin.team.discard')}
              </button>
            </>
          )}
          <button
            type="button"
            className="btn ms-auto min-h-11 border border-offer-600 bg-white px-4 py-2 text-offer-700 hover:bg-offer-600 hover:text-white"
            disabled={busy}
            onClick={() => {
              if (window.confirm(adminText('admin.modal.confirmDelete'))) remove.mutate();
            }}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {remove.isPending ? adminText('admin.modal.deleting') : adminText('admin.modal.delete')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
