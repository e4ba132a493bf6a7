import { formatUsd } from '@app/shared/money';
import type { AccountClosure, AccountCloseBlocker } from '@app/shared/schemas/account';
import { closeAccountSchema } from '@app/shared/schemas/account';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clearSession } from '../../../lib/auth';
import { showErrorOnForm } from '../../../lib/requestErrors';
import { Button, buttonClasses, Card } from '../../../ui';
import { CurrentPasswordField, DialogForm, resettingClose, useSchemaForm } from '../../../ui/forms';
import { closureQuery, profileKeys, useCloseAccount } from '../api';
import type { DialogProps } from './dialogProps';

/** Where each reason's way out is. */
const WAY_OUT: Record<AccountCloseBlocker, string> = {
  staff: '/support',
  trades_open: '/dashboard',
  withdrawal_pending: '/transactions',
  deposit_pending: '/transactions',
  money_left: '/withdrawals',
};

/**
 * Close account on /profile: what happens to money, trades and data is explained first; what
 * stands in the way is listed with the way out (close trades, withdraw); the account closes only
 * when nothing does, with the password.
 */
export function CloseAccountCard() {
  const { t } = useTranslation('profile');
  const closure = useQuery(closureQuery);
  const [confirming, setConfirming] = useState(false);
  const years = closure.data?.ledgerRetentionYears ?? 10;
  const blockers = closure.data?.blockers ?? [];

  function describe(blocker: AccountCloseBlocker, data: AccountClosure): string {
    if (blocker === 'money_left')
      return t('close.blocker.money_left', { amount: formatUsd(data.availableCents) });
    if (blocker === 'trades_open')
      return t('close.blocker.trades_open', { count: data.openTradesCount });
    return t(`close.blocker.${blocker}`);
  }

  return (
    <Card title={t('close.title')} description={t('close.description')}>
      <div className="flex flex-col gap-4">
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-muted">
          <li>{t('close.money')}</li>
          <li>{t('close.trades')}</li>
          <li>{t('close.data', { years })}</li>
        </ul>
        {closure.data && blockers.length > 0 && (
          <div
            role="status"
            className="rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm"
          >
            <p className="font-medium text-text">{t('close.blockedTitle')}</p>
            <ul className="mt-2 flex flex-col gap-3">
              {blockers.map((blocker) => (
                <li
                  key={blocker}
                  className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="text-text">{describe(blocker, closure.data)}</span>
                  <Link to={WAY_OUT[blocker]} className={buttonClasses('secondary', 'sm')}>
                    {t(`close.wayOut.${blocker}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <Button
            variant="danger"
            disabled={!closure.data || blockers.length > 0}
            onClick={() => setConfirming(true)}
          >
            {t('close.open')}
          </Button>
        </div>
      </div>
      <CloseAccountDialog open={confirming} onOpenChange={setConfirming} years={years} />
    </Card>
  );
}

function CloseAccountDialog({
  open,
  onOpenChange,
  years,
}: DialogProps & {
  /** How long the ledger history is kept, for the page that follows. */
  years: number;
}) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const close = useCloseAccount();
  const { register, handleSubmit, reset, setError, errors, isSubmitting } = useSchemaForm(
    closeAccountSchema,
    { defaultValues: { password: '' } },
  );

  const setOpen = resettingClose(reset, onOpenChange);

  const submit = handleSubmit(async (input) => {
    try {
      await close.mutateAsync(input);
      // The session is gone: the signed-in pages send the person to the page that says the
      // account is closed and what became of its money and data (not to /login, which a
      // request answered 401 meanwhile would otherwise send them to).
      clearSession(queryClient, {
        path: '/account-closed',
        state: { ledgerRetentionYears: years },
      });
    } catch (error) {
      // A refusal (money arrived meanwhile) shows at the field, and the list above refreshes.
      showErrorOnForm(error, setError, ['password'], 'password');
      void queryClient.invalidateQueries({ queryKey: profileKeys.closure });
    }
  });

  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      title={t('close.confirmTitle')}
      description={t('close.confirmBody')}
      onSubmit={submit}
      actions={{
        cancelLabel: t('close.cancel'),
        submitLabel: t('close.confirm'),
        pending: isSubmitting,
        variant: 'danger',
      }}
    >
      <CurrentPasswordField
        label={t('close.password')}
        error={errors.password?.message}
        {...register('password')}
      />
    </DialogForm>
  );
}
