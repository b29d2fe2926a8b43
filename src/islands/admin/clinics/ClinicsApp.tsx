import { Plus } from 'lucide-react';
import { useState } from 'react';
import { destinationLabel, serviceLabel } from '~/lib/admin/labels.ts';
import type { Clinic } from '~/lib/admin/quotes.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { requestServiceFor } from '~/lib/services.ts';
import { AdminHeader } from '../AdminHeader.tsx';
import { AdminProviders } from '../AdminProviders.tsx';
import { useStaffRole } from '../bin/useStaffRole.ts';
import { Checking, LoadFailed, Notice, UserText } from '../parts.tsx';
import { useClinics, type ClinicWithChecks } from '../quotes/useClinics.ts';
import { useAdminGuard } from '../useAdminGuard.ts';
import { Accreditations } from './Accreditations.tsx';
import { ClinicForm } from './ClinicForm.tsx';

/** /admin/clinics: the partner clinics; owners add and change them and record accreditation checks. */
export default function ClinicsApp() {
  return (
    <AdminProviders>
      <Clinics />
    </AdminProviders>
  );
}

function ClinicCard({
  clinic,
  owner,
  onEdit,
}: {
  clinic: ClinicWithChecks;
  owner: boolean;
  onEdit: () => void;
}) {
  return (
    <li className="card p-4" data-testid="clinic-card" data-slug={clinic.slug}>
      <div className="flex flex-wrap items-center gap-2">
        <UserText className="text-lg font-bold">{clinic.name_ar}</UserText>
        <span className="text-sm text-muted" dir="ltr">
          {clinic.name_en}
        </span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            clinic.accredited ? 'bg-teal-50 text-teal-900' : 'bg-offer-50 text-offer-700'
          }`}
        >
          {adminText(
            clinic.accredited ? 'admin.clinics.accredited' : 'admin.clinics.notAccredited',
          )}
        </span>
        {!clinic.active && (
          <span className="rounded-full bg-sand-200 px-2.5 py-0.5 text-xs font-semibold">
            {adminText('admin.clinics.inactive')}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-muted">
        <UserText>{clinic.city_ar}</UserText>، {destinationLabel(clinic.country)} ·{' '}
        <span dir="ltr">{clinic.languages.join(', ')}</span> · {clinic.currency}
      </p>
      <p className="mt-1 text-sm">
        {clinic.treatments.map((t) => serviceLabel(requestServiceFor(t))).join('، ')}
      </p>
      <Accreditations clinicId={clinic.id} accreditations={clinic.accreditations} owner={owner} />
      <div className="mt-3 flex flex-wrap gap-3 text-sm">
        <a className="underline" href={`/clinics/#${clinic.slug}`} target="_blank" rel="noreferrer">
          {adminText('admin.clinics.publicPage')}
        </a>
        {owner && (
          <button type="button" className="underline" onClick={onEdit}>
            {adminText('admin.clinics.edit')}
          </button>
        )}
      </div>
    </li>
  );
}

function Clinics() {
  const guard = useAdminGuard();
  const admin = guard.status === 'admin';
  const owner = useStaffRole(admin) === 'owner';
  const clinics = useClinics(admin);
  const [editing, setEditing] = useState<Clinic | 'new' | null>(null);
  if (!admin) return <Checking />;
  return (
    <>
      <AdminHeader title={adminText('admin.clinics.title')} screen="clinics" />
      <div
        id="content"
        tabIndex={-1}
        className="container-page space-y-4 py-6 outline-none sm:py-8"
      >
        <p className="text-sm text-muted">
          {adminText(owner ? 'admin.clinics.introOwner' : 'admin.clinics.introCoordinator')}
        </p>
        {owner &&
          (editing ? (
            <ClinicForm
              key={editing === 'new' ? 'new' : editing.id}
              clinic={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          ) : (
            <button
              type="button"
              className="btn btn-primary min-h-11 px-5"
              onClick={() => setEditing('new')}
            >
              <Plus className="size-4" aria-hidden="true" />
              {adminText('admin.clinics.add')}
            </button>
          ))}
        {clinics.isError ? (
          <LoadFailed
            message={adminText('admin.clinics.loadError')}
            onRetry={() => void clinics.refetch()}
          />
        ) : !clinics.data ? (
          <Notice>{adminText('admin.loading')}</Notice>
        ) : clinics.data.length === 0 ? (
          <Notice>{adminText('admin.clinics.empty')}</Notice>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {clinics.data.map((clinic) => (
              <ClinicCard
                key={clinic.id}
                clinic={clinic}
                owner={owner}
                onEdit={() => setEditing(clinic)}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
