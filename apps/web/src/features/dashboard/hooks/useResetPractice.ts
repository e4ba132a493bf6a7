import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newIdempotencyKey } from '../../../lib/api';
import { invalidatePractice, practiceApi, practiceKeys } from '../../account/api';
import { invalidateTradeAndMoney } from '../../trading/api';

/**
 * Starting the practice account again (POST /api/practice/reset): one idempotency key per
 * confirmation (the dialog is mounted once per intent), so a retry resets once. On success the
 * practice account is the answer's, and the copies it closed and every practice figure are stale.
 */
export function useResetPractice() {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: () => practiceApi.reset(idempotencyKey),
    onSuccess: ({ practice }) => {
      queryClient.setQueryData(practiceKeys.all, { practice });
      void invalidatePractice(queryClient);
      void invalidateTradeAndMoney(queryClient);
    },
  });
}
