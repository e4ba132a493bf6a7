import { feePctText } from '@app/shared/schemas/lead-traders';
import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../lib/requestErrors';
import { Badge, Button, Card, DataTable, EmptyState, LoadingBlock, TextField } from '../../../ui';
import { Form, registeredField, sendingSubmit, useSchemaForm } from '../../../ui/forms';
import {
  traderDashboardQuery,
  traderProgrammeQuery,
  useUpdateStrategyTerms,
  type TraderDashboard,
} from '../api';

const feeFormSchema = z.object({ performanceFeePct: feePctText });

/**
 * The trader's programme figures on /trader: how many copy the strategy and the money copying it
 * (aggregates only: a lead trader never sees who copies them), the performance fees the ledger
 * credited to their balance, per day, and the strategy's terms with its fee.
 */
export function ProgrammeDashboard() {
  const { t } = useTranslation('trader');
  const query = useQuery(traderDashboardQuery);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <p className="text-sm text-danger">{errorMessage(query.error)}</p>;
  const data = query.data;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card title={t('dashboard.title')} description={t('dashboard.description')}>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure label={t('dashboard.copiers')} testId="dashboard-copiers">
            {String(data.copiers)}
          </Figure>
          <Figure label={t('dashboard.aum')} testId="dashboard-aum">
            {formatUsd(data.aumCents)}
          </Figure>
          <Figure label={t('dashboard.feesEarned')} testId="dashboard-fees">
            {formatUsd(data.feesEarnedCents)}
          </Figure>
        </dl>
        <div className="mt-4">
          {data.feesByDay.length === 0 ? (
            <EmptyState title={t('dashboard.noFees')} description={t('dashboard.noFeesHint')} />
          ) : (
            <DataTable<TraderDashboard['feesByDay'][number]>
              caption={t('dashboard.feesByDay')}
              rows={[...data.feesByDay].reverse()}
              rowKey={(row) => row.day}
              columns={[
                { key: 'day', header: t('dashboard.day'), primary: true, cell: (row) => row.day },
                {
                  key: 'fees',
                  header: t('dashboard.fees'),
                  align: 'right',
                  cell: (row) => <span className="tabular-nums">{formatUsd(row.feesCents)}</span>,
                },
              ]}
            />
          )}
          <p className="mt-3 text-xs text-muted">
            {t('dashboard.ledgerNote')}{' '}
            <Link to="/transactions" className="text-brand-strong underline underline-offset-4">
              {t('dashboard.transactions')}
            </Link>
          </p>
        </div>
      </Card>
      <TermsCard dashboard={data} />
    </div>
  );
}

function TermsCard({ dashboard }: { dashboard: TraderDashboard }) {
  const { t } = useTranslation('trader');
  const { terms } = dashboard;
  const programme = useQuery(traderProgrammeQuery);
  const update = useUpdateStrategyTerms(dashboard.strategyId);
  const form = useSchemaForm(feeFormSchema, {
    values: { performanceFeePct: terms.performanceFeePct ?? '' },
  });
  const { isSubmitting } = form;
  const submit = sendingSubmit(form, update.mutateAsync, t('terms.saved'), ['performanceFeePct']);
  return (
    <Card title={t('terms.title')} description={t('terms.description')}>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <dt className="text-muted">{t('terms.instruments')}</dt>
        <dd>{terms.instruments.join(', ')}</dd>
        <dt className="text-muted">{t('terms.fee')}</dt>
        <dd data-testid="terms-fee">
          {terms.performanceFeePct === null ? '—' : `${terms.performanceFeePct}%`}
        </dd>
        <dt className="text-muted">{t('terms.minCopy')}</dt>
        <dd>{formatUsd(terms.minCopyCents)}</dd>
        <dt className="text-muted">{t('terms.maxCopiers')}</dt>
        <dd>{terms.maxCopiers === null ? t('terms.noCap') : String(terms.maxCopiers)}</dd>
      </dl>
      {terms.retired ? (
        <div className="mt-4">
          <Badge tone="danger">{t('terms.retired')}</Badge>
        </div>
      ) : (
        <Form
          onSubmit={submit}
          aria-label={t('terms.feeFormLabel')}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField
            label={t('terms.newFee')}
            inputMode="decimal"
            hint={
              programme.data
                ? t('create.feeHint', {
                    min: programme.data.feeMinPct,
                    max: programme.data.feeMaxPct,
                  })
                : undefined
            }
            className="sm:flex-1"
            {...registeredField(form, 'performanceFeePct')}
          />
          <Button type="submit" loading={isSubmitting} className="sm:mt-7">
            {t('terms.saveFee')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

function Figure({ label, children, testId }: { label: string; children: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-border p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd data-testid={testId} className="mt-1 truncate text-lg font-semibold tabular-nums">
        {children}
      </dd>
    </div>
  );
}
