import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import type { QuoteFields } from '~/lib/admin/quotes.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { QuoteConflictView } from './QuoteConflictView.tsx';
import { QuoteFieldsGrid } from './QuoteFieldsGrid.tsx';
import type { DraftBase } from './quoteData.ts';
import { useQuoteEditor, type SaveState } from './useQuoteEditor.ts';

interface QuoteEditorProps {
  requestId: string;
  clinicId: string;
  clinicName: string;
  quoteId: string | null;
  /** The version this draft will be (a correction of a sent quote is the next one). */
  version: number;
  /** The draft it opened (null: a new draft). */
  base: DraftBase | null;
  initial: QuoteFields;
  onClose: () => void;
}

/**
 * Enter moves to the next field (a quote is typed top to bottom without the mouse), Ctrl/⌘+Enter
 * sends, Ctrl/⌘+S saves the draft; none of them reaches the request dialog's own form.
 */
function keyFlow(
  event: KeyboardEvent<HTMLDivElement>,
  actions: { save: () => void; send: () => void },
) {
  const target = event.target as HTMLElement;
  const modifier = event.ctrlKey || event.metaKey;
  if (modifier && event.key === 'Enter') {
    event.preventDefault();
    event.stopPropagation();
    actions.send();
  } else if (modifier && event.code === 'KeyS') {
    event.preventDefault();
    event.stopPropagation();
    actions.save();
  } else if (event.key === 'Enter' && (target.tagName === 'INPUT' || target.tagName === 'SELECT')) {
    event.preventDefault();
    const fields = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('input, select, textarea'),
    ].filter((field) => !(field as HTMLInputElement).disabled);
    fields[fields.indexOf(target) + 1]?.focus();
  }
}

function stateText(state: SaveState): string {
  switch (state.kind) {
    case 'saved':
      return state.at
        ? adminText('admin.quotes.savedAt', { time: formatRequestDate(state.at) })
        : adminText('admin.quotes.savedEarlier');
    case 'saving':
      return adminText('admin.quotes.saving');
    case 'checking':
      return adminText('admin.quotes.checking');
    case 'unsaved':
      return adminText('admin.quotes.unsaved');
    case 'failed':
      return state.message;
  }
}

/** The quote builder's form for one clinic (the request dialog's «عروض العيادات»). */
export function QuoteEditor(props: QuoteEditorProps) {
  const uid = useId();
  const editor = useQuoteEditor({ ...props, onSent: props.onClose });
  const { fields, set } = editor;
  const id = (name: string) => `${uid}-${name}`;
  const box = useRef<HTMLDivElement>(null);
  // Opened to type a quote: the first field takes the keyboard.
  useEffect(() => box.current?.querySelector<HTMLElement>('input')?.focus(), []);
  return (
    // The fields' shortcuts (Enter, Ctrl+Enter, Ctrl+S) bubble to the builder from its inputs.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <div
      className="mt-3 rounded-2xl border-2 border-teal-700 p-4"
      ref={box}
      data-testid="quote-editor"
      role="group"
      aria-labelledby={id('title')}
      onKeyDown={(event) =>
        keyFlow(event, { save: () => void editor.save(), send: () => void editor.send() })
      }
    >
      <h4 id={id('title')} className="font-bold">
        {adminText('admin.quotes.editorTitle', {
          clinic: props.clinicName,
          version: editor.version ?? props.version,
        })}
      </h4>
      <p className="mt-1 text-xs text-muted">{adminText('admin.quotes.keys')}</p>
      {editor.restored && (
        <p className="mt-2 text-sm font-semibold text-offer-700">
          {adminText('admin.quotes.restored')}
        </p>
      )}
      {editor.conflict && (
        <QuoteConflictView conflict={editor.conflict} onResolve={editor.resolve} />
      )}
      <QuoteFieldsGrid
        fields={fields}
        set={set}
        invalid={editor.state.kind === 'failed' ? (editor.state.field ?? null) : null}
      />
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-primary min-h-10 px-4 py-1.5 text-sm"
          disabled={editor.sending || Boolean(editor.conflict)}
          onClick={() => void editor.send()}
        >
          {editor.sending ? adminText('admin.quotes.sending') : adminText('admin.quotes.send')}
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
          disabled={editor.sending || Boolean(editor.conflict)}
          onClick={() => void editor.save()}
        >
          {adminText('admin.quotes.saveDraft')}
        </button>
        <button type="button" className="min-h-10 px-2 text-sm underline" onClick={props.onClose}>
          {adminText('admin.quotes.closeEditor')}
        </button>
        <p
          role="status"
          data-testid="quote-save-state"
          className={`text-sm ${editor.state.kind === 'failed' ? 'font-semibold text-offer-700' : 'text-muted'}`}
        >
          {stateText(editor.state)}
        </p>
      </div>
    </div>
  );
}
