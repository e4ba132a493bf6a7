import { formatUsd } from '@app/shared/money';
import clsx from 'clsx';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge, Button, signTone, type DataTableColumn } from '../../../../ui';
import { signAsShown } from '../../../market/decimal';
import type { AdminStrategy } from '../../api';
import { actionsColumn } from '../actionsColumn';

/** NAV per unit to 4 decimals, cut from the exact decimal text (no float). */
function shortNav(nav: string): string {
  const [whole = '0', fraction = ''] = nav.split('.');
  return `${whole}.${fraction.padEnd(4, '0').slice(0, 4)}`;
}

/** "0.00" (no fall at all): shown without a minus sign. */
function isZeroPct(value: string): boolean {
  return /^0(\.0+)?$/.test(value);
}

/** What a strategy row's buttons start. */
export interface StrategyRowActions {
  assign: (strategy: AdminStrategy) => void;
  unwind: (strategy: AdminStrategy) => void;
  togglePause: (strategy: AdminStrategy) => void;
  retire: (strategy: AdminStrategy) => void;
}

/** The admin strategies table's columns: figures as the public pages write them, then actions. */
export function strategyColumns(
  t: TFunction<'admin'>,
  actions: StrategyRowActions,
): DataTableColumn<AdminStrategy>[] {
  // The words the public pages use for a figure the strategy's record cannot support yet.
  const notYet = t('strategies.notEnoughHistory');
  return [
    { key: 'name', header: t('strategies.columns.name'), primary: true, cell: (s) => s.name },
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
      cell: (s) => <ReturnCell pct={s.return30dPct} notYet={notYet} />,
    },
    {
      key: 'drawdown',
      header: t('strategies.columns.drawdown'),
      align: 'right',
      cell: (s) => <DrawdownCell pct={s.maxDrawdownPct} notYet={notYet} />,
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
      cell: (s) => <StatusBadge strategy={s} />,
    },
    actionsColumn(t('strategies.columns.actions'), (s) => (
      <StrategyRowButtons strategy={s} actions={actions} />
    )),
  ];
}

function ReturnCell({ pct, notYet }: { pct: string | null; notYet: string }) {
  return (
    <span
      className={clsx('tabular-nums', pct === null ? 'text-muted' : signTone(signAsShown(pct)))}
    >
      {pct === null ? notYet : `${pct}%`}
    </span>
  );
}

/** A size, as the plan cards and public pages write it: "12.56%" in red, no sign. */
function DrawdownCell({ pct, notYet }: { pct: string | null; notYet: string }) {
  return (
    <span
      className={clsx(
        'tabular-nums',
        pct === null && 'text-muted',
        pct !== null && !isZeroPct(pct) && 'text-danger',
      )}
    >
      {pct === null ? notYet : `${pct}%`}
    </span>
  );
}

function StatusBadge({ strategy }: { strategy: AdminStrategy }) {
  const { t } = useTranslation('admin');
  if (strategy.terms?.retired) return <Badge tone="danger">{t('strategies.retired')}</Badge>;
  if (strategy.paused) return <Badge tone="warning">{t('strategies.paused')}</Badge>;
  return <Badge tone="success">{t('strategies.open')}</Badge>;
}

function StrategyRowButtons({
  strategy: s,
  actions,
}: {
  strategy: AdminStrategy;
  actions: StrategyRowActions;
}) {
  const { t } = useTranslation('admin');
  const retired = s.terms?.retired ?? false;
  return (
    // Stacked on a table row until the screen is wide enough for all three side by side
    // (at 1440 px beside the sidebar a row of three ran out of the table's view).
    <span className="inline-flex gap-2 whitespace-nowrap sm:flex-col sm:items-stretch 2xl:flex-row">
      {/* A retired strategy is handed to another lead trader (never just taken away),
          or unwound: its positions only reduced while copies are open. */}
      <Button size="sm" variant="secondary" onClick={() => actions.assign(s)}>
        {retired ? t('strategies.handOver') : t('strategies.assign')}
      </Button>
      {retired && s.positions.length > 0 && (
        <Button size="sm" variant="ghost" onClick={() => actions.unwind(s)}>
          {t('strategies.unwind')}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={() => actions.togglePause(s)}>
        {t(s.paused ? 'strategies.resume' : 'strategies.pause')}
      </Button>
      {!retired && (
        <Button size="sm" variant="ghost" onClick={() => actions.retire(s)}>
          {t('strategies.retire')}
        </Button>
      )}
    </span>
  );
}
