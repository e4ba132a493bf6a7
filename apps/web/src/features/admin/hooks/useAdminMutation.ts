import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { invalidateAdmin } from '../api';

export interface ActionMessages {
  success: string;
  failure: string;
}

/** The server's safe message for a refused request (e.g. "Deposit is not pending"). */
export function reasonOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status < 500 ? error.message : undefined;
}

/**
 * An admin action: runs the request, toasts the seed's success or failure text (with the server's
 * reason under a failure), and refreshes everything the back office has on screen.
 */
export function useAdminMutation<TVariables, TResult>(options: {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** The toasts; `result` is there for the success one (e.g. booked or waiting for approval). */
  messages: (variables: TVariables, result?: TResult) => ActionMessages;
  onSuccess?: (result: TResult, variables: TVariables) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (result, variables) => {
      toast.success(options.messages(variables, result).success);
      void invalidateAdmin(queryClient);
      options.onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      const description = reasonOf(error);
      toast.error(options.messages(variables).failure, description ? { description } : undefined);
    },
  });
}
