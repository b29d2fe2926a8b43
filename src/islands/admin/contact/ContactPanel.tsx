import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { firstContactState, formatWait } from '~/lib/admin/first-contact.ts';
import { hasCountryCode } from '~/lib/admin/labels.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { adminQueryKeys } from '../data.ts';
import { CallMenu } from './CallMenu.tsx';
import { useNow } from './useNow.ts';
import { WhatsAppMenu } from './WhatsAppMenu.tsx';

interface ContactPanelProps {
  request: ContactRequest;
  /** A call-back time chosen here goes into the dialog's follow-up field. */
  onCallBack: (at: Date) => void;
}

/**
 * «التواصل مع المريض» in the request dialog (issue 32): when the first contact was (or is due), the
 * latest contact, and the same «اتصال» and «واتساب» as the card. A contact by anyone moves the
 * request's last_contacted_at (without a new version): the dialog then reads its timeline again,
 * so a colleague's message shows here as it happens.
 */
export function ContactPanel({ request, onCallBack }: ContactPanelProps) {
  const uid = useId();
  const now = useNow();
  const queryClient = useQueryClient();
  const seen = useRef(request.last_contacted_at);
  useEffect(() => {
    if (request.last_contacted_at === seen.current) return;
    seen.current = request.last_contacted_at;
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) });
  }, [request.last_contacted_at, request.id, queryClient]);

  const state = firstContactState(request, now);
  const status = (() => {
    if (state === 'contacted' && request.first_contacted_at) {
      const minutes =
        (Date.parse(request.first_contacted_at) - Date.parse(request.created_at)) / 60_000;
      return adminText('admin.contact.firstContactAt', {
        date: formatRequestDate(request.first_contacted_at),
        wait: formatWait(minutes),
      });
    }
    if (state === 'waiting' && request.first_contact_due_at) {
      return adminText('admin.contact.awaiting', {
        time: formatRequestDate(request.first_contact_due_at),
      });
    }
    if (state === 'overdue' && request.first_contact_due_at) {
      return adminText('admin.contact.overdueSince', {
        time: formatRequestDate(request.first_contact_due_at),
      });
    }
    return adminText('admin.contact.notMeasured');
  })();

  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="contact-panel"
    >
      <h3 id={`${uid}-title`} className="mb-2 text-base font-bold">
        {adminText('admin.contact.panelTitle')}
      </h3>
      <p
        className={`text-sm ${state === 'overdue' ? 'font-semibold text-offer-700' : 'text-teal-900'}`}
        data-testid="first-contact-status"
      >
        {status}
      </p>
      {request.last_contacted_at && (
        <p className="mt-1 text-sm text-muted">
          {adminText('admin.contact.lastContact', {
            date: formatRequestDate(request.last_contacted_at),
          })}
        </p>
      )}
      {hasCountryCode(request.phone, request.country_code) ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <WhatsAppMenu request={request} />
          <CallMenu request={request} onCallBack={onCallBack} />
        </div>
      ) : (
        <p className="mt-2 text-sm text-offer-700">{adminText('admin.contact.noCountry')}</p>
      )}
    </section>
  );
}
