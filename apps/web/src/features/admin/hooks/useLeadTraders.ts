import { adminApi, adminKeys } from '../api';
import { useQuery } from '@tanstack/react-query';

/** The approved lead traders, without those whose account is deleted. */
export function useLeadTraders() {
  return useQuery({
    queryKey: adminKeys.users('', 'trader'),
    queryFn: ({ signal }) => adminApi.listUsers({ filter: 'trader' }, signal),
    select: (page) => page.items.filter((user) => !user.deleted),
  });
}
