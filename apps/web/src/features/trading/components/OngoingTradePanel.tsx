import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, Card, ChartIcon, EmptyState } from '../../../ui';

/**
 * The Ongoing Trade panel. The trades feature passes the open trade's figures as `children`;
 * without them the panel invites the user to pick a plan.
 */
export function OngoingTradePanel({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('trading');
  return (
    <Card title={t('panel.title')}>
      {children ?? (
        <EmptyState
          icon={<ChartIcon width={24} height={24} />}
          title={t('panel.empty')}
          description={t('panel.emptyHint')}
          action={
            <Link to="/plans" className={buttonClasses('secondary', 'md')}>
              {t('panel.subscribe')}
            </Link>
          }
        />
      )}
    </Card>
  );
}
