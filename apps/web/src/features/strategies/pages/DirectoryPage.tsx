import { RETURN_WINDOWS, type ReturnWindow } from '@app/shared/return-windows';
import { DIRECTORY_SORTS, type DirectoryEntry } from '@app/shared/schemas/strategies';
import { formatUsd } from '@app/shared/money';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StrategyBadges } from '../components/StrategyBadges';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { LoadMore } from '../../../ui/LoadMore';
import { LoadingBlock } from '../../../ui/Spinner';
import { signTone } from '../../../ui/tone';
import { RiskWarning } from '../../public/components/RiskWarning';
import { useDocumentTitle } from '../../public/hooks/useDocumentTitle';
import { formatCount, formatSignedPct, signAsShown } from '../../market/decimal';
import { formatDrawdown } from '../../public/lib/performance';
import { strategyDirectoryQuery } from '../api';
import { directorySearchOf, directoryViewOf, type DirectoryView } from '../directory';
import { strategyDescription } from '../strategyDescription';

const DAY_MS = 86_400_000;

/**
 * Every strategy with its record's headline figures, a page at a time in the order the reader
 * picks (the server sorts and filters), paused ones on request. The view lives in the address,
 * so a sorted directory can be linked to and the server renders it.
 */
export function DirectoryPage() {
  const { t } = useTranslation('strategies');
  const [search, setSearch] = useSearchParams();
  const view = directoryViewOf(search);
  const directory = useInfiniteQuery(strategyDirectoryQuery(view));
  const pausedId = useId();
  useDocumentTitle(t('directory.title'));
  const show = (change: Partial<DirectoryView>) =>
    // flushSync: the controls read the address, so it changes with the click (a checkbox would
    // otherwise show its old state until the navigation ends).
    setSearch(directorySearchOf({ ...view, ...change }), {
      replace: true,
      preventScrollReset: true,
      flushSync: true,
    });

  const entries = directory.data?.pages.flatMap((page) => page.strategies) ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight text-text sm:text-4xl">
        {t('directory.title')}
      </h1>
      <p className="mt-3 max-w-3xl text-muted">{t('directory.intro')}</p>
      <RiskWarning className="mt-6" />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <DirectorySelect
          label={t('directory.window')}
          value={view.window}
          options={RETURN_WINDOWS}
          optionLabel={(w) => t(`returns.${w}`)}
          onChange={(window: ReturnWindow) => show({ window })}
        />
        <DirectorySelect
          label={t('directory.sort')}
          value={view.sort}
          options={DIRECTORY_SORTS}
          optionLabel={(s) => t(`directory.sortBy.${s}`)}
          onChange={(sort) => show({ sort })}
        />
        <label htmlFor={pausedId} className="flex items-center gap-2 py-2 text-sm text-text">
          <input
            id={pausedId}
            type="checkbox"
            checked={view.paused}
            onChange={(event) => show({ paused: event.target.checked })}
            className="h-4 w-4 accent-brand"
          />
          {t('directory.showPaused')}
        </label>
      </div>

      <div className="mt-6">
        {directory.isPending ? (
          <LoadingBlock className="h-64" />
        ) : directory.isError ? (
          <ErrorState
            title={t('directory.loadFailed')}
            onRetry={() => void directory.refetch()}
            retrying={directory.isFetching}
          />
        ) : entries.length === 0 ? (
          <EmptyState title={t('directory.none')} />
        ) : (
          <>
            <ul className="grid gap-4 md:grid-cols-2">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <DirectoryCard entry={entry} window={view.window} />
                </li>
              ))}
            </ul>
            <LoadMore
              className="mt-6"
              pages={directory}
              label={t('directory.showMore')}
              failedLabel={t('directory.showMoreFailed')}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** One of the directory's drop-downs (return window, sort order), its label above it. */
function DirectorySelect<V extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly V[];
  optionLabel: (option: V) => string;
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm text-muted">
      {label}
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className="rounded-lg border border-border bg-surface px-3 py-2 text-text"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

function DirectoryCard({ entry, window }: { entry: DirectoryEntry; window: ReturnWindow }) {
  const { t } = useTranslation('strategies');
  const notYet = t('notYet');
  const returnPct = entry.returns[window];
  // The record's length, to its latest NAV (the figures' own "now").
  const ageDays = Math.max(
    0,
    Math.floor((Date.parse(entry.navAt ?? entry.startedAt) - Date.parse(entry.startedAt)) / DAY_MS),
  );
  return (
    <article className="flex h-full flex-col rounded-2xl border border-border bg-surface p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-text">
          <Link
            to={`/strategies/${entry.id}`}
            aria-label={t('directory.open', { name: entry.name })}
            className="underline-offset-2 hover:underline"
          >
            {entry.name}
          </Link>
        </h2>
        <StrategyBadges strategy={entry} />
      </div>
      <p className="mt-1 text-sm text-muted">{strategyDescription(t, entry)}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <Item label={`${t('directory.return')} · ${t(`returns.${window}`)}`}>
          {returnPct === null ? (
            <span className="text-muted">{notYet}</span>
          ) : (
            <span className={signTone(signAsShown(returnPct))}>{formatSignedPct(returnPct)}</span>
          )}
        </Item>
        <Item label={t('directory.drawdown')}>
          {entry.recordMaxDrawdownPct === null ? (
            <span className="text-muted">{notYet}</span>
          ) : (
            formatDrawdown(entry.recordMaxDrawdownPct)
          )}
        </Item>
        <Item label={t('directory.risk')}>
          {entry.riskScore === null ? (
            <span className="text-muted">{notYet}</span>
          ) : (
            `${formatCount(entry.riskScore)} / 10`
          )}
        </Item>
        <Item label={t('directory.copiers')}>{formatCount(entry.copiers)}</Item>
        <Item label={t('directory.aum')}>{formatUsd(entry.aumCents)}</Item>
        <Item label={t('directory.age')}>{t('directory.ageDays', { count: ageDays })}</Item>
      </dl>
      <p className="mt-4 text-sm text-muted">
        {entry.plans.length === 0
          ? t('directory.noPlans')
          : `${t('directory.plans')}: ${entry.plans.map((p) => p.title).join(', ')}`}
      </p>
    </article>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 font-semibold text-text tabular-nums">{children}</dd>
    </div>
  );
}
