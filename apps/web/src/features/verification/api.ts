import type {
  DocumentKind,
  MyVerification,
  VerificationDetails,
} from '@app/shared/schemas/verification';
import type { MyAppropriateness, SubmitAssessmentInput } from '@app/shared/schemas/appropriateness';
import { queryOptions } from '@tanstack/react-query';
import { centsToPlain } from '@app/shared/money';
import { tradeAmountSchema } from '@app/shared/schemas/trades';
import { z } from 'zod';
import { api } from '../../lib/api';
import { useAnsweringMutation } from '../../lib/useAnsweringMutation';

/** The signed-in user's own verification (issue 21). */
export const verificationKeys = {
  all: ['verification'] as const,
  mine: ['verification', 'mine'] as const,
};

export const myVerificationQuery = queryOptions({
  queryKey: verificationKeys.mine,
  queryFn: ({ signal }) => api.get<MyVerification>('/api/verification', signal),
});

/** Where the owner (only) reads one of their documents; never a public address. */
export function documentUrl(id: string): string {
  return `/api/verification/documents/${encodeURIComponent(id)}`;
}

/** POST /api/verification/documents: one file, in the field named after its kind. */
export function useUploadDocument() {
  return useAnsweringMutation(
    verificationKeys.mine,
    ({ kind, file }: { kind: DocumentKind; file: File }) => {
      const form = new FormData();
      form.append(kind, file, file.name);
      return api.postForm<MyVerification>('/api/verification/documents', form);
    },
  );
}

export function useSubmitVerification() {
  return useAnsweringMutation(verificationKeys.mine, (details: VerificationDetails) =>
    api.post<MyVerification>('/api/verification/submit', details),
  );
}

// The appropriateness check before a new copy trade (issue 21) ----------------------------------

/** Under verificationKeys.all, so the realtime `account.changed` refreshes it too. */
export const appropriatenessKeys = {
  mine: ['verification', 'appropriateness'] as const,
};

export const myAppropriatenessQuery = queryOptions({
  queryKey: appropriatenessKeys.mine,
  queryFn: ({ signal }) => api.get<MyAppropriateness>('/api/appropriateness', signal),
});

export function useSubmitAssessment() {
  return useAnsweringMutation(appropriatenessKeys.mine, (input: SubmitAssessmentInput) =>
    api.post<MyAppropriateness>('/api/appropriateness', input),
  );
}

export function useAcknowledgeWarning() {
  return useAnsweringMutation(appropriatenessKeys.mine, () =>
    api.post<MyAppropriateness>('/api/appropriateness/acknowledge', { acknowledged: true }),
  );
}

/**
 * An investment confirmed and stopped by the appropriateness check (issue 39): the plan and the
 * amount, carried through the check in the URL (?plan=…&amount=…) so the investor comes back to
 * that plan's confirmation with the amount kept. Nothing is invested until they confirm again.
 */
export interface InvestIntent {
  planId: string;
  amountCents: number;
}

function intentSearch(intent: InvestIntent): string {
  return new URLSearchParams({
    plan: intent.planId,
    amount: centsToPlain(intent.amountCents),
  }).toString();
}

/** Where the invest flow sends a user the server asked to take the check, with what they asked. */
export function appropriatenessPath(intent?: InvestIntent): string {
  return intent ? `/appropriateness?${intentSearch(intent)}` : '/appropriateness';
}

/** The plan's confirmation, opened again with the amount (read back by investIntentOf). */
export function confirmationPath(intent: InvestIntent): string {
  return `/plans?${intentSearch(intent)}`;
}

/**
 * The intent in a URL's query, validated as the server would read it: a plan id (a uuid) and an
 * amount the invest form accepts (tradeAmountSchema). Anything else is no intent: null.
 */
export function investIntentOf(params: URLSearchParams): InvestIntent | null {
  const planId = params.get('plan');
  const amount = params.get('amount');
  if (planId === null || amount === null || !z.uuid().safeParse(planId).success) return null;
  const cents = tradeAmountSchema.safeParse(amount);
  return cents.success ? { planId, amountCents: cents.data } : null;
}
