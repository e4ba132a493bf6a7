import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiRequestError, newIdempotencyKey } from '../../../lib/api';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { useCreateDeposit, type DepositDraft } from '../api';

/**
 * The payment page's state: the optional reference the user types, and the pending-deposit
 * request behind "I have made the payment". One idempotency key per intent: made when the
 * confirmation opens, reused on retry, dropped when it closes or succeeds.
 */
export function useDepositPayment(draft: DepositDraft) {
  const { t } = useTranslation('deposits');
  const navigate = useNavigate();
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string>();
  const [intentKey, setIntentKey] = useState<string | null>(null);
  const deposit = useCreateDeposit();

  function changeReference(value: string) {
    setReference(value);
    setReferenceError(undefined);
  }

  function openConfirmation() {
    deposit.reset();
    setIntentKey(newIdempotencyKey());
  }

  function closeConfirmation() {
    setIntentKey(null);
  }

  function confirm() {
    if (!intentKey) return;
    const toastId = toast.loading(t('toast.depositing'));
    const input = {
      methodId: draft.method.id,
      amount: draft.amount,
      reference: reference.trim() || undefined,
    };
    mutateAndReport(
      deposit,
      { input, idempotencyKey: intentKey },
      {
        onSuccess: () => {
          toast.success(t('toast.success'), { id: toastId, description: t('toast.successHint') });
          setIntentKey(null);
          void navigate('/transactions');
        },
        onError: (error) => {
          toast.error(errorMessage(error), { id: toastId });
          if (error instanceof ApiRequestError && error.field === 'reference') {
            setReferenceError(error.message);
            setIntentKey(null);
          }
        },
      },
    );
  }

  return {
    reference,
    referenceError,
    changeReference,
    confirming: intentKey !== null,
    openConfirmation,
    closeConfirmation,
    confirm,
    deposit,
  };
}
