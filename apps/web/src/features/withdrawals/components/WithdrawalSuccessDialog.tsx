import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses, CheckIcon, Modal } from '../../../ui';
import { ownTransactionQuery } from '../api';

/**
 * The success modal, driven by the URL (seed): `isSuccess=true&amount=` opens it; closing sets
 * isSuccess=false, so a reload or the back button shows the same state. It opens only for a
 * withdrawal that exists (`tx`, the request's TNX id, read back as the user's own transaction)
 * and shows that transaction's amount: a crafted URL shows no success.
 */
export function WithdrawalSuccessDialog() {
  const { t } = useTranslation('withdrawals');
  const [params, setParams] = useSearchParams();
  const transactionId = params.get('tx') ?? '';
  const wanted = params.get('isSuccess') === 'true' && transactionId !== '';
  const found = useQuery({ ...ownTransactionQuery(transactionId), enabled: wanted });
  const withdrawal = found.data?.transaction.kind === 'withdrawal' ? found.data.transaction : null;
  const open = wanted && withdrawal !== null;
  const cents = withdrawal?.amountCents ?? null;

  function close() {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('isSuccess', 'false');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title={t('success.title')}
      size="sm"
    >
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand/15 text-brand-strong ring-8 ring-brand/5">
          <CheckIcon width={32} height={32} />
        </span>
        <p className="text-xl font-semibold text-text">{t('success.heading')}</p>
        <p className="text-sm text-muted">
          {cents === null
            ? t('success.bodyNoAmount')
            : t('success.body', { amount: formatUsd(cents) })}
        </p>
        <div className="mt-3 flex w-full flex-col gap-2">
          <Link to="/transactions" className={buttonClasses('primary', 'md', true)}>
            {t('success.viewTransactions')}
          </Link>
          <Button variant="ghost" fullWidth onClick={close}>
            {t('success.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
