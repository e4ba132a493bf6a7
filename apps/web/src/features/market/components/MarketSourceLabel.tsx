import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../lib/config';

/** "Simulated market data" next to every chart and table fed by the simulated feed (docs/product.md). */
export function MarketSourceLabel({ source }: { source?: 'simulated' | 'exchange' | undefined }) {
  const { t } = useTranslation('market');
  const simulated = (source ?? appConfig.marketData) === 'simulated';
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium whitespace-nowrap text-warning">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-warning" />
      {simulated ? t('simulated') : t('exchange')}
    </span>
  );
}
