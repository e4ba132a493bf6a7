import { formatDate } from '@app/shared/format';
import type { Me } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Avatar, Badge, Card } from '../../../ui';

export function AccountDetailsCard({ user }: { user: Me }) {
  const { t } = useTranslation('profile');
  const rows: [string, string][] = [
    [t('details.phone'), user.phone],
    [t('details.country'), user.country],
    [t('details.referralId'), user.referralId],
    [t('details.memberSince'), formatDate(user.createdAt)],
  ];
  return (
    <Card aria-labelledby="account-details-title">
      <h2 id="account-details-title" className="sr-only">
        {t('details.title')}
      </h2>
      <div className="flex items-center gap-4">
        <Avatar name={user.name} src={user.avatarUrl} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-text">{user.name}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone={user.isActive ? 'success' : 'warning'}>
              {user.isActive ? t('details.active') : t('details.inactive')}
            </Badge>
            {user.isAdmin && <Badge tone="info">{t('details.admin')}</Badge>}
          </div>
        </div>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-surface-2 px-4 py-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="mt-0.5 truncate text-sm font-medium text-text">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
