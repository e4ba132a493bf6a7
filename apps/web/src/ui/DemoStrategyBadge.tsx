import { useTranslation } from 'react-i18next';
import { Badge } from './Badge';
import { UI_NAMESPACE } from './i18n';

/**
 * "Demo strategy": the one label a strategy run by a built-in rule-based trader carries wherever an
 * investor meets it (plan cards, the strategy directory and page, the copier's trade card). The
 * landing promises that demo strategies are labelled wherever they appear (PRODUCT.md section 3), so
 * every screen uses this badge rather than its own words. Renders nothing for a lead trader's.
 */
export function DemoStrategyBadge({ runBy }: { runBy: 'demo' | 'trader' | undefined }) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (runBy !== 'demo') return null;
  return (
    <Badge tone="neutral" className="whitespace-nowrap">
      {t('demoStrategy')}
    </Badge>
  );
}
