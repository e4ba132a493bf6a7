import { formatUsd } from '@app/shared/money';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth';
import {
  Button,
  Card,
  EmptyState,
  inputClasses,
  LoadingBlock,
  SearchIcon,
  UsersIcon,
} from '../../../ui';
import { useReferrals } from '../api';
import { ReferralLinkField } from '../components/ReferralLinkField';
import { ReferredUsersList } from '../components/ReferredUsersList';
import { useDebouncedValue } from '../hooks';

const SEARCH_DEBOUNCE_MS = 300;

/** /referrals: the referral link, how the programme works, and the people referred. */
export function ReferralsPage() {
  const { t } = useTranslation('referrals');
  const { user } = useSession();
  const { query, typed, setTyped } = useSearchInUrl();

  const all = useReferrals();
  const filtered = useReferrals(query);
  // The amount credited per activated referral now (0: programme off); unknown while loading.
  const bonusCents = all.data?.bonusCents;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <InviteCard bonusCents={bonusCents} />
        <TotalsCard all={all} />
      </div>

      <Card
        title={t('list.title')}
        actions={
          filtered.isFetching && !filtered.isLoading ? (
            <span className="text-xs text-muted" role="status">
              {t('list.searching')}
            </span>
          ) : undefined
        }
      >
        <div className="relative mb-2">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">
            <SearchIcon />
          </span>
          <input
            type="search"
            aria-label={t('list.searchLabel')}
            placeholder={t('list.search')}
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
            className={`${inputClasses} border-border pl-10`}
          />
        </div>
        {filtered.isLoading ? (
          <LoadingBlock />
        ) : filtered.isError && !filtered.data ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="text-sm text-muted">{t('list.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void filtered.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : filtered.data && filtered.data.users.length > 0 ? (
          <ReferredUsersList users={filtered.data.users} linkToAdmin={Boolean(user?.isAdmin)} />
        ) : query ? (
          <EmptyState
            className="mt-4"
            icon={<SearchIcon width={24} height={24} />}
            title={t('list.noMatch', { query })}
            description={t('list.noMatchHint')}
          />
        ) : (
          <EmptyState
            className="mt-4"
            icon={<UsersIcon width={24} height={24} />}
            title={t('list.empty')}
            description={t('list.emptyHint')}
          />
        )}
      </Card>
    </div>
  );
}

function Stat({
  label,
  value,
  failed,
  className,
}: {
  label: string;
  value: number | string | undefined;
  failed: boolean;
  className?: string;
}) {
  return (
    <div className={clsx('rounded-xl bg-surface-2 px-4 py-4', className)}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-text tabular-nums">
        {value ??
          (failed ? (
            '—'
          ) : (
            <span className="inline-block h-8 w-12 animate-pulse rounded bg-border align-middle" />
          ))}
      </dd>
    </div>
  );
}

/** The search over the people referred, kept in the URL (?q=) so it survives a reload and can be shared. */
function useSearchInUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    const next = debounced.trim();
    if (next === query) return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('q', next);
        else params.delete('q');
        return params;
      },
      { replace: true },
    );
  }, [debounced, query, setSearchParams]);

  return { query, typed, setTyped };
}

/** The referral link and how the programme works (with today's bonus, or that it is paused). */
function InviteCard({ bonusCents }: { bonusCents: number | undefined }) {
  const { t } = useTranslation('referrals');
  return (
    <Card title={t('invite.title')} description={t('invite.description')} className="lg:col-span-2">
      <ReferralLinkField />
      <h3 className="mt-6 text-sm font-semibold text-text">{t('how.title')}</h3>
      <ol className="mt-3 grid gap-3 sm:grid-cols-3">
        {(['share', 'activate', 'bonus'] as const).map((step, index) => (
          <li key={step} className="rounded-xl bg-surface-2 p-4">
            <span
              aria-hidden="true"
              className="flex size-7 items-center justify-center rounded-full bg-brand/15 text-xs font-semibold text-brand-strong"
            >
              {index + 1}
            </span>
            <p className="mt-3 text-sm font-medium text-text">{t(`how.${step}.title`)}</p>
            <p className="mt-1 text-sm text-muted">
              {step === 'bonus' && bonusCents
                ? t('how.bonus.bodyAmount', { amount: formatUsd(bonusCents) })
                : t(`how.${step}.body`)}
            </p>
          </li>
        ))}
      </ol>
      {bonusCents === 0 && (
        <p
          role="note"
          className="mt-4 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning"
        >
          {t('how.paused')}
        </p>
      )}
      <p className="mt-4 text-xs text-muted">{t('how.note')}</p>
    </Card>
  );
}

/** How many people were referred, how many are active, and the bonus per activation. */
function TotalsCard({ all }: { all: ReturnType<typeof useReferrals> }) {
  const { t } = useTranslation('referrals');
  const bonusCents = all.data?.bonusCents;
  return (
    <Card aria-labelledby="referral-totals" className="lg:self-start">
      <h2 id="referral-totals" className="sr-only">
        {t('totals.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-1">
        <Stat label={t('totals.total')} value={all.data?.total} failed={all.isError} />
        <Stat
          label={t('totals.activated')}
          value={all.data?.users.filter((referred) => referred.isActive).length}
          failed={all.isError}
        />
        <Stat
          className="col-span-2 lg:col-span-1"
          label={t('totals.bonus')}
          value={bonusCents === undefined ? undefined : formatUsd(bonusCents)}
          failed={all.isError}
        />
      </dl>
    </Card>
  );
}
