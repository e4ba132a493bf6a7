import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, Card, WalletIcon } from '../../../ui';
import { chainRailsQuery } from '../chainApi';

/**
 * /deposits, above the form: the crypto rails, one entry per token and network ("USDC on
 * Development chain"), each leading to its own deposit address. Nothing when the rails are off
 * (or cannot be read): the deposit form stands alone then.
 */
export function ChainRailsCard() {
  const { t } = useTranslation('deposits');
  const rails = useQuery(chainRailsQuery);
  if (!rails.data || rails.data.length === 0) return null;
  return (
    <Card
      className="mx-auto mb-6 max-w-3xl"
      title={<span className="text-lg">{t('chain.railsTitle')}</span>}
      description={t('chain.railsDescription')}
    >
      <ul className="grid gap-3 sm:grid-cols-2">
        {rails.data.map((rail) => (
          <li key={`${rail.network}:${rail.token}`}>
            <Link
              to={`/deposits/chain/${encodeURIComponent(rail.network)}`}
              className="flex h-full items-center gap-3 rounded-xl border border-border bg-surface-2 px-4 py-3 transition hover:border-brand/60 focus-visible:border-brand"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand-strong">
                <WalletIcon width={20} height={20} aria-hidden />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="font-medium text-text">
                  {t('chain.rail', { token: rail.token, network: rail.networkName })}
                </span>
                <span className="text-xs text-muted">
                  {t('chain.railHint', { count: rail.confirmations })}
                </span>
              </span>
              {rail.development && (
                <Badge tone="warning" className="ml-auto shrink-0">
                  {t('chain.testMoney')}
                </Badge>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
