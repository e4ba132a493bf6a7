import type { PublicPlan } from '@app/shared/schemas/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { PublicPlan };

export const publicKeys = {
  plans: ['public', 'plans'] as const,
};

/** GET /api/plans: the public plan list with each plan's strategy figures (computed server-side). */
export const publicPlansQuery = queryOptions({
  queryKey: publicKeys.plans,
  queryFn: ({ signal }) => api.get<{ plans: PublicPlan[] }>('/api/plans', signal),
});

export function usePublicPlans() {
  return useQuery({ ...publicPlansQuery, select: (data) => data.plans });
}
