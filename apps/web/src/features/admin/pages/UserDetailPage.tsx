import { currentLanguage } from '../../../i18n';
import { countryName } from '../../auth/components/countries';
import { formatDate } from '../../../lib/dates';
import type { AccountSummary } from '@app/shared/schemas/account';
import type { AdminUser } from '@app/shared/schemas/admin-users';
import { formatUsd } from '@app/shared/money';
import type { AdjustmentBucket } from '@app/shared/schemas/money';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import {
  ArrowLeftIcon,
  Avatar,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  DetailItem,
  EmptyState,
  LoadingBlock,
  buttonClasses,
} from '../../../ui';
import { describeUserAgent } from '../../profile/components/userAgent';
import { adminApi, adminKeys, type AdminSession, type UserAction, type UserDetail } from '../api';
import { AdjustmentDialog } from '../components/AdjustmentDialog';
import { PendingApprovalsFor } from '../components/ApprovalActions';
import { UserAppropriatenessCard } from '../components/AppropriatenessCards';
import { AuditTable } from '../components/AuditTable';
import { EditContactDialog } from '../components/EditContactDialog';
import { LoadError, PagedResults } from '../components/QueryStates';
import { UserStatusBadges } from '../components/StatusBadges';
import { TransactionsTable } from '../components/TransactionsTable';
import { formatDateTime } from '../format';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { useCursorPages } from '../hooks/useCursorPages';
import { useAdminQuery } from '../hooks/useAdminQuery';
import { onClosed } from '../components/DialogForm';
import { dotted } from '../../../lib/dotted';

/** /admin/users/:id — profile, status, money, referrals, sessions, audit trail and actions. */
export function UserDetailPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const query = useAdminQuery(adminKeys.user(id), (signal) => adminApi.getUser(id, signal));

  const back = (
    <Link
      to="/admin/users"
      className="inline-flex items-center gap-2 text-sm text-muted hover:text-text"
    >
      <ArrowLeftIcon aria-hidden />
      {t('detail.backToUsers')}
    </Link>
  );

  if (query.isPending) return <LoadingBlock />;
  if (query.isError) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        {notFound ? (
          <EmptyState title={t('detail.notFound')} />
        ) : (
          <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {back}
      <UserDetailView detail={query.data} />
    </div>
  );
}

