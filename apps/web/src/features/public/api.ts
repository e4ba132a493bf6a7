import type { PublicPlan } from '@app/shared/schemas/plans';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { PublicPlan };

export const publicKeys = {
  plans: ['public', 'plans'] as const,
};

/** GET /api/plans: the public plan list with each plan's strategy figures (computed server-side). */
export function usePublicPlans() {
  return useQuery({
    queryKey: publicKeys.plans,
    queryFn: ({ signal }) => api.get<{ plans: PublicPlan[] }>('/api/plans', signal),
    select: (data) => data.plans,
  });
}
