import type { Strategy, StrategyRecord } from '@app/shared/schemas/strategies';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/dates';
import { StrategyBadges } from '../StrategyBadges';
import { useOwnStrategyId } from '../../../trader/api';
import { strategyDescription } from '../../strategyDescription';

/**
 * The strategy's name and state, what it does, who runs it and as of when; a note when it is
 * retired, and one for the lead trader looking at their own strategy.
 */
export function StrategyHeader({
  strategy,
  record,
}: {
  strategy: Strategy;
  record: StrategyRecord;
}) {
  const { t } = useTranslation('strategies');
  const own = useOwnStrategyId() === strategy.id;
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-3xl font-semibold tracking-tight text-text sm:text-4xl">
          {strategy.name}
        </h1>
        <StrategyBadges strategy={strategy} />
      </div>
      <p className="max-w-3xl text-muted">{strategyDescription(t, strategy)}</p>
      {strategy.terms?.retired && (
        <p
          role="note"
          data-testid="strategy-retired"
          className="max-w-3xl rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm leading-relaxed text-text"
        >
          <span className="font-semibold">{t('retired.title')}</span> {t('retired.body')}
        </p>
      )}
      <p className="text-sm text-muted">
        {strategy.runBy === 'demo'
          ? t('runByDemo')
          : t('runByTrader', { name: strategy.leadTraderName ?? '' })}
        {' · '}
        {t('asOf', { date: formatDate(record.asOf) })}
      </p>
      {own && (
        <p
          role="note"
          data-testid="own-strategy"
          className="max-w-3xl rounded-xl border border-sky-400/30 bg-sky-400/5 p-4 text-sm leading-relaxed text-text"
        >
          {t('ownStrategy')}
        </p>
      )}
    </header>
  );
}
