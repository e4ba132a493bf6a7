import type { ContactInput } from '@app/shared/schemas/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { ContactInput };

/** POST /api/contact → 201 { ok: true }: stored, e-mailed to support, visible to admins. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.post<{ ok: true }>('/api/contact', input),
  });
}