function UserDetailView({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation('admin');
  const { user } = detail;
  return (
    <>
      <ProfileCard user={user} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ActionsCard user={user} />
        <MoneyCard user={user} summary={detail.summary} />
      </div>
      <UserTransactions userId={user.id} />
      <UserAppropriatenessCard userId={user.id} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('detail.referrals')} className="min-w-0">
          {detail.referrals.length === 0 ? (
            <p className="text-sm text-muted">{t('detail.referralsEmpty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border">
              {detail.referrals.map((referral) => (
                <li key={referral.id} className="flex items-center justify-between gap-3 py-2.5">
                  <Link
                    to={`/admin/users/${referral.id}`}
                    className="min-w-0 hover:text-brand-strong"
                  >
                    <span className="block truncate font-medium">{referral.name}</span>
                    <span className="block truncate text-xs text-muted">{referral.email}</span>
                  </Link>
                  <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-muted">
                    <Badge tone={referral.isActive ? 'success' : 'warning'}>
                      {t(referral.isActive ? 'status.active' : 'status.pending')}
                    </Badge>
                    {formatDate(referral.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <SessionsCard user={user} sessions={detail.sessions} />
      </div>
      <UserAudit userId={user.id} />
    </>
  );
}

/** One of the user's details; a long address or id wraps. */
function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <DetailItem label={label} valueClassName="break-words">
      {children}
    </DetailItem>
  );
}

function ProfileCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <Card as="section" aria-label={t('detail.profile')}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <Avatar name={user.name} src={user.avatarUrl} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h2 className="text-xl font-semibold break-words">{user.name}</h2>
            <UserStatusBadges user={user} detailed />
          </div>
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Field label={t('detail.email')}>{user.email}</Field>
            <Field label={t('detail.phone')}>{user.phone || t('common.none')}</Field>
            <Field label={t('detail.country')}>
              {(user.country && countryName(user.country, currentLanguage())) || t('common.none')}
            </Field>
            <Field label={t('detail.referralId')}>
              <span className="font-mono">{user.referralId}</span>
            </Field>
            <Field label={t('detail.referrerId')}>
              {user.referrerId ? (
                <span className="font-mono">{user.referrerId}</span>
              ) : (
                t('common.none')
              )}
            </Field>
            <Field label={t('detail.joined')}>{formatDate(user.createdAt)}</Field>
            <Field label={t('detail.activatedAt')}>
              {user.activatedAt ? formatDate(user.activatedAt) : t('common.none')}
            </Field>
          </dl>
        </div>
      </div>
    </Card>
  );
}

type ActionKey =
  | 'activate'
  | 'deactivate'
  | 'makeAdmin'
  | 'removeAdmin'
  | 'makeTrader'
  | 'removeTrader'
  | 'revokeSessions'
  | 'delete';

const ACTIONS: Record<
  ActionKey,
  {
    request: UserAction | 'delete';
    success: string;
    failure: string;
    /** When the action waits for a second admin (making someone an admin). */
    waiting?: string;
    danger?: boolean;
  }
> = {
  activate: { request: 'activate', success: 'toasts.activated', failure: 'toasts.activateFailed' },
  deactivate: {
    request: 'deactivate',
    success: 'toasts.deactivated',
    failure: 'toasts.deactivateFailed',
    danger: true,
  },
  makeAdmin: {
    request: 'make-admin',
    success: 'toasts.madeAdmin',
    failure: 'toasts.makeAdminFailed',
    waiting: 'toasts.adminGrantAwaitingApproval',
  },
  removeAdmin: {
    request: 'remove-admin',
    success: 'toasts.removedAdmin',
    failure: 'toasts.removeAdminFailed',
    danger: true,
  },
  makeTrader: {
    request: 'make-trader',
    success: 'toasts.madeTrader',
    failure: 'toasts.makeTraderFailed',
  },
  removeTrader: {
    request: 'remove-trader',
    success: 'toasts.removedTrader',
    failure: 'toasts.removeTraderFailed',
    danger: true,
  },
  revokeSessions: {
    request: 'revoke-sessions',
    success: 'toasts.sessionsRevoked',
    failure: 'toasts.revokeSessionsFailed',
    danger: true,
  },
  delete: {
    request: 'delete',
    success: 'toasts.deleted',
    failure: 'toasts.deleteFailed',
    danger: true,
  },
};

/** Confirmation state and request for the role and status actions (one dialog at a time). */
function useUserActions(user: AdminUser) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [pending, setPending] = useState<ActionKey | null>(null);
  const mutation = useAdminMutation({
    mutationFn: (key: ActionKey) => {
      const { request } = ACTIONS[key];
      return request === 'delete'
        ? adminApi.deleteUser(user.id)
        : adminApi.userAction(user.id, request);
    },
    messages: (key) => {
      const { success, failure, waiting } = ACTIONS[key];
      return {
        success: t(success),
        failure: t(failure),
        ...(waiting ? { waiting: t(waiting) } : {}),
      };
    },
    onSuccess: (_result, key) => {
      setPending(null);
      if (key === 'delete') void navigate('/admin/users');
    },
  });

  const dialog = pending && (
    <ConfirmDialog
      open
      onOpenChange={onClosed(() => setPending(null))}
      title={t(`detail.confirm.${pending}`, { name: user.name })}
      description={t(`detail.confirm.${pending}Body`, { name: user.name })}
      confirmLabel={t(
        pending === 'delete' ? 'detail.confirm.delete_button' : 'detail.confirm.confirm',
      )}
      cancelLabel={t('common.cancel')}
      variant={ACTIONS[pending].danger ? 'danger' : 'primary'}
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate(pending)}
    />
  );
  return {
    ask: (key: ActionKey) => {
      mutation.reset();
      setPending(key);
    },
    dialog,
  };
}

function ActionsCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const { ask, dialog } = useUserActions(user);
  const [editing, setEditing] = useState(false);
  if (user.deleted) return null;
  return (
    <Card title={t('detail.actions')} description={t('detail.actionsHint')} className="min-w-0">
      <div className="flex flex-wrap gap-2">
        {user.isActive ? (
          <Button variant="secondary" onClick={() => ask('deactivate')}>
            {t('detail.deactivate')}
          </Button>
        ) : (
          <Button onClick={() => ask('activate')}>{t('detail.activate')}</Button>
        )}
        <Button variant="secondary" onClick={() => ask(user.isAdmin ? 'removeAdmin' : 'makeAdmin')}>
          {t(user.isAdmin ? 'detail.removeAdmin' : 'detail.makeAdmin')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => ask(user.isTrader ? 'removeTrader' : 'makeTrader')}
        >
          {t(user.isTrader ? 'detail.removeTrader' : 'detail.makeTrader')}
        </Button>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('detail.editContact')}
        </Button>
        <Button variant="danger" onClick={() => ask('delete')}>
          {t('detail.delete')}
        </Button>
      </div>
      {dialog}
      <EditContactDialog user={user} open={editing} onOpenChange={setEditing} />
    </Card>
  );
}

/**
 * The user's money as their own dashboard shows it (the server's account summary, one rule):
 * balance, available, on hold, in open trades at today's value, profit and bonus; then the
 * adjustments, each showing the figure it changes.
 */
function MoneyCard({ user, summary }: { user: AdminUser; summary: AccountSummary }) {
  const { t } = useTranslation('admin');
  const [bucket, setBucket] = useState<AdjustmentBucket | null>(null);
  const { user: me } = useSession();
  if (user.deleted) return null;
  const figures: [string, number][] = [
    ['moneyBalance', summary.balanceCents],
    ['moneyAvailable', summary.availableCents],
    ['moneyHeld', summary.heldCents],
    ['moneyInTrades', summary.openTradesValueCents],
    ['moneyProfit', summary.totalProfitCents],
    ['moneyBonus', summary.totalBonusCents],
  ];
  return (
    <Card title={t('detail.money')} description={t('detail.moneyHint')} className="min-w-0">
      <dl data-testid="user-money" className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map(([key, cents]) => (
          <DetailItem
            key={key}
            label={t(`detail.${key}`)}
            valueClassName="font-semibold tabular-nums"
          >
            {formatUsd(cents)}
          </DetailItem>
        ))}
      </dl>
      {me?.id === user.id ? (
        <p className="text-sm text-muted">{t('approvals.ownAccount')}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setBucket('balance')}>
            {t('detail.adjustBalance')}
          </Button>
          <Button variant="secondary" onClick={() => setBucket('profit')}>
            {t('detail.adjustProfit')}
          </Button>
          <Button variant="secondary" onClick={() => setBucket('bonus')}>
            {t('detail.adjustBonus')}
          </Button>
        </div>
      )}
      <PendingApprovalsFor userId={user.id} />
      <AdjustmentDialog
        user={user}
        current={summary}
        bucket={bucket ?? 'balance'}
        open={bucket !== null}
        onOpenChange={onClosed(() => setBucket(null))}
      />
    </Card>
  );
}

