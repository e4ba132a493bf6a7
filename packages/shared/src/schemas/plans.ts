import { z } from 'zod';

/** A plan as the public sees it; strategy figures are historical and computed, never typed in. */
export const publicPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  minCents: z.number().int(),
  maxCents: z.number().int(),
  termDays: z.number().int(),
  recommended: z.boolean(),
  performanceFeePct: z.string(),
  strategy: z
    .object({
      name: z.string(),
      return30dPct: z.string().nullable(),
      maxDrawdownPct: z.string().nullable(),
    })
    .nullable(),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;
export const publicPlanListSchema = z.object({ plans: z.array(publicPlanSchema) });
