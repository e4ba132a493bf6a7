import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation the server answers with the new state of one query (the user's verification, their
 * trader application…): the answer goes straight into that query's cache, with no second request.
 */
export function useAnsweringMutation<TData, TVariables = void>(
  queryKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => queryClient.setQueryData(queryKey, data),
  });
}
