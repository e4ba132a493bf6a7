import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  LoadingBlock,
  Modal,
  inputClasses,
  signTone,
} from '../../../ui';
import { adminApi, adminKeys, type AdminStrategy } from '../api';
import { CreateStrategyDialog } from '../components/CreateStrategyDialog';
import { DialogFormFooter } from '../components/DialogForm';
import { LoadError, PageIntro } from '../components/QueryStates';
import { TraderFeeBoundsCard } from '../components/TraderFeeBoundsCard';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { freeLeadTraders } from '../leadTraders';
import { MarketSourceLabel } from '../../market/components/MarketSourceLabel';
import { signAsShown } from '../../market/decimal';

/** NAV per unit to 4 decimals, cut from the exact decimal text (no float). */
function shortNav(nav: string): string {
  const [whole = '0', fraction = ''] = nav.split('.');
  return `${whole}.${fraction.padEnd(4, '0').slice(0, 4)}`;
}

/** "0.00" (no fall at all): shown without a minus sign. */
function isZeroPct(value: string): boolean {
  return /^0(\.0+)?$/.test(value);
}

function pct(value: string | null, none: string): string {
  return value === null ? none : `${value}%`;
}

/** /admin/strategies: who runs each strategy, and whether it takes new investment. */
export function StrategiesPage() {
  const { t } = useTranslation('admin');
  const [assigning, setAssigning] = useState<AdminStrategy | null>(null);
  const [toggling, setToggling] = useState<AdminStrategy | null>(null);
  const [retiring, setRetiring] = useState<AdminStrategy | null>(null);
  const [unwinding, setUnwinding] = useState<AdminStrategy | null>(null);
  const [creating, setCreating] = useState(false);
  const retire = useAdminMutation({
    mutationFn: (strategy: AdminStrategy) => adminApi.retireStrategy(strategy.id),
    messages: () => ({
      success: t('toasts.strategyRetired'),
      failure: t('toasts.strategyRetireFailed'),
    }),
    onSuccess: () => setRetiring(null),
  });
  const query = useQuery({
    queryKey: adminKeys.strategies,
    queryFn: ({ signal }) => adminApi.listStrategies(signal),
  });
  const pause = useAdminMutation({
    mutationFn: (strategy: AdminStrategy) => adminApi.setPaused(strategy.id, !strategy.paused),
    messages: (strategy) => ({
      success: t(strategy.paused ? 'toasts.strategyResumed' : 'toasts.strategyPaused'),
      failure: t('toasts.strategyPauseFailed'),
    }),
    onSuccess: () => setToggling(null),
  });
  // The words the public pages use for a figure the strategy's record cannot support yet.
  const notYet = t('strategies.notEnoughHistory');

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
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.strategies.length === 0 ? (
        <EmptyState title={t('strategies.empty')} />
      ) : (
        <DataTable
          caption={t('strategies.caption')}
          rows={query.data.strategies}
          rowKey={(s) => s.id}
          columns={[
            {
              key: 'name',
              header: t('strategies.columns.name'),
              primary: true,
              cell: (s) => s.name,
            },
            {
              key: 'runBy',
              header: t('strategies.columns.runBy'),
              cell: (s) => <span>{s.leadTraderName ?? t('strategies.demo')}</span>,
            },
            {
              key: 'nav',
              header: t('strategies.columns.nav'),
              align: 'right',
              cell: (s) => (
                <span className="tabular-nums" title={s.nav}>
                  {shortNav(s.nav)}
                </span>
              ),
            },
            {
              key: 'return30d',
              header: t('strategies.columns.return30d'),
              align: 'right',
              cell: (s) => (
                <span
                  className={clsx(
                    'tabular-nums',
                    s.return30dPct === null ? 'text-muted' : signTone(signAsShown(s.return30dPct)),
                  )}
                >
                  {pct(s.return30dPct, notYet)}
                </span>
              ),
            },
            {
              key: 'drawdown',
              header: t('strategies.columns.drawdown'),
              align: 'right',
              cell: (s) => (
                // A size, as the plan cards and public pages write it: "12.56%" in red, no sign.
                <span
                  className={clsx(
                    'tabular-nums',
                    s.maxDrawdownPct === null && 'text-muted',
                    s.maxDrawdownPct !== null && !isZeroPct(s.maxDrawdownPct) && 'text-danger',
                  )}
                >
                  {s.maxDrawdownPct === null ? notYet : `${s.maxDrawdownPct}%`}
                </span>
              ),
            },
            {
              key: 'aum',
              header: t('strategies.columns.aum'),
              align: 'right',
              cell: (s) => <span className="tabular-nums">{formatUsd(s.aumCents)}</span>,
            },
            {
              key: 'copiers',
              header: t('strategies.columns.copiers'),
              align: 'right',
              cell: (s) => <span className="tabular-nums">{s.copiers}</span>,
            },
            {
              key: 'status',
              header: t('strategies.columns.status'),
              cell: (s) =>
                s.terms?.retired ? (
                  <Badge tone="danger">{t('strategies.retired')}</Badge>
                ) : s.paused ? (
                  <Badge tone="warning">{t('strategies.paused')}</Badge>
                ) : (
                  <Badge tone="success">{t('strategies.open')}</Badge>
                ),
            },
            {
              key: 'actions',
              header: <span className="sr-only">{t('strategies.columns.actions')}</span>,
              align: 'right',
              cell: (s) => (
                // Stacked on a table row until the screen is wide enough for all three side by side
                // (at 1440 px beside the sidebar a row of three ran out of the table's view).
                <span className="inline-flex gap-2 whitespace-nowrap sm:flex-col sm:items-stretch 2xl:flex-row">
                  {/* A retired strategy is handed to another lead trader (never just taken away),
                      or unwound: its positions only reduced while copies are open. */}
                  <Button size="sm" variant="secondary" onClick={() => setAssigning(s)}>
                    {s.terms?.retired ? t('strategies.handOver') : t('strategies.assign')}
                  </Button>
                  {s.terms?.retired && s.positions.length > 0 && (
                    <Button size="sm" variant="ghost" onClick={() => setUnwinding(s)}>
                      {t('strategies.unwind')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      pause.reset();
                      setToggling(s);
                    }}
                  >
                    {t(s.paused ? 'strategies.resume' : 'strategies.pause')}
                  </Button>
                  {!s.terms?.retired && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        retire.reset();
                        setRetiring(s);
                      }}
                    >
                      {t('strategies.retire')}
                    </Button>
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
      <TraderFeeBoundsCard />
      <CreateStrategyDialog
        strategies={query.data?.strategies ?? []}
        open={creating}
        onOpenChange={setCreating}
      />
      <Modal
        open={assigning !== null}
        onOpenChange={(open) => {
          if (!open) setAssigning(null);
        }}
        title={
          assigning
            ? t(assigning.terms?.retired ? 'strategies.handOverTitle' : 'strategies.assignTitle', {
                name: assigning.name,
              })
            : ''
        }
        description={
          assigning?.terms?.retired ? t('strategies.handOverHint') : t('strategies.assignHint')
        }
      >
        {assigning && (
          <LeadTraderForm
            strategy={assigning}
            strategies={query.data?.strategies ?? []}
            onClose={() => setAssigning(null)}
          />
        )}
      </Modal>
      <Modal
        open={unwinding !== null}
        onOpenChange={(open) => {
          if (!open) setUnwinding(null);
        }}
        title={unwinding ? t('strategies.unwindTitle', { name: unwinding.name }) : ''}
        description={t('strategies.unwindHint')}
      >
        {unwinding && (
          <UnwindPositions
            strategy={query.data?.strategies.find((s) => s.id === unwinding.id) ?? unwinding}
          />
        )}
      </Modal>
      {toggling && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setToggling(null);
          }}
          title={t(toggling.paused ? 'strategies.resumeTitle' : 'strategies.pauseTitle', {
            name: toggling.name,
          })}
          description={t(toggling.paused ? 'strategies.resumeBody' : 'strategies.pauseBody')}
          confirmLabel={t(toggling.paused ? 'strategies.resume' : 'strategies.pause')}
          cancelLabel={t('common.cancel')}
          variant={toggling.paused ? 'primary' : 'danger'}
          busy={pause.isPending}
          onConfirm={() => pause.mutate(toggling)}
        />
      )}
      {retiring && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setRetiring(null);
          }}
          title={t('strategies.retireTitle', { name: retiring.name })}
          description={t('strategies.retireBody')}
          confirmLabel={t('strategies.retire')}
          cancelLabel={t('common.cancel')}
          variant="danger"
          busy={retire.isPending}
          onConfirm={() => retire.mutate(retiring)}
        />
      )}
    </div>
  );
}

