import { formatUsd } from '@app/shared/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentTrade } from '../../trading/api';

const LINK = 'font-medium text-brand-strong underline-offset-4 hover:underline';

/**
 * The heading of an investor's /plans, with the money available and a Deposit link; in practice
 * the practice balance, which no deposit adds to.
 */
export function InvestorPlansHeader({
  availableCents,
  active,
  practising,
}: {
  availableCents: number | undefined;
  active: boolean;
  practising: boolean;
}) {
  const { t } = useTranslation('plans');
  return (
    <section className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight text-text">{t('heading')}</h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{t('intro')}</p>
      </div>
      {availableCents !== undefined && (
        <p className="text-sm text-muted">
          {t(practising ? 'practice.available' : 'available')}{' '}
          <span data-testid="available" className="font-semibold text-text tabular-nums">
            {formatUsd(availableCents)}
          </span>
          {active && !practising && (
            <>
              {' · '}
              <Link to="/deposits" className={LINK}>
                {t('deposit')}
              </Link>
            </>
          )}
        </p>
      )}
    </section>
  );
}

/** The notes above the plans: an account that cannot invest, and the plans already held. */
export function InvestorPlansNotes({
  active,
  notice,
  openTrades,
}: {
  active: boolean;
  notice: 'deactivated' | 'inactive';
  openTrades: CurrentTrade[];
}) {
  const { t, i18n } = useTranslation('plans');
  return (
    <>
      {!active && (
        <p
          role="note"
          className="rounded-xl border border-warning/30 bg-warning/5 p-4 text-sm leading-relaxed text-text"
        >
          <span className="font-semibold">{t(`${notice}.title`)}</span> {t(`${notice}.body`)}{' '}
          <Link to="/support" className={LINK}>
            {t(`${notice}.contact`)}
          </Link>
        </p>
      )}
      {openTrades.length > 0 && (
        <p
          role="note"
          className="rounded-xl border border-sky-400/30 bg-sky-400/5 p-4 text-sm leading-relaxed text-text"
        >
          {t('openTrade.body', {
            plans: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
              openTrades.map((open) => open.planTitle),
            ),
          })}{' '}
          <Link to="/dashboard" className={LINK}>
            {t('openTrade.link')}
          </Link>
        </p>
      )}
    </>
  );
}
