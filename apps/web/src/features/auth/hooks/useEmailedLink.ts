import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { sessionQueryKey } from '../../../lib/auth';
import type { EmailedLink } from '../api';

/**
 * The link of an e-mail that opened this page (`?userId=…&secret=…`): its two parts (empty when
 * missing) and whether it has both.
 */
export function useEmailedLink(): EmailedLink & { complete: boolean } {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const secret = params.get('secret') ?? '';
  return { userId, secret, complete: Boolean(userId && secret) };
}

/** Reads the session again once a link's request `succeeded`: it changed the account. */
export function useSessionReloadWhen(succeeded: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (succeeded) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [succeeded, queryClient]);
}
