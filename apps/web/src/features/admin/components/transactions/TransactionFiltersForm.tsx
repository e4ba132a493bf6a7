import { TRANSACTION_KINDS } from '@app/shared/schemas/kinds';
import { TRANSACTION_STATUSES } from '@app/shared/schemas/transactions';
import { useTranslation } from 'react-i18next';
import { CloseIcon, TextField } from '../../../../ui';
import { SearchForm } from '../SearchForm';
import { FilterSelect } from '../StatusFilter';

/** The list's filters as they stand in the address (all text; '' when unset). */
export interface TransactionParams {
  q: string;
  status: string;
  kind: string;
  userId: string;
  userName: string;
  from: string;
  to: string;
}

/**
 * Search, status, kind (the server filters by kind; credit/withdraw follows from it), a date
 * range over the loaded rows, and the user filter set from a row, with its clear button.
 */
export function TransactionFiltersForm({
  params,
  setParams,
  search,
  onSearch,
}: {
  params: TransactionParams;
  setParams: (changes: Partial<TransactionParams>) => void;
  search: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <SearchForm
      label={t('transactions.searchLabel')}
      placeholder={t('transactions.searchPlaceholder')}
      value={search}
      onChange={onSearch}
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FilterSelect
          label={t('transactions.status')}
          value={params.status}
          onChange={(value) => setParams({ status: value })}
          className="min-w-0"
        >
          <option value="">{t('common.all')}</option>
          {TRANSACTION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`transactions.statuses.${value}`)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('transactions.kind')}
          value={params.kind}
          onChange={(value) => setParams({ kind: value })}
          className="min-w-0"
        >
          <option value="">{t('common.all')}</option>
          {TRANSACTION_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`transactions.kinds.${value}`)}
            </option>
          ))}
        </FilterSelect>
        <TextField
          label={t('transactions.from')}
          type="date"
          value={params.from}
          max={params.to || undefined}
          onChange={(event) => setParams({ from: event.target.value })}
        />
        <TextField
          label={t('transactions.to')}
          type="date"
          value={params.to}
          min={params.from || undefined}
          onChange={(event) => setParams({ to: event.target.value })}
        />
      </div>
      {(params.from || params.to) && (
        <p className="text-xs text-muted">{t('transactions.dateHint')}</p>
      )}
      {params.userId && (
        <UserFilterChip
          userName={params.userName}
          onClear={() => setParams({ userId: '', userName: '' })}
        />
      )}
    </SearchForm>
  );
}

function UserFilterChip({ userName, onClear }: { userName: string; onClear: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="inline-flex h-9 items-center gap-2 rounded-full border border-brand bg-brand/15 pr-1 pl-3.5 text-sm text-brand-strong">
        {userName
          ? t('transactions.filteredByUser', { name: userName })
          : t('transactions.filteredByUserId')}
        <button
          type="button"
          aria-label={t('transactions.clearUser')}
          onClick={onClear}
          className="flex size-7 items-center justify-center rounded-full hover:bg-brand/20"
        >
          <CloseIcon width={16} height={16} aria-hidden />
        </button>
      </span>
    </div>
  );
}
