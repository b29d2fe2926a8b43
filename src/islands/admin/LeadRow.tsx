import { MessageCircle, Trash2 } from 'lucide-react';
import { formatLeadDate } from '~/lib/admin/dates.ts';
import {
  displayPhone,
  hasCountryCode,
  phoneDigits,
  sourceKey,
  sourceLabel,
} from '~/lib/admin/labels.ts';
import type { OfferLead } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { Badge, PossibleMatchBadge, StatusBadge, UserText } from './parts.tsx';

/**
 * One lead of /admin/offer-leads: name (opens its request), WhatsApp link on the phone (country
 * code set apart), country, source, campaign badges, the status of its request (kept live), date,
 * and delete for owners (onDelete null: not offered).
 */
export function LeadRow({
  lead,
  deleting,
  onDelete,
  onOpen,
  possibleMatch = false,
}: {
  lead: OfferLead;
  /** Found by the search only as a possible match of the searched number (search-match.ts). */
  possibleMatch?: boolean;
  deleting: boolean;
  onDelete: (() => void) | null;
  onOpen: () => void;
}) {
  const campaign = [lead.utm_campaign, lead.utm_source, lead.utm_medium].filter(
    (value): value is string => Boolean(value),
  );
  return (
    <tr
      className="border-b border-sand-200 align-top last:border-0 even:bg-sand-50"
      data-testid="lead-row"
      data-lead-id={lead.id}
    >
      <td className="px-4 py-3 font-semibold">
        <button
          type="button"
          onClick={onOpen}
          aria-label={adminText('admin.leads.openLabel', { name: lead.name })}
          className="text-start text-teal-800 underline-offset-2 hover:underline"
        >
          <UserText>{lead.name}</UserText>
        </button>
      </td>
      <td className="px-4 py-3">
        {hasCountryCode(lead.phone, lead.country_code) ? (
          <a
            href={`https://wa.me/${phoneDigits(lead.phone)}`}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            aria-label={`${adminText('admin.leads.whatsappLabel', { name: lead.name })}: ${displayPhone(lead.phone, lead.country_code)}`}
            className="inline-flex items-center gap-1.5 font-semibold whitespace-nowrap text-whatsapp hover:underline"
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            {displayPhone(lead.phone, lead.country_code)}
          </a>
        ) : (
          // No chat link without the country (wa.me would reach a stranger): correct it on the
          // request, in the dashboard.
          <>
            <span dir="ltr" className="font-semibold whitespace-nowrap">
              {displayPhone(lead.phone, lead.country_code)}
            </span>
            <span className="ms-2 align-middle">
              <Badge>{adminText('admin.phone.noCountry')}</Badge>
            </span>
            {possibleMatch && (
              <span className="ms-2 align-middle">
                <PossibleMatchBadge />
              </span>
            )}
          </>
        )}
      </td>
      <td className="px-4 py-3">{lead.country ? <UserText>{lead.country}</UserText> : '-'}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        {sourceKey(lead.source) ? <UserText>{sourceLabel(lead.source)}</UserText> : '-'}
      </td>
      <td className="px-4 py-3">
        {campaign.length ? (
          <span className="flex flex-wrap gap-1">
            {campaign.map((value, index) => (
              <Badge key={`${index}-${value}`}>{value}</Badge>
            ))}
          </span>
        ) : (
          '-'
        )}
      </td>
      <td className="px-4 py-3">
        <StatusBadge status={lead.status} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={lead.created_at}>{formatLeadDate(lead.created_at)}</time>
      </td>
      <td className="px-4 py-3">
        {onDelete && (
          <button
            type="button"
            onClick={onDelete}
            disabled={deleting}
            aria-label={adminText('admin.leads.deleteLabel', { name: lead.name })}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-offer-600 px-3 text-offer-700 hover:bg-offer-600 hover:text-white"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {adminText('admin.leads.delete')}
          </button>
        )}
      </td>
    </tr>
  );
}
