import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, CopyButton, inputClasses } from '../../../ui';
import { useReferrals } from '../api';

/**
 * The signed-in user's referral link (as the server builds it) with a copy button; used on
 * /referrals and /profile. A copy shows the toast 'Referral link copied to clipboard'.
 */
export function ReferralLinkField({ label }: { label?: string }) {
  const { t } = useTranslation('referrals');
  const id = useId();
  const referrals = useReferrals();
  const link = referrals.data?.referralLink;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label ?? t('link.label')}
      </label>
      {referrals.isError && !link ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          {t('link.loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => void referrals.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={id}
            readOnly
            value={link ?? ''}
            placeholder={link ? undefined : t('link.loading')}
            aria-busy={!link || undefined}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClasses} min-w-0 border-border font-mono text-sm sm:flex-1`}
          />
          <CopyButton
            value={link ?? ''}
            disabled={!link}
            label={t('link.copy')}
            className="shrink-0"
            onCopied={() => toast.success(t('link.copied'))}
          />
        </div>
      )}
    </div>
  );
}
