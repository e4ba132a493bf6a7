import type { Strategy } from '@app/shared/schemas/strategies';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui/Badge';
import { DemoStrategyBadge } from '../../../ui/DemoStrategyBadge';

/**
 * The badges beside a strategy's name, on its page and in the directory: a demo strategy says so,
 * then a retired one says it is retired, else a paused one that it is paused.
 */
export function StrategyBadges({
  strategy,
}: {
  strategy: Pick<Strategy, 'runBy' | 'terms' | 'paused'>;
}) {
  const { t } = useTranslation('strategies');
  return (
    <>
      <DemoStrategyBadge runBy={strategy.runBy} />
      {strategy.terms?.retired ? (
        <Badge tone="danger">{t('retired.badge')}</Badge>
      ) : (
        strategy.paused && <Badge tone="warning">{t('paused')}</Badge>
      )}
    </>
  );
}
