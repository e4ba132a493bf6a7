import type { Approval, SettingChange } from '@app/shared/schemas/approvals';
import type { ApprovalViewRow } from './approvals.repo';
import { settingOfKey } from './setting-keys';
import type { MoneyApprovalRow } from './approvals.schema';

type Person = ApprovalViewRow['decidedBy'];

function person(found: Person): Approval['decidedBy'] {
  if (!found?.id || found.name === null || found.email === null) return null;
  return { id: found.id, name: found.name, email: found.email };
}

function settingChange(row: MoneyApprovalRow): SettingChange | null {
  const setting = settingOfKey(row.settingKey);
  if (row.kind !== 'setting_change' || !setting) return null;
  return {
    setting,
    from: JSON.stringify(row.settingFrom ?? null),
    to: JSON.stringify(shownValue(setting, row.settingValue)),
  };
}

/** A sign-in provider's sealed client secret is never shown: only whether it is replaced. */
function shownValue(setting: SettingChange['setting'], value: unknown): unknown {
  if (setting !== 'sign_in_provider' || typeof value !== 'object' || value === null) {
    return value ?? null;
  }
  const { clientSecretSealed, ...shown } = value as Record<string, unknown>;
  return { ...shown, secretReplaced: clientSecretSealed !== null };
}

export function toApproval(view: ApprovalViewRow): Approval {
  const { row } = view;
  const maker = person(view.requestedBy);
  if (!maker) throw new Error(`approval ${row.id} has no maker`);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amountCents: Number(row.amountCents),
    bucket: row.bucket,
    reason: row.reason,
    user: person(view.user),
    transactionId: view.transactionId,
    change: settingChange(row),
    requestedBy: maker,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: person(view.decidedBy),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}
