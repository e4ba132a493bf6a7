import type { ApprovalStatus } from '@app/shared/schemas/approvals';
import type { ChainTransferStatusName } from '@app/shared/schemas/chain';
import type { TraderApplicationStatus } from '@app/shared/schemas/lead-traders';
import type { UserFilter } from '@app/shared/schemas/admin-users';
import type { AuditFilters, TransactionFilters } from './filters';

/**
 * The back office's query keys, all under ['admin']. A file of its own (types aside, it imports
 * nothing), so the realtime mapping (app/realtime.ts) can name them without pulling the lazily
 * loaded back office into the signed-in bundle.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (q: string, filter: UserFilter) => ['admin', 'users', 'list', { q, filter }] as const,
  user: (id: string) => ['admin', 'users', 'detail', id] as const,
  transactions: (filters: TransactionFilters) => ['admin', 'transactions', filters] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
  messages: ['admin', 'messages'] as const,
  outbox: ['admin', 'outbox'] as const,
  paymentMethods: ['admin', 'payment-methods'] as const,
  traderFees: ['admin', 'trader-fees'] as const,
  signInProviders: ['admin', 'sign-in-providers'] as const,
  fourEyes: ['admin', 'four-eyes'] as const,
  practiceSetting: ['admin', 'practice-setting'] as const,
  approvers: ['admin', 'approvers'] as const,
  approvals: (status: ApprovalStatus) => ['admin', 'approvals', status] as const,
  plans: ['admin', 'plans'] as const,
  strategies: ['admin', 'strategies'] as const,
  traderApplications: (status: TraderApplicationStatus) =>
    ['admin', 'trader-applications', status] as const,
  verifications: (status: string) => ['admin', 'verifications', status] as const,
  verificationSetting: ['admin', 'verification-setting'] as const,
  appropriatenessSetting: ['admin', 'appropriateness-setting'] as const,
  documentRetention: ['admin', 'document-retention'] as const,
  questionnaire: ['admin', 'questionnaire'] as const,
  userAppropriateness: (id: string) => ['admin', 'user-appropriateness', id] as const,
  /** Crypto transfers (issue 41), all or of one status; the chain watchers' health. */
  chainTransfers: (status: ChainTransferStatusName | undefined) =>
    ['admin', 'chain-transfers', status ?? 'all'] as const,
  chainWatchers: ['admin', 'chain-watchers'] as const,
};
