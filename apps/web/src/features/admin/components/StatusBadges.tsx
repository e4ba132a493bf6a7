import type { AdminUser } from '@app/shared/schemas/admin-users';
import type { Transaction } from '@app/shared/schemas/transactions';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../ui';

/** The tone of a request's review state: an approval, a trader application. */
export const REVIEW_TONES = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
} as const satisfies Record<string, BadgeTone>;

/** Active / awaiting review (never activated) / deactivated, plus roles. */
export function UserStatusBadges({
  user,
  detailed = false,
}: {
  user: Pick<
    AdminUser,
    'isActive' | 'activatedAt' | 'isAdmin' | 'isTrader' | 'deleted' | 'emailVerified'
  > &
    Partial<Pick<AdminUser, 'twoFactorEnabled'>>;
  detailed?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <span className="inline-flex flex-wrap justify-end gap-1.5 sm:justify-start">
      {user.deleted ? (
        <Badge tone="danger">{t('status.deleted')}</Badge>
      ) : user.isActive ? (
        <Badge tone="success">{t('status.active')}</Badge>
      ) : user.activatedAt ? (
        <Badge tone="danger">{t('status.inactive')}</Badge>
      ) : (
        <Badge tone="warning">{t('status.pending')}</Badge>
      )}
      {user.isAdmin && <Badge tone="info">{t('status.admin')}</Badge>}
      {user.isTrader && <Badge tone="info">{t('status.trader')}</Badge>}
      {detailed && (
        <Badge tone={user.emailVerified ? 'neutral' : 'warning'}>
          {t(user.emailVerified ? 'status.verified' : 'status.unverified')}
        </Badge>
      )}
      {detailed && user.twoFactorEnabled && <Badge>{t('status.twoFactor')}</Badge>}
    </span>
  );
}

const statusTones: Record<Transaction['status'], BadgeTone> = {
  pending: 'warning',
  success: 'success',
  failed: 'danger',
};

export function TransactionStatusBadge({ status }: { status: Transaction['status'] }) {
  const { t } = useTranslation('admin');
  return <Badge tone={statusTones[status]}>{t(`transactions.statuses.${status}`)}</Badge>;
}

/** "Deposit", "Balance adjustment"...; an unknown kind shows as written. */
export function useKindLabel(): (kind: string) => string {
  const { t, i18n } = useTranslation('admin');
  return (kind) =>
    i18n.exists(`admin:transactions.kinds.${kind}`)
      ? t(`transactions.kinds.${kind}` as 'transactions.kinds.deposit')
      : kind.replace(/_/g, ' ');
}
