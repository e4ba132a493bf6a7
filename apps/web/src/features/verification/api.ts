import type {
  DocumentKind,
  MyVerification,
  VerificationDetails,
} from '@app/shared/schemas/verification';
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
