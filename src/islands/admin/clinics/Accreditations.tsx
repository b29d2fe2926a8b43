import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatDay } from '~/lib/clinics/profile.ts';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { intlLocale } from '~/i18n/index.ts';
import { dayAfter, type Accreditation } from '~/lib/admin/quotes.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { reportFailure } from '../dialog/useSaveRequest.ts';
import { UserText } from '../parts.tsx';
import {
  deleteAccreditation,
  quoteKeys,
  saveAccreditation,
  type AccreditationInput,
} from '../quotes/quoteData.ts';

const input =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 focus:border-teal-700 focus:outline-none';

/** Records an accreditation check: a new one, or a renewal of `editing`. */
function AccreditationForm({
  clinicId,
  editing,
  onDone,
}: {
  clinicId: string;
  editing: Accreditation | null;
  onDone: () => void;
}) {
  const uid = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<AccreditationInput>({
    clinic_id: clinicId,
    body: editing?.body ?? '',
    certificate_number: editing?.certificate_number ?? '',
    valid_until: editing?.valid_until ?? '',
  });
  // A new accreditation's id, made once: pressing save again after a lost answer records it once.
  const [newId] = useState(() => crypto.randomUUID());
  const save = useMutation({
    mutationFn: () => saveAccreditation(editing, values, newId),
    onSuccess: async () => {
      toast.success(adminText('admin.clinics.checked'));
      await queryClient.invalidateQueries({ queryKey: quoteKeys.accreditations });
      onDone();
    },
    onError: (error) => reportFailure(error, adminText('admin.clinics.saveError')),
  });
  const fields = [
    ['body', 'text', 'auto'],
    ['certificate_number', 'text', 'ltr'],
    ['valid_until', 'date', 'ltr'],
  ] as const;
  return (
    <form
      className="mt-2 grid gap-2 rounded-xl bg-sand-50 p-3 sm:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {fields.map(([name, type, dir]) => (
        <div key={name}>
          <label htmlFor={`${uid}-${name}`} className="block text-xs font-semibold">
            {adminText(`admin.clinics.accreditation.${name}`)}
          </label>
          <input
            id={`${uid}-${name}`}
            type={type}
            dir={dir}
            required
            min={type === 'date' ? dayAfter(new Date(), 0) : undefined}
            className={input}
            value={values[name]}
            onChange={(event) => setValues({ ...values, [name]: event.target.value })}
          />
        </div>
      ))}
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary min-h-10 px-4" disabled={save.isPending}>
          {adminText('admin.clinics.recordCheck')}
        </button>
        <button type="button" className="min-h-10 underline" onClick={onDone}>
          {adminText('admin.quotes.closeEditor')}
        </button>
      </div>
    </form>
  );
}

/**
 * A clinic's accreditations: body, number, valid until, and who checked it when (stamped by the
 * database). Owners record a new check, renew one, or remove one.
 */
export function Accreditations({
  clinicId,
  accreditations,
  owner,
}: {
  clinicId: string;
  accreditations: Accreditation[];
  owner: boolean;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Accreditation | 'new' | null>(null);
  const today = dayAfter(new Date(), 0);
  const remove = useMutation({
    mutationFn: deleteAccreditation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.accreditations }),
    onError: (error) => reportFailure(error, adminText('admin.clinics.saveError')),
  });
  return (
    <div className="mt-3">
      <h4 className="text-sm font-bold">{adminText('admin.clinics.accreditations')}</h4>
      {accreditations.length === 0 && (
        <p className="text-sm text-offer-700">{adminText('admin.clinics.noAccreditation')}</p>
      )}
      <ul className="mt-1 space-y-1 text-sm">
        {accreditations.map((a) => (
          <li key={a.id} className={a.valid_until < today ? 'text-offer-700' : ''}>
            <UserText className="font-semibold">{a.body}</UserText> ·{' '}
            <bdi dir="ltr">{a.certificate_number}</bdi> ·{' '}
            {adminText(
              a.valid_until < today ? 'admin.clinics.lapsedOn' : 'admin.clinics.validUntil',
              {
                date: formatDay(a.valid_until, intlLocale('ar')),
              },
            )}{' '}
            ·{' '}
            {adminText('admin.clinics.checkedBy', {
              name: a.checked_by_name ?? adminText('admin.team.system'),
              time: formatRequestDate(a.checked_at),
            })}
            {owner && (
              <>
                {' '}
                <button type="button" className="underline" onClick={() => setEditing(a)}>
                  {adminText('admin.clinics.renew')}
                </button>{' '}
                <button
                  type="button"
                  className="underline"
                  onClick={() => {
                    if (window.confirm(adminText('admin.clinics.removeConfirm'))) remove.mutate(a);
                  }}
                >
                  {adminText('admin.clinics.remove')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {owner &&
        (editing ? (
          <AccreditationForm
            key={editing === 'new' ? 'new' : editing.id}
            clinicId={clinicId}
            editing={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : (
          <button
            type="button"
            className="mt-1 text-sm font-semibold underline"
            onClick={() => setEditing('new')}
          >
            {adminText('admin.clinics.addAccreditation')}
          </button>
        ))}
    </div>
  );
}
