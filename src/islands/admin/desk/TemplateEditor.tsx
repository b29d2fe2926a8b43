import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { variablesIn } from '~/lib/admin/messages/variables.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import { refusalText } from '~/lib/admin/refusals.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import { isNoAnswer, StaleVersionError, WriteRefusedError } from '~/lib/admin/writes.ts';
import { contactKeys, type MessageTemplate } from '../contact/contactData.ts';
import { goToLogin } from '../session.ts';
import { addTemplate, saveTemplate, type TemplateFields } from './deskData.ts';

interface TemplateEditorProps {
  /** The template to edit, or null for a new one. */
  template: MessageTemplate | null;
  /** The variables the database accepts ({name}, …). */
  variables: string[];
  onDone: () => void;
}

type Field = 'title_ar' | 'title_en' | 'body_ar' | 'body_en';

const KNOWN = new Set(['name', 'treatment', 'manager', 'reference', 'page_link', 'quote_link']);
/** What a variable stands for, for the editor's buttons. */
export function variableHelp(variable: string): string {
  return adminText(
    (KNOWN.has(variable)
      ? `admin.templates.variable.${variable}`
      : 'admin.templates.variable.other') as AdminKey,
  );
}

/** Why a save failed, for the owner (the text stays in the form). */
function problemText(error: unknown): string {
  if (error instanceof StaleVersionError) return adminText('admin.templates.conflict');
  if (isNoAnswer(error)) return adminText('admin.templates.noAnswer');
  if (error instanceof WriteRefusedError && error.hint === 'unknown_template_variable') {
    // The database names the variable in its message: "unknown template variable {x}".
    const variable = /\{[^{}]*\}/.exec(error.message)?.[0] ?? '';
    return adminText('admin.templates.unknownVariable', { variable });
  }
  return refusalText(error);
}

/**
 * An owner's form for one template (issue 32): title and text in Arabic and English, its place in
 * the list, and buttons that insert a variable where the cursor is. A variable the database would
 * refuse is named before saving; a save only goes through if nobody saved the template since it
 * was opened, and the text stays in the form whatever happens.
 */
