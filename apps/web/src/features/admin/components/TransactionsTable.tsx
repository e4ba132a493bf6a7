import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/api';
import { DataTable } from '../../../ui';
import type { AdminTransaction } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { usePendingTransactionApprovals } from './ApprovalActions';
import { DecisionDialog } from './transactions/DecisionDialog';
import {
  DECISION_TOASTS,
  decide,
  type Decision,
  type DecisionInput,
  type OpenDecision,
} from './transactions/decisions';
import { useTransactionColumns } from './transactions/transactionColumns';

/**
 * All users' transactions with the decisions an admin takes on pending ones: approve or reject a
 * deposit, mark a withdrawal paid or reject it. Each asks for confirmation; rejections need a
 * reason, which the user sees.
 */
export function TransactionsTable({
  transactions,
  showUser = true,
  onUserClick,
}: {
  transactions: AdminTransaction[];
  showUser?: boolean;
  /** Filter by this user instead of opening their page. */
  onUserClick?: (user: AdminTransaction['user']) => void;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState<OpenDecision | null>(null);
  const waiting = usePendingTransactionApprovals();
  const mutation = useAdminMutation({
    mutationFn: ({ open: target, input }: { open: OpenDecision; input: DecisionInput }) =>
      decide(target, input),
    messages: ({ open: target }) => {
      const { success, failure, waiting: whenWaiting } = DECISION_TOASTS[target.decision];
      return {
        success: t(success),
        failure: t(failure),
        ...(whenWaiting ? { waiting: t(whenWaiting) } : {}),
      };
    },
    onSuccess: () => setOpen(null),
  });
  const columns = useTransactionColumns({
    showUser,
    onUserClick,
    waiting,
    start: (decision: Decision, transaction: AdminTransaction) => {
      mutation.reset();
      setOpen({ decision, transaction, idempotencyKey: newIdempotencyKey() });
    },
  });

  return (
    <>
      <DataTable
        caption={t('transactions.caption')}
        columns={columns}
        rows={transactions}
        rowKey={(tx) => tx.id}
      />
      {open && (
        <DecisionDialog
          open={open}
          busy={mutation.isPending}
          error={mutation.error}
          onCancel={() => setOpen(null)}
          onConfirm={(input) => mutation.mutate({ open, input })}
        />
      )}
    </>
  );
}
