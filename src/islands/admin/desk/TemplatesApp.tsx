import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, Pencil, Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { staleOrRefusal } from '~/lib/admin/refusals.ts';
import { AdminHeader } from '../AdminHeader.tsx';
import { AdminProviders } from '../AdminProviders.tsx';
import { useStaffRole } from '../bin/useStaffRole.ts';
import { contactKeys, fetchTemplates, type MessageTemplate } from '../contact/contactData.ts';
import { Checking, LoadFailed, Notice } from '../parts.tsx';
import { useAdminGuard } from '../useAdminGuard.ts';
import { deskKeys, fetchTemplateVariables, saveTemplate } from './deskData.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

/**
 * /admin/templates (docs/admin.md "Templates"): the WhatsApp message templates in Arabic and
 * English. Every staff member reads them; owners add, edit, order and archive them (the database
 * refuses anyone else, and a variable it cannot fill).
 */
export default function TemplatesApp() {
  return (
    <AdminProviders>
      <Templates />
    </AdminProviders>
  );
}

function Templates() {
  const guard = useAdminGuard();
  const admin = guard.status === 'admin';
  const role = useStaffRole(admin);
  const templates = useQuery({
    queryKey: contactKeys.templates,
    queryFn: fetchTemplates,
    enabled: admin,
  });
  const variables = useQuery({
    queryKey: deskKeys.variables,
    queryFn: fetchTemplateVariables,
    enabled: admin,
  });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  if (!admin || role === null) return <Checking />;
  const owner = role === 'owner';
  return (
    <>
      <AdminHeader title={adminText('admin.templates.title')} screen="templates" />
      <div
        id="content"
        tabIndex={-1}
        className="container-page space-y-4 py-6 outline-none sm:py-8"
      >
        <section className="card space-y-2 p-4 text-sm sm:p-5">
          <p>{adminText('admin.templates.intro')}</p>
          {!owner && (
            <p className="font-semibold text-teal-900">{adminText('admin.templates.readOnly')}</p>
          )}
        </section>
        {owner && editing !== 'new' && (
          <button
            type="button"
            className="btn btn-primary min-h-11 px-5 py-2"
            onClick={() => setEditing('new')}
          >
            <Plus className="size-4" aria-hidden="true" />
            {adminText('admin.templates.add')}
          </button>
        )}
        {editing === 'new' && (
          <TemplateEditor
            template={null}
            variables={variables.data ?? []}
            onDone={() => setEditing(null)}
          />
        )}
        {templates.isError ? (
          <LoadFailed
            message={adminText('admin.templates.loadFailed')}
            onRetry={() => void templates.refetch()}
          />
        ) : !templates.data ? (
          <Notice>{adminText('admin.loading')}</Notice>
        ) : (
          <ul className="space-y-3" data-testid="template-list">
            {templates.data.map((template) =>
              editing === template.id ? (
                <li key={template.id}>
                  <TemplateEditor
                    template={template}
                    variables={variables.data ?? []}
                    onDone={() => setEditing(null)}
                  />
                </li>
              ) : (
                <TemplateCard
                  key={template.id}
                  template={template}
                  owner={owner}
                  onEdit={() => setEditing(template.id)}
                />
              ),
            )}
          </ul>
        )}
      </div>
    </>
  );
}

interface TemplateCardProps {
  template: MessageTemplate;
  owner: boolean;
  onEdit: () => void;
}

/** One template: its titles, both texts as written (variables in braces), and owners' buttons. */
function TemplateCard({ template, owner, onEdit }: TemplateCardProps) {
  const queryClient = useQueryClient();
  const archive = useMutation({
    mutationFn: () =>
      saveTemplate(template.id, template.updated_at, {
        archived_at: template.archived_at ? null : new Date().toISOString(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.templates }),
    // Another owner's save since is refused (who and when), not overwritten; the list reads again.
    onError: async (error) => {
      toast.error(staleOrRefusal(error));
      await queryClient.invalidateQueries({ queryKey: contactKeys.templates });
    },
  });
  return (
    <li
      className={`card p-4 sm:p-5 ${template.archived_at ? 'border-dashed bg-sand-50' : ''}`}
      data-testid="template-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-bold">
          {template.title_ar}
          <span className="ms-2 text-sm font-normal text-muted" dir="ltr">
            {template.title_en}
          </span>
        </h2>
        {owner && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
              aria-label={adminText('admin.templates.editLabel', { title: template.title_ar })}
              onClick={onEdit}
            >
              <Pencil className="size-4" aria-hidden="true" />
              {adminText('admin.templates.edit')}
            </button>
            <button
              type="button"
              className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
              disabled={archive.isPending}
              onClick={() => archive.mutate()}
            >
              {template.archived_at ? (
                <RotateCcw className="size-4" aria-hidden="true" />
              ) : (
                <Archive className="size-4" aria-hidden="true" />
              )}
              {adminText(
                template.archived_at ? 'admin.templates.restore' : 'admin.templates.archive',
              )}
            </button>
          </div>
        )}
      </div>
      {template.archived_at && (
        <p className="mt-1 text-sm font-semibold text-offer-700">
          {adminText('admin.templates.archived')}
        </p>
      )}
      <dl className="mt-3 grid gap-3 text-sm md:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold text-muted">
            {adminText('admin.templates.previewAr')}
          </dt>
          <dd dir="rtl" className="mt-1 rounded-xl bg-sand-50 px-3 py-2 whitespace-pre-wrap">
            {template.body_ar}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-muted">
            {adminText('admin.templates.previewEn')}
          </dt>
          <dd
            dir="ltr"
            className="mt-1 rounded-xl bg-sand-50 px-3 py-2 text-start whitespace-pre-wrap"
          >
            {template.body_en}
          </dd>
        </div>
      </dl>
      {template.updated_by && (
        <p className="mt-2 text-xs text-muted">
          {adminText('admin.templates.updated', {
            name: template.updated_by,
            date: formatRequestDate(template.updated_at),
          })}
        </p>
      )}
    </li>
  );
}
