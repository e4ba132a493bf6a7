import type { UseMutationResult } from '@tanstack/react-query';

/** What the user is told when a mutation settles. */
export interface MutationReport<TData, TError> {
  onSuccess?: (data: TData) => void;
  onError?: (error: TError) => void;
  onSettled?: () => void;
}

/**
 * Starts `mutation` and reports how it ended even if the component that started it has unmounted
 * meanwhile. The callbacks given to `mutate` itself are dropped when the component unmounts
 * first (TanStack Query), and a live update can remove a dialog before its own request answers:
 * a realtime event refetches the list the dialog belongs to (a closed trade leaves the list, an
 * acknowledged warning leaves the page). The success toast was then lost, and a loading toast
 * spun forever. Setting a state of an unmounted component is harmless, so the callbacks run as
 * written. The state the hook itself keeps (`isPending`, `error`) is the same as with `mutate`.
 */
export function mutateAndReport<TData, TError, TVariables, TContext>(
  mutation: Pick<UseMutationResult<TData, TError, TVariables, TContext>, 'mutateAsync'>,
  variables: TVariables,
  report: MutationReport<TData, TError>,
): void {
  mutation.mutateAsync(variables).then(
    (data) => {
      report.onSuccess?.(data);
      report.onSettled?.();
    },
    (error: TError) => {
      report.onError?.(error);
      report.onSettled?.();
    },
  );
}
