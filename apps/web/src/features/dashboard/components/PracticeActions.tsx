import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, ConfirmDialog } from '../../../ui';
import { markedTitle } from '../../../ui/practiceToast';
import { practiceQuery } from '../../account/api';
import { useResetPractice } from '../hooks/useResetPractice';

/**
 * The practice dashboard's place for Deposit and Withdraw: virtual money moves neither way, so it
 * says so, and offers to start again from the starting balance (the operator's setting).
 */
export function PracticeActions() {
  const { t } = useTranslation('dashboard');
  const practice = useQuery(practiceQuery);
  const [resetting, setResetting] = useState(false);
  const startingCents = practice.data?.startingCents;
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <p data-testid="practice-virtual-note" className="text-sm text-muted">
        {t('practice.virtualNote')}
      </p>
      {startingCents !== undefined && (
        <Button variant="secondary" onClick={() => setResetting(true)}>
          {t('practice.reset.open', { amount: formatUsd(startingCents) })}
        </Button>
      )}
      {resetting && startingCents !== undefined && (
        <ResetPracticeDialog startingCents={startingCents} onClose={() => setResetting(false)} />
      )}
    </div>
  );
}

/**
 * "Start again": every open practice copy closed at its current value, then the practice balance
 * back to `startingCents` (POST /api/practice/reset), mounted once per intent (useResetPractice).
 */
export function ResetPracticeDialog({
  startingCents,
  onClose,
}: {
  startingCents: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const reset = useResetPractice();
  const amount = formatUsd(startingCents);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('practice.reset.title', { amount })}
      description={t('practice.reset.body', { amount })}
      confirmLabel={t('practice.reset.confirm')}
      cancelLabel={t('practice.reset.cancel')}
      busy={reset.isPending}
      onConfirm={() =>
        mutateAndReport(reset, undefined, {
          onSuccess: ({ practice, closedCopies }) => {
            toast.success(
              markedTitle(
                'practice',
                t('practice.reset.done', {
                  amount: formatUsd(practice.account?.startingCents ?? startingCents),
                }),
              ),
              { description: t('practice.reset.closed', { count: closedCopies }) },
            );
            onClose();
          },
          onError: (error) => {
            toast.error(t('practice.reset.failed'), { description: errorMessage(error) });
          },
        })
      }
    />
  );
}
