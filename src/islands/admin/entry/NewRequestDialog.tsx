import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { emptyEntry, entryRequest, missingEntryFields, type EntryForm } from '~/lib/admin/entry.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { adminQueryKeys } from '../data.ts';
import { reportFailure } from '../dialog/useSaveRequest.ts';
import { enterRequest } from '../personData.ts';
import { EntryInputs } from './EntryInputs.tsx';

/**
 * «طلب جديد»: a coordinator enters a request that came by WhatsApp, phone, Instagram, a referral
 * or a visit (public.enter_request): the channel, the patient's details, and the lawful basis
 * (how, when and by whom consent was given). It becomes a request like the forms' (inbox, timeline,
 * reports, retention, erasure), without the agency's notification e-mail. What was typed stays
 * in the form until the database has it; a retry stores it once (the same id).
 */
export function NewRequestButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary min-h-11 px-4 py-2 text-sm"
        onClick={() => setOpen(true)}
      >
        <Plus className="size-4" aria-hidden="true" />
        {adminText('admin.entry.open')}
      </button>
      {open && <NewRequestDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function NewRequestDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const idRef = useRef(crypto.randomUUID());
  const queryClient = useQueryClient();
  const [form, setForm] = useState<EntryForm>(() => emptyEntry());
  const [missing, setMissing] = useState<(keyof EntryForm)[]>([]);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  const close = () => ref.current?.close();
  const update = (patch: Partial<EntryForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setMissing((current) => current.filter((field) => !(field in patch)));
    setRefused(false);
  };

  const save = useMutation({
    mutationFn: () => enterRequest(entryRequest(idRef.current, form)),
    onSuccess: async () => {
      toast.success(adminText('admin.entry.saved'));
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.requestPage });
      close();
    },
    onError: (error) => {
      if (error instanceof AdminDataError && ['23514', '22023', '22P02'].includes(error.code)) {
        setRefused(true);
      } else reportFailure(error, adminText('admin.entry.error'));
    },
  });

  return (
    // A click on the backdrop closes, as Escape does natively for keyboard users.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      aria-labelledby="entry-title"
      data-testid="new-request-dialog"
      className="m-auto max-h-[94dvh] w-[calc(100%-1.5rem)] max-w-2xl overflow-y-auto rounded-(--radius-card) bg-white p-0 text-ink shadow-(--shadow-lift) backdrop:bg-teal-950/60"
    >
      <form
        noValidate
        className="space-y-4 p-5 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          const found = missingEntryFields(form);
          setMissing(found);
          if (found.length) document.getElementById(`entry-${found[0]}`)?.focus();
          else if (!save.isPending) save.mutate();
        }}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id="entry-title" className="text-lg font-bold">
            {adminText('admin.entry.title')}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={adminText('admin.close')}
            className="rounded-full p-2 text-muted hover:bg-sand-100 hover:text-ink"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <p className="text-sm text-muted">{adminText('admin.entry.intro')}</p>
        <EntryInputs form={form} update={update} missing={missing} />
        {refused && (
          <p role="alert" className="text-sm font-semibold text-offer-700">
            {adminText('admin.contact.invalid')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className="btn btn-primary min-h-11 px-5 py-2"
            disabled={save.isPending}
          >
            {save.isPending ? adminText('admin.entry.saving') : adminText('admin.entry.submit')}
          </button>
          <button type="button" className="btn btn-ghost min-h-11 px-5 py-2" onClick={close}>
            {adminText('admin.modal.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
