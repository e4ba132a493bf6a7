import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, Card, ChartIcon, EmptyState } from '../../../ui';

/**
 * The Ongoing Trade panel. The trades feature passes the open trades' figures as `children`
 * (`count` of them: the title says how many when there are several); without them the panel
 * invites the user to pick a plan.
 */
export function OngoingTradePanel({
  children,
  count = 0,
}: {
  children?: ReactNode;
  count?: number;
}) {
  const { t } = useTranslation('trading');
  return (
    <Card
      title={count > 1 ? t('panel.titleMany', { count }) : t('panel.title')}
      actions={
        <Link
          to="/trades/history"
          className="text-sm font-medium text-brand-strong underline-offset-4 hover:underline"
        >
          {t('history.link')}
        </Link>
      }
    >
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
