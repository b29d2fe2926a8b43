import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { supabase } from '~/lib/supabase.ts';
import { reportFailure } from './useSaveRequest.ts';

interface Consent {
  advertising_consent_version: string | null;
  advertising_consented_at: string | null;
  advertising_withdrawn_at: string | null;
}

async function fetchConsent(leadId: string): Promise<Consent | null> {
  const { data, error } = await supabase
    .from('offer_leads')
    .select('advertising_consent_version, advertising_consented_at, advertising_withdrawn_at')
    .eq('id', leadId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/**
 * The person's consent to offers by phone or WhatsApp, given with this request's lead
 * (supabase/migrations/20261126150000_advertising_consent.sql): when and in which wording it was
 * given, and, while it is live, the button that records a withdrawal the person asked for by
 * phone, WhatsApp or e-mail (public.withdraw_advertising_consent). Nothing shows for a request
 * without one. The patient can also withdraw it on their own page.
 */
export function AdvertisingConsent({ request }: { request: ContactRequest }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const key = ['admin', 'advertising_consent', request.lead_id] as const;
  const consent = useQuery({
    queryKey: [...key, request.version],
    queryFn: () => fetchConsent(request.lead_id),
  });
  const withdraw = useMutation({
    mutationFn: async () => {
      const { error } = await supabase.rpc('withdraw_advertising_consent', {
        _lead_id: request.lead_id,
      });
      if (error) throw error;
    },
    onSuccess: async () => {
      toast.success(adminText('admin.advertising.withdrawn'));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => reportFailure(error, adminText('admin.advertising.error')),
  });
  const row = consent.data;
  if (!row?.advertising_consent_version || !row.advertising_consented_at) return null;
  return (
    <section
      aria-labelledby={`${uid}-advertising`}
      className="mt-5 border-t border-sand-200 pt-4 text-sm"
      data-testid="advertising-consent"
    >
      <h3 id={`${uid}-advertising`} className="text-base font-bold">
        {adminText('admin.advertising.title')}
      </h3>
      <p className="mt-1">
        {adminText('admin.advertising.given', {
          version: row.advertising_consent_version,
          time: formatRequestDate(row.advertising_consented_at),
        })}
      </p>
      {row.advertising_withdrawn_at ? (
        <p className="mt-1 font-semibold text-offer-700">
          {adminText('admin.advertising.withdrawnAt', {
            time: formatRequestDate(row.advertising_withdrawn_at),
          })}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-ghost mt-2 min-h-9 px-3 py-1 text-xs"
          disabled={withdraw.isPending}
          onClick={() => {
            if (window.confirm(adminText('admin.advertising.confirm'))) withdraw.mutate();
          }}
        >
          {adminText('admin.advertising.withdraw')}
        </button>
      )}
    </section>
  );
}