export function TemplateEditor({ template, variables, onDone }: TemplateEditorProps) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<TemplateFields>(() => ({
    title_ar: template?.title_ar ?? '',
    title_en: template?.title_en ?? '',
    body_ar: template?.body_ar ?? '',
    body_en: template?.body_en ?? '',
    position: template?.position ?? 100,
  }));
  const [problem, setProblem] = useState<string | null>(null);
  // The template as it was opened: a save applies to that version only, even after the list
  // refetched (on focus) and the prop carries another owner's newer one.
  const [openedAt] = useState(() => template?.updated_at ?? '');
  // A new template's id, made once: pressing save again after a lost answer adds it once.
  const [newId] = useState(() => crypto.randomUUID());
  const lastBody = useRef<'body_ar' | 'body_en'>('body_ar');
  const areas = {
    body_ar: useRef<HTMLTextAreaElement>(null),
    body_en: useRef<HTMLTextAreaElement>(null),
  };

  const unknown = variablesIn(`${fields.body_ar} ${fields.body_en}`).filter(
    (variable) => !variables.includes(variable),
  );
  const empty = (['title_ar', 'title_en', 'body_ar', 'body_en'] as const).some(
    (field) => fields[field].trim() === '',
  );

  const save = useMutation({
    mutationFn: () =>
      template ? saveTemplate(template.id, openedAt, fields) : addTemplate(newId, fields),
    onSuccess: async () => {
      toast.success(adminText('admin.templates.saved'));
      await queryClient.invalidateQueries({ queryKey: contactKeys.templates });
      onDone();
    },
    onError: (error: unknown) => {
      if (isSessionError(error) && (error as { hint?: string }).hint !== 'owner_only') {
        return goToLogin('expired');
      }
      setProblem(problemText(error));
    },
  });

  const set = (field: Field, value: string) =>
    setFields((current) => ({ ...current, [field]: value }));
  const insert = (variable: string) => {
    const field = lastBody.current;
    const area = areas[field].current;
    const text = fields[field];
    const at = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? at;
    const token = `{${variable}}`;
    set(field, text.slice(0, at) + token + text.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + token.length, at + token.length);
    });
  };
  const input =
    'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base focus:border-teal-700 focus:outline-none';

  return (
    <form
      className="card space-y-3 p-4 sm:p-5"
      data-testid="template-editor"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        if (!empty && unknown.length === 0) save.mutate();
      }}
    >
      <TitleInputs
        titleAr={fields.title_ar}
        titleEn={fields.title_en}
        onChange={set}
        inputClass={input}
      />
      <VariableButtons variables={variables} onInsert={insert} />
      {(['body_ar', 'body_en'] as const).map((field) => (
        <label key={field} className="block text-sm font-semibold text-teal-900">
          {adminText(field === 'body_ar' ? 'admin.templates.bodyAr' : 'admin.templates.bodyEn')}
          <textarea
            ref={areas[field]}
            value={fields[field]}
            dir={field === 'body_ar' ? 'rtl' : 'ltr'}
            rows={4}
            onFocus={() => (lastBody.current = field)}
            onChange={(event) => set(field, event.target.value)}
            className={input}
          />
        </label>
      ))}
      <label className="block w-40 text-sm font-semibold text-teal-900">
        {adminText('admin.templates.position')}
        <input
          type="number"
          min={0}
          max={10000}
          dir="ltr"
          value={fields.position}
          onChange={(event) =>
            setFields((current) => ({ ...current, position: Number(event.target.value) || 0 }))
          }
          className={input}
        />
      </label>
      <EditorProblems unknown={unknown} empty={empty} problem={problem} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn btn-primary min-h-11 px-5 py-2"
          disabled={save.isPending || empty || unknown.length > 0}
        >
          {save.isPending ? adminText('admin.templates.saving') : adminText('admin.templates.save')}
        </button>
        <button type="button" className="btn btn-ghost min-h-11 px-5 py-2" onClick={onDone}>
          {adminText('admin.templates.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The variables the database accepts, each a button inserting it where the cursor is. */
function VariableButtons({
  variables,
  onInsert,
}: {
  variables: string[];
  onInsert: (variable: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-teal-900">
        {adminText('admin.templates.variables')}
      </legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {variables.map((variable) => (
          <button
            key={variable}
            type="button"
            title={variableHelp(variable)}
            aria-label={adminText('admin.templates.insert', { variable: `{${variable}}` })}
            onClick={() => onInsert(variable)}
            className="rounded-full bg-teal-50 px-3 py-1 font-mono text-xs font-semibold text-teal-900 hover:bg-teal-100"
            dir="ltr"
          >
            {`{${variable}}`}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** What keeps the template from being saved, said before and after a save. */
function EditorProblems({
  unknown,
  empty,
  problem,
}: {
  unknown: string[];
  empty: boolean;
  problem: string | null;
}) {
  if (unknown.length === 0 && !empty && !problem) return null;
  return (
    <div role="alert" className="space-y-1 text-sm text-offer-700">
      {unknown.map((variable) => (
        <p key={variable}>
          {adminText('admin.templates.unknownVariable', { variable: `{${variable}}` })}
        </p>
      ))}
      {empty && <p>{adminText('admin.templates.required')}</p>}
      {problem && <p>{problem}</p>}
    </div>
  );
}

/** The template's two titles, Arabic and English. */
function TitleInputs({
  titleAr,
  titleEn,
  onChange,
  inputClass,
}: {
  titleAr: string;
  titleEn: string;
  onChange: (field: 'title_ar' | 'title_en', value: string) => void;
  inputClass: string;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(['title_ar', 'title_en'] as const).map((field) => (
        <label key={field} className="block text-sm font-semibold text-teal-900">
          {adminText(field === 'title_ar' ? 'admin.templates.titleAr' : 'admin.templates.titleEn')}
          <input
            value={field === 'title_ar' ? titleAr : titleEn}
            dir={field === 'title_ar' ? 'rtl' : 'ltr'}
            maxLength={80}
            onChange={(event) => onChange(field, event.target.value)}
            className={inputClass}
          />
        </label>
      ))}
    </div>
  );
}
