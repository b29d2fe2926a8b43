import { hasCountryCode } from '~/lib/admin/labels.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { CallMenu } from './CallMenu.tsx';
import { WhatsAppMenu } from './WhatsAppMenu.tsx';

/**
 * «اتصال» and «واتساب» on a request card (issue 32): each opens its channel from the click and
 * records the contact in the timeline. Nothing for a number without its country (it would dial a
 * local number or a stranger): the card offers «أضف رمز الدولة» instead.
 */
export function ContactActions({ request }: { request: ContactRequest }) {
  if (!hasCountryCode(request.phone, request.country_code)) return null;
  return (
    <div className="mt-3 flex flex-wrap justify-end gap-2" data-testid="contact-actions">
      <CallMenu request={request} />
      <WhatsAppMenu request={request} />
    </div>
  );
}
