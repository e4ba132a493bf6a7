import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { invalidateAdmin, waitsForApproval } from '../api';

export interface ActionMessages {
  success: string;
  failure: string;
  /**
   * When the server answers 202 (the action waits for a second admin, nothing changed yet);
   * "Sent for a second admin's approval" unless said more precisely.
   */
  waiting?: string;
}

/** The server's safe message for a refused request (e.g. "Deposit is not pending"). */
export function reasonOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status < 500 ? error.message : undefined;
}

/**
 * An admin action: runs the request, toasts the seed's success or failure text (with the server's
 * reason under a failure) — or, when the action waits for a second admin, says so instead of
 * claiming success — and refreshes everything the back office has on screen (so a setting that
 * waits shows the value still in force).
 */
export function useAdminMutation<TVariables, TResult>(options: {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** The toasts: the same for every call, or per call (`result` is there for the success one). */
  messages: ActionMessages | ((variables: TVariables, result?: TResult) => ActionMessages);
  onSuccess?: (result: TResult, variables: TVariables) => void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const messagesFor = (variables: TVariables, result?: TResult) =>
    typeof options.messages === 'function' ? options.messages(variables, result) : options.messages;
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (result, variables) => {
      const messages = messagesFor(variables, result);
      toast.success(
        waitsForApproval(result)
          ? (messages.waiting ?? t('toasts.awaitingApproval'))
          : messages.success,
      );
      void invalidateAdmin(queryClient);
      options.onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      const description = reasonOf(error);
      toast.error(messagesFor(variables).failure, description ? { description } : undefined);
    },
  });
}
