import { formatDate, formatTime } from '../../../lib/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/requestErrors';
import {
  Badge,
  buttonClasses,
  Card,
  EmptyState,
  ErrorState,
  LoadingBlock,
  ShieldIcon,
} from '../../../ui';
import { MarketSourceLabel } from '../../market/components/MarketSourceLabel';
import { formatUnits, roundDecimal } from '../../market/decimal';
import { programmeKeys, traderStrategyQuery, type TraderStrategy } from '../api';
import { CreateStrategyForm } from '../components/CreateStrategyForm';
import { FillsTable, PositionsTable } from '../components/DeskTables';
import { OrderForm } from '../components/OrderForm';
import { ProgrammeDashboard } from '../components/ProgrammeDashboard';
import { formatUsdText } from '../format';

/** /trader: the lead trader's desk (users with isTrader); everyone else gets a friendly notice. */
export function TraderPage() {
  const { t } = useTranslation('trader');
  const { user } = useSession();
  if (!user?.isTrader) {
    return (
      <EmptyState
        icon={<ShieldIcon width={24} height={24} />}
        title={t('notTrader.title')}
        description={t('notTrader.body')}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/profile#lead-trader" className={buttonClasses('primary', 'md')}>
              {t('notTrader.apply')}
            </Link>
            <Link to="/plans" className={buttonClasses('secondary', 'md')}>
              {t('notTrader.plans')}
            </Link>
          </div>
        }
      />
    );
  }
  return <TraderDesk />;
}

function TraderDesk() {
  const { t } = useTranslation('trader');
  const desk = useQuery(traderStrategyQuery);
  useProgrammeFollowsMark(desk.data?.strategy.navAt);
  if (desk.isPending) return <LoadingBlock />;
  // An approved lead trader without a strategy yet creates theirs here.
  if (desk.error instanceof ApiRequestError && desk.error.code === 'NO_STRATEGY_YET') {
    return <CreateStrategyForm />;
  }
  if (desk.isError) {
    return (
      <ErrorState
        title={t('error')}
        description={errorMessage(desk.error)}
        onRetry={() => void desk.refetch()}
        retryLabel={t('retry')}
        retrying={desk.isRefetching}
      />
    );
  }
  const data = desk.data;
  return (
    <div className="flex flex-col gap-6">
      <DeskHeader strategy={data.strategy} />
      <DeskStats desk={data} />

      <ProgrammeDashboard />

      {/* Side by side only from 1536 px: at 1440 the two tables need the whole width. */}
      <div className="grid items-start gap-6 2xl:grid-cols-[minmax(0,8fr)_minmax(0,4fr)]">
        <Card title={t('positions.title')} className="min-w-0 2xl:col-start-1">
          {data.positions.length === 0 ? (
            <EmptyState title={t('positions.empty')} description={t('positions.emptyHint')} />
          ) : (
            <PositionsTable positions={data.positions} />
          )}
        </Card>
        <div className="min-w-0 lg:max-w-2xl 2xl:col-start-2 2xl:row-span-2 2xl:row-start-1 2xl:max-w-none">
          <OrderForm strategy={data} />
        </div>
        <Card title={t('fills.title')} className="min-w-0 2xl:col-start-1">
          {data.fills.length === 0 ? (
            <EmptyState title={t('fills.empty')} />
          ) : (
            <FillsTable fills={data.fills} />
          )}
        </Card>
      </div>
    </div>
  );
}

/**
 * "Money copying" is valued at the NAV the desk shows: read it again with every new mark (not the
 * first, which it was read beside), so the two never show different markets.
 */
function useProgrammeFollowsMark(markedAt: string | null | undefined) {
  const queryClient = useQueryClient();
  const shownMark = useRef(markedAt);
  useEffect(() => {
    if (shownMark.current && markedAt && markedAt !== shownMark.current) {
      void queryClient.invalidateQueries({ queryKey: programmeKeys.dashboard });
    }
    shownMark.current = markedAt;
  }, [markedAt, queryClient]);
}

/** The strategy's name, state and description, and a notice once it is retired. */
function DeskHeader({ strategy }: { strategy: TraderStrategy['strategy'] }) {
  const { t } = useTranslation('trader');
  return (
    <>
      <section className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-2xl font-semibold tracking-tight text-text">{strategy.name}</h2>
            {strategy.terms?.retired ? (
              <Badge tone="danger">{t('retired.badge')}</Badge>
            ) : (
              strategy.paused && <Badge tone="warning">{t('paused')}</Badge>
            )}
          </div>
          <p className="mt-1 max-w-2xl text-sm text-muted">{strategy.description}</p>
        </div>
        <MarketSourceLabel />
      </section>
      {strategy.terms?.retired && (
        <p
          role="note"
          data-testid="desk-retired"
          className="rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm leading-relaxed text-text"
        >
          <span className="font-semibold">{t('retired.title')}</span>{' '}
          {t('retired.body', { count: strategy.copiers })}
        </p>
      )}
    </>
  );
}

/** NAV, equity, cash and copiers, as of the last mark, and the strategy's size in units. */
function DeskStats({ desk: data }: { desk: TraderStrategy }) {
  const { t } = useTranslation('trader');
  const strategy = data.strategy;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat label={t('stats.nav')} testId="trader-nav">
          {roundDecimal(strategy.nav, 4) ?? strategy.nav}
        </Stat>
        <Stat label={t('stats.equity')} testId="trader-equity">
          {formatUsdText(data.equity)}
        </Stat>
        <Stat label={t('stats.cash')}>{formatUsdText(data.cash)}</Stat>
        <Stat label={t('stats.copiers')}>{String(strategy.copiers)}</Stat>
      </dl>
      <div className="-mt-3 flex flex-col gap-1 text-xs text-muted">
        {strategy.navAt && (
          <p>
            {t('stats.asOf', {
              date: formatDate(strategy.navAt),
              time: formatTime(strategy.navAt),
            })}
          </p>
        )}
        <p data-testid="trader-size">
          {isZero(data.unitsOutstanding)
            ? t('stats.sizeNone')
            : t('stats.size', { units: formatUnits(data.unitsOutstanding) })}
        </p>
      </div>
    </>
  );
}

function isZero(text: string): boolean {
  return /^0(\.0*)?$/.test(text);
}

function Stat({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0 rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <dt className="text-xs text-muted sm:text-sm">{label}</dt>
      <dd
        data-testid={testId}
        className="mt-2 truncate text-lg font-semibold text-text tabular-nums sm:text-2xl"
      >
        {children}
      </dd>
    </div>
  );
}
