import { CHAIN_TRANSFER_STATUSES, type ChainTransferStatusName } from '@app/shared/schemas/chain';
import { useTranslation } from 'react-i18next';
import { DataTable, EmptyState } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { useChainTransferColumns } from '../components/chain/chainTransferColumns';
import { WatcherHealth } from '../components/chain/WatcherHealth';
import { PageIntro, PagedResults } from '../components/QueryStates';
import { FilterSelect } from '../components/StatusFilter';
import { useCursorPages } from '../hooks/useCursorPages';
import { useUrlParams } from '../hooks/useUrlState';

/** The status filter from the address: a known status, else none (every transfer). */
function chainTransferStatusOf(value: string): ChainTransferStatusName | undefined {
  return (CHAIN_TRANSFER_STATUSES as readonly string[]).includes(value)
    ? (value as ChainTransferStatusName)
    : undefined;
}

/**
 * /admin/chain-transfers: the chain watchers' health at the top, then every crypto transfer they
 * have seen (newest first, a page at a time), filtered by status in the address (`?status=`).
 */
export function ChainTransfersPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useUrlParams(['status'] as const);
  const status = chainTransferStatusOf(params.status);
  const query = useCursorPages(adminKeys.chainTransfers(status), (cursor, signal) =>
    adminApi.listChainTransfers({ ...(status ? { status } : {}), cursor }, signal),
  );
  const columns = useChainTransferColumns();
  return (
    <div className="flex flex-col gap-5">
      <PageIntro>{t('chainTransfers.intro')}</PageIntro>
      <WatcherHealth />
      <FilterSelect
        label={t('chainTransfers.show')}
        value={status ?? ''}
        onChange={(next) => setParams({ status: next })}
        className="sm:w-56"
      >
        <option value="">{t('chainTransfers.all')}</option>
        {CHAIN_TRANSFER_STATUSES.map((name) => (
          <option key={name} value={name}>
            {t(`chainTransfers.statuses.${name}`)}
          </option>
        ))}
      </FilterSelect>
      <PagedResults query={query} empty={<EmptyState title={t('chainTransfers.empty')} />}>
        {(items) => (
          <DataTable
            caption={t('chainTransfers.caption')}
            rows={items}
            rowKey={(transfer) => transfer.id}
            columns={columns}
          />
        )}
      </PagedResults>
    </div>
  );
}
