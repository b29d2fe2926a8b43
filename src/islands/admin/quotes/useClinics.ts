import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Accreditation, Clinic } from '~/lib/admin/quotes.ts';
import { dayAfter } from '~/lib/admin/quotes.ts';
import { fetchAccreditations, fetchClinics, quoteKeys } from './quoteData.ts';

export interface ClinicWithChecks extends Clinic {
  accreditations: Accreditation[];
  /** Holds an accreditation valid today (the database checks it again on every quote). */
  accredited: boolean;
}

/** The partner clinics with their accreditations, for the quote builder and the clinics screen. */
export function useClinics(enabled = true) {
  const clinics = useQuery({ queryKey: quoteKeys.clinics, queryFn: fetchClinics, enabled });
  const accreditations = useQuery({
    queryKey: quoteKeys.accreditations,
    queryFn: fetchAccreditations,
    enabled,
  });
  const data = useMemo<ClinicWithChecks[] | undefined>(() => {
    if (!clinics.data || !accreditations.data) return undefined;
    const today = dayAfter(new Date(), 0);
    return clinics.data.map((clinic) => {
      const own = accreditations.data.filter((a) => a.clinic_id === clinic.id);
      return {
        ...clinic,
        accreditations: own,
        accredited: own.some((a) => a.valid_until >= today),
      };
    });
  }, [clinics.data, accreditations.data]);
  return {
    data,
    isError: clinics.isError || accreditations.isError,
    refetch: () => Promise.all([clinics.refetch(), accreditations.refetch()]),
  };
}
