import { formatUsd } from '@app/shared/money';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type DataTableColumn } from '../../../../ui';
import type { Approval } from '../../api';
import { movesMoney } from '../../approvalSummary';
import { formatDateTime } from '../../format';
import { ApprovalActions } from '../ApprovalActions';
import { REVIEW_TONES } from '../StatusBadges';

/** The four-eyes queue's columns; `summary` says what each request would do. */
export function approvalColumns(
  t: TFunction<'admin'>,
  summary: (approval: Approval) => string,
): DataTableColumn<Approval>[] {
  return [
    {
      key: 'what',
      header: t('approvals.columns.what'),
      primary: true,
      cell: (approval) => <WhatCell approval={approval} summary={summary(approval)} />,
    },
    {
      key: 'amount',
      header: t('approvals.columns.amount'),
      align: 'right',
      cell: (approval) =>
        movesMoney(approval) ? (
          <span className="font-semibold whitespace-nowrap">{formatUsd(approval.amountCents)}</span>
        ) : (
          <span className="text-muted">{t('common.none')}</span>
        ),
    },
    {
      key: 'requested',
      header: t('approvals.columns.requested'),
      cell: (approval) => (
        <span className="flex flex-col">
          <span>{approval.requestedBy.name}</span>
          <time dateTime={approval.requestedAt} className="text-xs text-muted">
            {formatDateTime(approval.requestedAt)}
          </time>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('approvals.columns.status'),
      cell: (approval) => (
        <span className="flex flex-col items-end gap-0.5 sm:items-start">
          <Badge tone={REVIEW_TONES[approval.status]}>
            {t(`approvals.statuses.${approval.status}`)}
          </Badge>
          {approval.decidedBy && (
            <span className="text-xs text-muted">
              {t('approvals.decidedBy', { name: approval.decidedBy.name })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('transactions.columns.actions'),
      align: 'right',
      cell: (approval) => <ApprovalActions approval={approval} />,
    },
  ];
}

/** What the request would do, for whom, why, and why it was rejected. */
function WhatCell({ approval, summary }: { approval: Approval; summary: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="font-medium break-words">{summary}</span>
      {approval.user && (
        <Link
          to={`/admin/users/${approval.user.id}`}
          className="text-xs break-all text-muted hover:text-brand-strong"
        >
          {approval.user.email}
        </Link>
      )}
      {approval.reason && (
        <span className="text-xs break-words text-muted">
          {t('approvals.reasonLine', { reason: approval.reason })}
        </span>
      )}
      {approval.rejectionReason && (
        <span className="text-xs break-words text-danger">
          {t('transactions.failureReason', { reason: approval.rejectionReason })}
        </span>
      )}
    </div>
  );
}