/**
 * A retired strategy's positions, each with Close: an order that only reduces (the server takes
 * nothing else while it is retired). The list refreshes from the strategies query.
 */
function UnwindPositions({ strategy }: { strategy: AdminStrategy }) {
  const { t } = useTranslation('admin');
  const close = useAdminMutation({
    mutationFn: (position: AdminStrategy['positions'][number]) =>
      adminApi.unwindOrder(strategy.id, {
        symbol: position.symbol,
        side: position.side,
        targetWeight: '0',
      }),
    messages: (position) => ({
      success: t('toasts.positionClosed', { symbol: position.symbol }),
      failure: t('toasts.positionCloseFailed'),
    }),
  });
  if (strategy.positions.length === 0) {
    return <p className="text-sm text-muted">{t('strategies.unwound')}</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-border">
      {strategy.positions.map((position) => (
        <li key={position.symbol} className="flex items-center justify-between gap-3 py-3">
          <span className="text-sm">
            <span className="font-medium">{position.symbol}</span>{' '}
            <span className="text-muted">
              {t(`strategies.side.${position.side}`)} · {position.weightPct}%
            </span>
          </span>
          <Button
            size="sm"
            variant="secondary"
            loading={close.isPending && close.variables?.symbol === position.symbol}
            disabled={close.isPending}
            onClick={() => close.mutate(position)}
          >
            {t('strategies.closePosition')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Choose among the approved lead traders free to take it (running no strategy, freeLeadTraders),
 * or none: the built-in demo trader. A retired strategy is handed over: to another lead trader,
 * never to none or back to its own. When nobody is free the dialog says so, with the way to
 * approve one, and Save is disabled with that reason; Save without a choice says what is missing.
 */
function LeadTraderForm({
  strategy,
  strategies,
  onClose,
}: {
  strategy: AdminStrategy;
  strategies: readonly AdminStrategy[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const selectId = useId();
  const handOver = strategy.terms?.retired ?? false;
  const [userId, setUserId] = useState(handOver ? '' : (strategy.leadTraderId ?? ''));
  const [missing, setMissing] = useState(false);
  const traders = useQuery({
    queryKey: adminKeys.users('', 'trader'),
    queryFn: ({ signal }) => adminApi.listUsers({ filter: 'trader' }, signal),
    select: (page) => page.items.filter((user) => !user.deleted),
  });
  const mutation = useAdminMutation({
    mutationFn: (id: string) => adminApi.setLeadTrader(strategy.id, id || null),
    messages: () => ({
      success: t('toasts.leadTraderSaved'),
      failure: t('toasts.leadTraderFailed'),
    }),
    onSuccess: onClose,
  });

  if (traders.isPending) return <LoadingBlock />;
  if (traders.isError) {
    return <LoadError onRetry={() => void traders.refetch()} retrying={traders.isFetching} />;
  }
  const choices = freeLeadTraders(
    traders.data,
    strategies,
    handOver ? null : strategy.leadTraderId,
  );
  const nobody = handOver && choices.length === 0;
  const errorId = `${selectId}-error`;
  const nobodyId = `${selectId}-nobody`;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (handOver && !userId) {
          setMissing(true);
          return;
        }
        mutation.mutate(userId);
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium">
          {t('strategies.assign')}
        </label>
        <select
          id={selectId}
          value={userId}
          disabled={nobody}
          aria-invalid={missing || undefined}
          aria-describedby={nobody ? nobodyId : missing ? errorId : undefined}
          onChange={(event) => {
            setUserId(event.target.value);
            setMissing(false);
          }}
          className={`${inputClasses} ${missing ? 'border-danger' : 'border-border'}`}
        >
          <option value="" disabled={handOver}>
            {handOver ? t('strategies.chooseTrader') : t('strategies.noTrader')}
          </option>
          {choices.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name} ({user.email})
            </option>
          ))}
        </select>
        {missing && (
          <p id={errorId} className="text-sm text-danger">
            {t('strategies.chooseTrader')}
          </p>
        )}
        {nobody ? (
          <p id={nobodyId} className="text-sm text-muted">
            {t('strategies.noHandOverTrader')}{' '}
            <Link to="/admin/trader-applications" className="font-medium text-brand-strong">
              {t('strategies.approveTraderFirst')}
            </Link>
          </p>
        ) : (
          traders.data.length === 0 && (
            <p className="text-sm text-muted">{t('strategies.noTraders')}</p>
          )
        )}
      </div>
      <DialogFormFooter
        onCancel={onClose}
        pending={mutation.isPending}
        submitDisabledReason={nobody ? nobodyId : undefined}
      />
    </form>
  );
}
