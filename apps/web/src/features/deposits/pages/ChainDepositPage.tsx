import type { ChainRail } from '@app/shared/schemas/chain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { i18n } from '../../../i18n';
import {
  ArrowLeftIcon,
  buttonClasses,
  Card,
  EmptyState,
  LoadingBlock,
  QueryErrorState,
} from '../../../ui';
import { chainAddressQuery, chainRailsQuery, useChainTransfers } from '../chainApi';
import { ChainFaucetCard } from '../components/ChainFaucetCard';
import { ChainTransferList } from '../components/ChainTransferList';
import { ActiveAccountOnly } from '../components/MoneyInactiveNotice';
import { AddressWithQr } from '../components/PaymentDetails';
import { tokenAmountText } from '../lib/tokenAmount';

/**
 * /deposits/chain/:network: the investor's own deposit address on one network (QR, copy), what may
 * be sent to it and what happens then, the development chain's test money, and the transfers
 * arriving, live: seen, confirming k of N, credited.
 */
export function ChainDepositPage() {
  const { network = '' } = useParams();
  return (
    <ActiveAccountOnly>
      <ChainDeposit network={network} />
    </ActiveAccountOnly>
  );
}

/** "USDC", "USDC or USDT": the network's tokens in the reader's language. */
function tokenList(rails: readonly ChainRail[]): string {
  return new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(
    rails.map((rail) => rail.token),
  );
}

function ChainDeposit({ network }: { network: string }) {
  const { t } = useTranslation('deposits');
  const rails = useQuery(chainRailsQuery);
  if (rails.isPending) return <LoadingBlock />;
  if (rails.isError) {
    return <QueryErrorState query={rails} title={t('chain.railsError')} retryLabel={t('retry')} />;
  }
  const networkRails = rails.data.filter((rail) => rail.network === network);
  const first = networkRails[0];
  if (!first) {
    return (
      <EmptyState
        className="mx-auto max-w-3xl"
        title={t('chain.unknownNetwork')}
        description={t('chain.unknownNetworkHint')}
        action={
          <Link to="/deposits" className={buttonClasses('secondary', 'md')}>
            {t('chain.back')}
          </Link>
        }
      />
    );
  }
  const development = networkRails.find((rail) => rail.development);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        to="/deposits"
        className="inline-flex items-center gap-2 self-start rounded-md text-sm text-muted hover:text-text"
      >
        <ArrowLeftIcon />
        {t('chain.back')}
      </Link>
      <AddressCard rails={networkRails} first={first} />
      {development && <ChainFaucetCard rail={development} />}
      <TransfersCard network={network} rails={networkRails} />
    </div>
  );
}

/** The address with its QR code and copy button, the warning, and the network's terms. */
function AddressCard({ rails, first }: { rails: readonly ChainRail[]; first: ChainRail }) {
  const { t } = useTranslation('deposits');
  const address = useQuery(chainAddressQuery(first.network));
  const words = { tokens: tokenList(rails), network: first.networkName };
  return (
    <Card
      titleLevel={1}
      title={<span className="text-lg">{t('chain.heading', words)}</span>}
      description={t('chain.intro', words)}
    >
      {address.isPending ? (
        <LoadingBlock />
      ) : address.isError ? (
        <QueryErrorState query={address} title={t('chain.addressError')} retryLabel={t('retry')} />
      ) : (
        <AddressWithQr
          address={address.data.address}
          qrTitle={t('chain.qrTitle', { network: first.networkName })}
          addressLabel={t('chain.addressLabel', { network: first.networkName })}
          copiedMessage={t('chain.addressCopied')}
        >
          <div
            role="note"
            className="rounded-lg border border-warning/30 bg-warning/5 px-3 py-2 text-sm text-warning"
          >
            <p className="font-medium">{t('chain.warningTitle', words)}</p>
            <p className="mt-1">{t('chain.warning', words)}</p>
          </div>
          {rails
            .filter((rail) => !rail.credited)
            .map((rail) => (
              <p key={rail.token} className="text-sm text-danger">
                {t('chain.notCredited', { token: rail.token })}
              </p>
            ))}
        </AddressWithQr>
      )}
      <RailFacts rails={rails} first={first} />
    </Card>
  );
}

/** The network, each token's contract and minimum, and the confirmations a transfer waits for. */
function RailFacts({ rails, first }: { rails: readonly ChainRail[]; first: ChainRail }) {
  const { t } = useTranslation('deposits');
  const rows: [string, string, string?][] = [
    [
      t('chain.facts.network'),
      t('chain.facts.networkValue', { network: first.networkName, chainId: first.chainId }),
    ],
    ...rails.map((rail): [string, string, string] => [
      `${t('chain.facts.token')} (${rail.token})`,
      rail.contract,
      'font-mono break-all',
    ]),
    ...rails.map((rail): [string, string] => [
      `${t('chain.facts.minimum')} (${rail.token})`,
      t('chain.facts.minimumValue', {
        amount: tokenAmountText(rail.minimum, rail.decimals),
        token: rail.token,
      }),
    ]),
    [
      t('chain.facts.confirmations'),
      t('chain.facts.confirmationsValue', { count: first.confirmations }),
    ],
  ];
  return (
    <dl className="mt-6 divide-y divide-border rounded-xl border border-border bg-surface-2 text-sm">
      {rows.map(([label, value, valueClass]) => (
        <div key={label} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-4">
          <dt className="shrink-0 text-muted sm:w-44">{label}</dt>
          <dd className={`min-w-0 text-text ${valueClass ?? ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The transfers to this address on this network, live (the socket, and a poll while one is open). */
function TransfersCard({ network, rails }: { network: string; rails: readonly ChainRail[] }) {
  const { t } = useTranslation('deposits');
  const transfers = useChainTransfers(network);
  return (
    <Card title={t('chain.transfers.title')} description={t('chain.transfers.description')}>
      <div aria-live="polite">
        {transfers.isPending ? (
          <LoadingBlock />
        ) : transfers.isError ? (
          <QueryErrorState
            query={transfers}
            title={t('chain.transfers.error')}
            retryLabel={t('retry')}
          />
        ) : transfers.data.length === 0 ? (
          <EmptyState
            title={t('chain.transfers.empty')}
            description={t('chain.transfers.emptyHint')}
          />
        ) : (
          <ChainTransferList transfers={transfers.data} rails={rails} />
        )}
      </div>
    </Card>
  );
}
