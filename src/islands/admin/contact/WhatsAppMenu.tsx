import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { hideSheet, Sheet } from './Sheet.tsx';
import { TemplateChoices } from './TemplateChoices.tsx';

/** «واتساب»: opens the sheet of prepared messages for this request (TemplateChoices). */
export function WhatsAppMenu({ request }: { request: ContactRequest }) {
  const id = `wa-${useId().replace(/:/g, '')}`;
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        data-testid="whatsapp-menu"
        aria-label={adminText('admin.contact.whatsappLabel', { name: request.name })}
        className="btn btn-whatsapp min-h-10 px-4 py-1.5 text-sm"
      >
        <MessageCircle className="size-4" aria-hidden="true" />
        {adminText('admin.contact.whatsapp')}
      </button>
      <Sheet
        id={id}
        title={adminText('admin.contact.chooseTemplate')}
        onOpenChange={setOpen}
        testId="whatsapp-sheet"
      >
        {open && <TemplateChoices request={request} onSent={() => hideSheet(id)} />}
      </Sheet>
    </>
  );
}