function UserTransactions({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const query = useCursorPages(adminKeys.transactions({ userId }), (cursor, signal) =>
    adminApi.listTransactions({ userId, cursor }, signal),
  );
  return (
    <Card
      title={t('detail.transactions')}
      actions={
        <Link
          to={`/admin/transactions?userId=${encodeURIComponent(userId)}`}
          className={buttonClasses('ghost', 'sm')}
        >
          {t('detail.allTransactions')}
        </Link>
      }
    >
      <PagedResults
        query={query}
        empty={<p className="text-sm text-muted">{t('detail.transactionsEmpty')}</p>}
      >
        {(items) => <TransactionsTable transactions={items} showUser={false} />}
      </PagedResults>
    </Card>
  );
}

function sessionLabel(session: AdminSession, fallback: string): string {
  const { browser, os } = describeUserAgent(session.userAgent);
  return dotted([browser, os]) || fallback;
}

function SessionsCard({ user, sessions }: { user: AdminUser; sessions: AdminSession[] }) {
  const { t } = useTranslation('admin');
  const { ask, dialog } = useUserActions(user);
  return (
    <Card
      className="min-w-0"
      title={t('detail.sessions')}
      actions={
        sessions.length > 0 && (
          <Button size="sm" variant="secondary" onClick={() => ask('revokeSessions')}>
            {t('detail.revokeSessions')}
          </Button>
        )
      }
    >
      {sessions.length === 0 ? (
        <p className="text-sm text-muted">{t('detail.sessionsEmpty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-col gap-0.5 py-2.5 text-sm">
              <span className="font-medium">
                {sessionLabel(session, t('detail.unknownDevice'))}
              </span>
              <span className="text-xs text-muted">
                {dotted([
                  session.ip,
                  t('detail.sessionStarted', { date: formatDateTime(session.createdAt) }),
                  t('detail.sessionLastSeen', { date: formatDateTime(session.lastSeenAt) }),
                ])}
              </span>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </Card>
  );
}

function UserAudit({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const query = useCursorPages(adminKeys.audit({ targetId: userId }), (cursor, signal) =>
    adminApi.listAudit({ targetId: userId, before: cursor }, signal),
  );
  return (
    <Card title={t('detail.audit')}>
      <PagedResults
        query={query}
        empty={<p className="text-sm text-muted">{t('detail.auditEmpty')}</p>}
      >
        {(entries) => <AuditTable entries={entries} />}
      </PagedResults>
    </Card>
  );
}
