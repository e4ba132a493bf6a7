import { currentLanguage } from '../../../i18n';
import { countryName } from '../../auth/components/countries';
import { formatDate } from '../../../lib/dates';
import { SignInProvidersCard } from '../components/SignInProvidersCard';
import { USER_FILTERS, type AdminUser, type UserFilter } from '@app/shared/schemas/admin-users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Avatar,
  DataTable,
  EmptyState,
  FilterChips,
  buttonClasses,
  type DataTableColumn,
} from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { SearchForm } from '../components/SearchForm';
import { PagedResults } from '../components/QueryStates';
import { UserStatusBadges } from '../components/StatusBadges';
import { useUrlParams } from '../hooks/useUrlState';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { useCursorPages } from '../hooks/useCursorPages';
import { actionsColumn } from '../components/actionsColumn';

/** Chip order on the page (the seed's "awaiting review" is the server's `pending`). */
const CHIP_ORDER: readonly UserFilter[] = ['all', 'active', 'pending', 'admin', 'trader'];

function toFilter(value: string): UserFilter {
  return (USER_FILTERS as readonly string[]).includes(value) ? (value as UserFilter) : 'all';
}

/** /admin/users: search, filter chips and cursor paging, as cards on a phone. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useUrlParams(['q', 'filter'] as const);
  const filter = toFilter(params.filter);
  const [search, setSearch] = useState(params.q);
  const q = useDebouncedValue(search.trim());

  const query = useCursorPages(adminKeys.users(q, filter), (cursor, signal) =>
    adminApi.listUsers({ q: q || undefined, filter, cursor }, signal),
  );

  const columns = useUserColumns();

  return (
    <div className="flex flex-col gap-5">
      <SearchForm
        label={t('users.searchLabel')}
        placeholder={t('users.searchPlaceholder')}
        value={search}
        onChange={(text) => {
          setSearch(text);
          setParams({ q: text.trim() });
        }}
      >
        <FilterChips
          label={t('users.filterLabel')}
          value={filter}
          onChange={(value) => setParams({ filter: value === 'all' ? '' : value })}
          options={CHIP_ORDER.map((value) => ({ value, label: t(`users.filters.${value}`) }))}
        />
      </SearchForm>
      <PagedResults
        query={query}
        empty={<EmptyState title={t('users.empty')} description={t('users.emptyHint')} />}
      >
        {(users) => (
          <DataTable
            caption={t('users.caption')}
            columns={columns}
            rows={users}
            rowKey={(user) => user.id}
          />
        )}
      </PagedResults>
      <SignInProvidersCard />
    </div>
  );
}

/** The users table: who (to their page), status, country, joined, View. */
function useUserColumns(): DataTableColumn<AdminUser>[] {
  const { t } = useTranslation('admin');
  return [
    {
      key: 'user',
      header: t('users.columns.user'),
      primary: true,
      cell: (user) => (
        <Link
          to={`/admin/users/${user.id}`}
          className="flex min-w-0 items-center gap-3 rounded-lg hover:text-brand-strong"
        >
          <Avatar name={user.name} src={user.avatarUrl} size="sm" />
          <span className="min-w-0">
            <span className="block truncate font-medium">{user.name}</span>
            <span className="block truncate text-xs font-normal text-muted">{user.email}</span>
          </span>
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('users.columns.status'),
      cell: (user) => <UserStatusBadges user={user} />,
    },
    {
      key: 'country',
      header: t('users.columns.country'),
      cell: (user) =>
        (user.country && countryName(user.country, currentLanguage())) || t('common.none'),
    },
    {
      key: 'joined',
      header: t('users.columns.joined'),
      cell: (user) => formatDate(user.createdAt),
    },
    actionsColumn(
      t('users.columns.actions'),
      (user) => (
        <Link
          to={`/admin/users/${user.id}`}
          className={buttonClasses('secondary', 'sm')}
          // The visible word first, then whose page it opens.
          aria-label={t('users.view', { name: user.name })}
        >
          {t('common.view')}
        </Link>
      ),
      { className: 'hidden sm:table-cell' },
    ),
  ];
}
