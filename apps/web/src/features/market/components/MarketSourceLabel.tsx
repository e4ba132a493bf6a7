import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../lib/config';

/** "Simulated market data" next to every chart and table fed by the simulated feed (docs/product.md). */
export function MarketSourceLabel({ source }: { source?: 'simulated' | 'exchange' | undefined }) {
  // In the always-loaded namespace: the label also sits on public pages that load no market texts.
  const { t } = useTranslation('common');
  const simulated = (source ?? appConfig.marketData) === 'simulated';
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium whitespace-nowrap text-warning">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-warning" />
      {simulated ? t('marketSource.simulated') : t('marketSource.exchange')}
    </span>
  );
}
