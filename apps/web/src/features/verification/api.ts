import type {
  DocumentKind,
  MyVerification,
  VerificationDetails,
} from '@app/shared/schemas/verification';
import type { MyAppropriateness, SubmitAssessmentInput } from '@app/shared/schemas/appropriateness';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: DocumentKind; file: File }) => {
      const form = new FormData();
      form.append(kind, file, file.name);
      return api.postForm<MyVerification>('/api/verification/documents', form);
    },
    onSuccess: (data) => queryClient.setQueryData(verificationKeys.mine, data),
  });
}

export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: VerificationDetails) =>
      api.post<MyVerification>('/api/verification/submit', details),
    onSuccess: (data) => queryClient.setQueryData(verificationKeys.mine, data),
  });
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitAssessmentInput) =>
      api.post<MyAppropriateness>('/api/appropriateness', input),
    onSuccess: (data) => queryClient.setQueryData(appropriatenessKeys.mine, data),
  });
}

export function useAcknowledgeWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<MyAppropriateness>('/api/appropriateness/acknowledge', { acknowledged: true }),
    onSuccess: (data) => queryClient.setQueryData(appropriatenessKeys.mine, data),
  });
}

/** Where the invest flow sends a user the server asked to take the check (back to `planId`). */
export function appropriatenessPath(planId?: string): string {
  return planId ? `/appropriateness?plan=${encodeURIComponent(planId)}` : '/appropriateness';
}
