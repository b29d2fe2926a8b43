import { useQuery } from '@tanstack/react-query';
import { binQueryKeys, fetchMyRole, type StaffRole } from './binData.ts';

/**
 * The signed-in account's role (null until known, or when not an admin). Screens use it to offer
 * only what the database will allow: delete and the bin for owners.
 */
export function useStaffRole(enabled = true): StaffRole | null {
  const role = useQuery({
    queryKey: binQueryKeys.role,
    queryFn: fetchMyRole,
    enabled,
    staleTime: 60_000,
  });
  return role.data ?? null;
}
