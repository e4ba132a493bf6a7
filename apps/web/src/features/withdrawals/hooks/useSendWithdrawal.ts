import type { CreateWithdrawalInput } from '@app/shared/schemas/money';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { useCreateWithdrawal } from '../api';

/**
 * Sends one confirmed withdrawal request (the mutation keeps its idempotency key across retries),
 * reporting it in a toast; a refusal that names a form field is handed to `onFieldError`.
 */
export function useSendWithdrawal(
  body: CreateWithdrawalInput,
  onSent: (transactionId: string) => void,
  onFieldError: (field: string, message: string) => void,
) {
  const { t } = useTranslation('withdrawals');
  const send = useCreateWithdrawal();

  function confirm() {
    const toastId = toast.loading(t('toast.withdrawing'));
    mutateAndReport(send, body, {
      onSuccess: ({ transaction }) => {
        toast.success(t('toast.sent'), { id: toastId });
        onSent(transaction.transactionId);
      },
      onError: (error) => {
        toast.error(errorMessage(error), { id: toastId });
        if (error instanceof ApiRequestError && error.field && error.status < 500) {
          onFieldError(error.field, error.message);
        }
      },
    });
  }

  return { send, confirm };
}
