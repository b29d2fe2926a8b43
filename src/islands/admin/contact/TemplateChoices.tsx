import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, MessageCircle } from 'lucide-react';
import { toast } from 'sonner';
import { phoneDigits } from '~/lib/admin/labels.ts';
import {
  renderTemplate,
  type MessageContext,
  type Rendered,
} from '~/lib/admin/messages/variables.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { patientPageUrl } from '~/lib/patient/link.ts';
import { whatsappUrl } from '~/lib/whatsapp.ts';
import { adminQueryKeys } from '../data.ts';
import { issuePatientLink, patientPageKey } from '../dialog/patientPageData.ts';
import { reportFailure } from '../dialog/useSaveRequest.ts';
import { fetchRequestTrip, tripKey } from '../trip/tripData.ts';
import { contactKeys, fetchMessageContext, fetchTemplates, logWhatsapp } from './contactData.ts';
import { rememberIssuedLink, useIssuedLink } from './issuedLinks.ts';
import { useContactLog } from './useContactLog.ts';

interface TemplateChoicesProps {
  request: ContactRequest;
  /** After a message was chosen (its chat is opening): close the sheet. */
  onSent: () => void;
}

/**
 * The WhatsApp messages for one request (issue 32): each active template filled for it in the
 * request's language, as a link that opens wa.me (or the app) with the text, from the click itself,
 * and records «أُرسلت رسالة واتساب: …» under the sender's name. A template with a variable the
 * request cannot fill is shown without a link, saying which and why; for {page_link} the sender may
 * issue a new link to the patient's page right here (the old one stops), then send.
 */
export function TemplateChoices({ request, onSent }: TemplateChoicesProps) {
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: contactKeys.templates,
    queryFn: fetchTemplates,
    staleTime: 60_000,
  });
  const stored = useQuery({
    queryKey: contactKeys.context(request.id, request.version, request.assigned_to),
    queryFn: () => fetchMessageContext(request.id),
  });
  // The trip plan (issue 44) fills «تفاصيل السفر»; a request without one still gets the others.
  const trip = useQuery({
    queryKey: tripKey(request.id),
    queryFn: () => fetchRequestTrip(request.id),
  });
  const pageLink = useIssuedLink(request.id);
  const record = useContactLog(request.id);
  const issue = useMutation({
    mutationFn: () => issuePatientLink(request.id),
    onSuccess: async (token) => {
      rememberIssuedLink(
        request.id,
        patientPageUrl(window.location.origin, request.language, token),
      );
      toast.success(adminText('admin.contact.linkReady'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientPageKey(request.id) }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) }),
      ]);
    },
    onError: (error) => reportFailure(error, adminText('admin.contact.linkFailed')),
  });

  if (templates.isError || stored.isError) {
    return <p className="text-sm text-offer-700">{adminText('admin.contact.templatesFailed')}</p>;
  }
  if (!templates.data || !stored.data) {
    return <p className="text-sm text-muted">{adminText('admin.contact.templatesLoading')}</p>;
  }
  const { quotes_sent: quotesSent, ...values } = stored.data;
  const context: MessageContext = {
    ...values,
    quotesSent,
    pageLink,
    trip: trip.data?.plan ?? null,
  };
  const language = context.language === 'en' ? 'en' : 'ar';
  const digits = phoneDigits(request.phone);
  const send = (templateId: string | null) => {
    record(() => logWhatsapp(request.id, templateId));
    onSent();
  };

  return (
    <div className="space-y-3 text-sm" data-testid="template-choices">
      <p className="text-muted">{adminText(`admin.contact.language.${language}`)}</p>
      <ul className="space-y-2">
        {templates.data
          .filter((template) => !template.archived_at)
          .map((template) => {
            const rendered = renderTemplate(
              language === 'en' ? template.body_en : template.body_ar,
              context,
            );
            const ready = rendered.missing.length === 0;
            return (
              <li key={template.id} className="rounded-xl border border-sand-200 p-3">
                {ready ? (
                  <a
                    href={whatsappUrl(digits, rendered.text)}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="template-send"
                    onClick={() => send(template.id)}
                    className="block rounded-lg hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-teal-700"
                  >
                    <span className="flex items-center gap-2 font-semibold text-teal-900">
                      <MessageCircle className="size-4 text-whatsapp" aria-hidden="true" />
                      {template.title_ar}
                    </span>
                    <span
                      dir="auto"
                      className="mt-1 line-clamp-3 block whitespace-pre-wrap text-muted"
                    >
                      {rendered.text}
                    </span>
                  </a>
                ) : (
                  <BlockedTemplate
                    title={template.title_ar}
                    missing={rendered.missing}
                    issuing={issue.isPending}
                    onIssue={() => issue.mutate()}
                  />
                )}
              </li>
            );
          })}
      </ul>
      <a
        href={`https://wa.me/${digits}`}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => send(null)}
        className="inline-block text-sm font-semibold text-teal-700 underline"
      >
        {adminText('admin.contact.noTemplate')}
      </a>
    </div>
  );
}

interface BlockedTemplateProps {
  title: string;
  missing: Rendered['missing'];
  issuing: boolean;
  onIssue: () => void;
}

/**
 * A template that cannot go out for this request: which variables and why; when the page link is
 * what is missing ({page_link}, or {quote_link} once a quote was sent), a button to issue one.
 */
function BlockedTemplate({ title, missing, issuing, onIssue }: BlockedTemplateProps) {
  return (
    <div data-testid="template-blocked">
      <p className="font-semibold text-muted">{title}</p>
      <p className="mt-1 text-xs font-semibold text-offer-700">
        {adminText('admin.contact.cannotSend')}
      </p>
      <ul className="mt-1 space-y-0.5 text-xs text-offer-700">
        {missing.map(({ variable, reason }) => (
          <li key={variable}>{adminText(reason, { variable: `{${variable}}` })}</li>
        ))}
      </ul>
      {missing.some(({ reason }) => reason === 'admin.contact.missing.pageLink') && (
        <button
          type="button"
          className="btn btn-ghost mt-2 min-h-9 px-3 py-1 text-xs"
          disabled={issuing}
          onClick={() => {
            if (window.confirm(adminText('admin.contact.issueLinkConfirm'))) onIssue();
          }}
        >
          <Link2 className="size-3.5" aria-hidden="true" />
          {adminText('admin.contact.issueLink')}
        </button>
      )}
    </div>
  );
}
