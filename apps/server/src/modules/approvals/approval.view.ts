import type { Approval } from '@app/shared/schemas/approvals';
import type { ApprovalViewRow } from './approvals.repo';

function decidedBy(person: ApprovalViewRow['decidedBy']): Approval['decidedBy'] {
  if (!person?.id || person.name === null || person.email === null) return null;
  return { id: person.id, name: person.name, email: person.email };
}

export function toApproval(view: ApprovalViewRow): Approval {
  const { row } = view;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amountCents: Number(row.amountCents),
    bucket: row.bucket,
    reason: row.reason,
    user: view.user,
    transactionId: view.transactionId,
    requestedBy: view.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: decidedBy(view.decidedBy),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}
