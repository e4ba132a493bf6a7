import { formatDate } from '../../../lib/dates';
import type { ReferralList } from '@app/shared/schemas/profile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar, Badge, ChevronDownIcon } from '../../../ui';

type ReferredUser = ReferralList['users'][number];

/**
 * One row per referred person. Admins can open each in the user admin (/admin/users/{id});
 * investors see plain rows: they have no access to another user's page.
 */
export function ReferredUsersList({
  users,
  linkToAdmin,
}: {
  users: ReferredUser[];
  linkToAdmin: boolean;
}) {
  return (
    <ul className="flex flex-col divide-y divide-border">
      {users.map((user) => (
        <li key={user.id}>
          {linkToAdmin ? (
            <Link
              to={`/admin/users/${encodeURIComponent(user.id)}`}
              className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-surface-2"
            >
              <ReferredUserRow user={user} />
              <ChevronDownIcon aria-hidden="true" className="shrink-0 -rotate-90 text-muted" />
            </Link>
          ) : (
            <div className="flex items-center gap-3 py-3">
              <ReferredUserRow user={user} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function ReferredUserRow({ user }: { user: ReferredUser }) {
  const { t } = useTranslation('referrals');
  return (
    <>
      <Avatar name={user.name} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-text">{user.name}</p>
        <p className="text-xs text-muted">
          {t('list.joined', { date: formatDate(user.createdAt) })}
        </p>
      </div>
      <Badge tone={user.isActive ? 'success' : 'warning'} className="shrink-0">
        {user.isActive ? t('list.active') : t('list.pending')}
      </Badge>
    </>
  );
}
