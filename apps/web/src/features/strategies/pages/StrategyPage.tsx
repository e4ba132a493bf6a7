import type { Strategy, StrategyRecord } from '@app/shared/schemas/strategies';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../ui/ErrorState';
import { LoadingBlock } from '../../../ui/Spinner';
import { ApiRequestError } from '../../../lib/api';
import { RiskWarning } from '../../public/components/RiskWarning';
import { useDocumentTitle } from '../../public/hooks/useDocumentTitle';
import { strategyListQuery, strategyRecordQuery } from '../api';
import { CopyingOverTime } from '../components/CopyingOverTime';
import { NavPanel } from '../components/NavPanel';
import { OrderLog } from '../components/OrderLog';
import { Page, Section } from '../components/record/RecordLayout';
import {
  CopierOutcomesSection,
  MonthlyReturnsSection,
  PositionSections,
  ReturnsSection,
  RiskSections,
} from '../components/record/RecordSections';
import { StrategyHeader } from '../components/record/StrategyHeader';

/**
 * A strategy's open record, for anyone: every figure is the server's (docs/strategy-record.md),
 * and a figure the record cannot support yet says so instead of showing 0 %.
 */
export function StrategyPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('strategies');
  const list = useQuery(strategyListQuery);
  const record = useQuery(strategyRecordQuery(id));
  const strategy = list.data?.strategies.find((s) => s.id === id);
  useDocumentTitle(strategy?.name ?? t('title'));

  if (record.isPending || list.isPending) {
    return (
      <Page>
        <LoadingBlock className="h-96" />
      </Page>
    );
  }
  if (record.isError || list.isError || !strategy) {
    const missing =
      (record.error instanceof ApiRequestError && record.error.status < 500) ||
      (!record.isError && !list.isError);
    return (
      <Page>
        <ErrorState
          title={missing ? t('notFound') : t('loadFailed')}
          {...(missing
            ? {}
            : {
                onRetry: () => {
                  void record.refetch();
                  void list.refetch();
                },
                retrying: record.isFetching || list.isFetching,
              })}
        />
      </Page>
    );
  }
  return <StrategyRecordView strategy={strategy} record={record.data} />;
}

function StrategyRecordView({ strategy, record }: { strategy: Strategy; record: StrategyRecord }) {
  const { t } = useTranslation('strategies');
  return (
    <Page>
      <StrategyHeader strategy={strategy} record={record} />
      <RiskWarning className="mt-6" />
      <Section title={t('nav.title')} description={t('nav.description')}>
        <NavPanel strategyId={strategy.id} record={record} />
      </Section>
      <ReturnsSection record={record} />
      <RiskSections record={record} />
      <MonthlyReturnsSection record={record} />
      <PositionSections strategy={strategy} record={record} />
      <Section title={t('orders.title')} description={t('orders.description')}>
        <OrderLog strategyId={strategy.id} />
      </Section>
      <CopierOutcomesSection record={record} />
      <Section title={t('copying.title')} description={t('copying.description')}>
        <CopyingOverTime copying={record.copying} />
      </Section>

      {/* The page's risk warning is the product's one text, RiskWarning above: no other wording. */}
      <p className="mt-8 text-sm text-muted">
        {t('method')}{' '}
        <Link to="/risk" className="text-brand underline underline-offset-2">
          {t('riskLink')}
        </Link>
      </p>
    </Page>
  );
}
