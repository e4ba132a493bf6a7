import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { adminApi, adminKeys, type AdminStrategy } from '../api';
import { CreateStrategyDialog } from '../components/CreateStrategyDialog';
import { PageIntro, QueryTable } from '../components/QueryStates';
import { LeadTraderDialog } from '../components/strategies/LeadTraderDialog';
import { strategyColumns } from '../components/strategies/strategyColumns';
import { UnwindDialog } from '../components/strategies/UnwindDialog';
import { TraderFeeBoundsCard } from '../components/TraderFeeBoundsCard';
import { useConfirmedAction } from '../hooks/useConfirmedAction';
import { MarketSourceLabel } from '../../market/components/MarketSourceLabel';
import { useAdminQuery } from '../hooks/useAdminQuery';

/** /admin/strategies: who runs each strategy, and whether it takes new investment. */
export function StrategiesPage() {
  const { t } = useTranslation('admin');
  const [assigning, setAssigning] = useState<AdminStrategy | null>(null);
  const [unwinding, setUnwinding] = useState<AdminStrategy | null>(null);
  const [creating, setCreating] = useState(false);
  const query = useAdminQuery(adminKeys.strategies, adminApi.listStrategies);
  const strategies = query.data?.strategies ?? [];
  const pause = usePauseToggle();
  const retire = useRetireStrategy();
  const columns = strategyColumns(t, {
    assign: setAssigning,
    unwind: setUnwinding,
    togglePause: pause.ask,
    retire: retire.ask,
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageIntro>{t('strategies.intro')}</PageIntro>
        <div className="flex flex-wrap items-center gap-3">
          <MarketSourceLabel />
          <Button size="sm" onClick={() => setCreating(true)} disabled={!query.isSuccess}>
            {t('strategies.create')}
          </Button>
        </div>
      </div>
      <QueryTable
        query={query}
        rows={(data) => data.strategies}
        empty={t('strategies.empty')}
        caption={t('strategies.caption')}
        rowKey={(s) => s.id}
        columns={columns}
      />
      <TraderFeeBoundsCard />
      <CreateStrategyDialog strategies={strategies} open={creating} onOpenChange={setCreating} />
      <LeadTraderDialog
        strategy={assigning}
        strategies={strategies}
        onClose={() => setAssigning(null)}
      />
      <UnwindDialog
        // The fresh row, so a closed position leaves the list as soon as the list reloads.
        strategy={unwinding && (strategies.find((s) => s.id === unwinding.id) ?? unwinding)}
        onClose={() => setUnwinding(null)}
      />
      {pause.dialog}
      {retire.dialog}
    </div>
  );
}

/** Pause (or Resume) a strategy's new investment, after a confirmation. */
function usePauseToggle() {
  const { t } = useTranslation('admin');
  return useConfirmedAction({
    run: (strategy: AdminStrategy) => adminApi.setPaused(strategy.id, !strategy.paused),
    messages: (strategy) => ({
      success: t(strategy.paused ? 'toasts.strategyResumed' : 'toasts.strategyPaused'),
      failure: t('toasts.strategyPauseFailed'),
    }),
    confirmation: (strategy) => ({
      title: t(strategy.paused ? 'strategies.resumeTitle' : 'strategies.pauseTitle', {
        name: strategy.name,
      }),
      description: t(strategy.paused ? 'strategies.resumeBody' : 'strategies.pauseBody'),
      confirmLabel: t(strategy.paused ? 'strategies.resume' : 'strategies.pause'),
      variant: strategy.paused ? 'primary' : 'danger',
    }),
  });
}

/** Retire a strategy, after a confirmation. */
function useRetireStrategy() {
  const { t } = useTranslation('admin');
  return useConfirmedAction({
    run: (strategy: AdminStrategy) => adminApi.retireStrategy(strategy.id),
    messages: () => ({
      success: t('toasts.strategyRetired'),
      failure: t('toasts.strategyRetireFailed'),
    }),
    confirmation: (strategy) => ({
      title: t('strategies.retireTitle', { name: strategy.name }),
      description: t('strategies.retireBody'),
      confirmLabel: t('strategies.retire'),
      variant: 'danger',
    }),
  });
}
