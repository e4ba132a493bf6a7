import type { AccountSummary } from '@app/shared/schemas/account';
import type {
  AdminApprovers,
  AdminUser,
  AuditEntryView,
  UserFilter,
  adminSessionSchema,
  contactMessageSchema,
} from '@app/shared/schemas/admin-users';
import type {
  Approval,
  ApprovalDecision,
  ApprovalResponse,
  ApprovalStatus,
  FourEyesSetting,
} from '@app/shared/schemas/approvals';
import type {
  AdminChainTransfer,
  ChainTransferStatusName,
  ChainWatcherStatus,
} from '@app/shared/schemas/chain';
import type { AdjustmentBucket } from '@app/shared/schemas/money';
import type {
  AdminCreateStrategyInput,
  AdminTraderApplication,
  TraderApplicationStatus,
  TraderFeeBoundsInput,
} from '@app/shared/schemas/lead-traders';
import type { AdminOverview } from '@app/shared/schemas/overview';
import type { PracticeSetting } from '@app/shared/schemas/practice';
import type { AdminProvider, SaveProviderInput } from '@app/shared/schemas/sign-in';
import type {
  AdminQuestionnaire,
  AdminUserAppropriateness,
  AppropriatenessSetting,
  DocumentRetentionSetting,
  QuestionnaireContent,
} from '@app/shared/schemas/appropriateness';
import type {
  AdminVerification,
  RejectVerificationInput,
  VerificationSetting,
} from '@app/shared/schemas/verification';
import type { AdminPlan, CreatePlanInput, UpdatePlanInput } from '@app/shared/schemas/plans';
import type {
  CreatePaymentMethodInput,
  PaymentMethod,
  UpdatePaymentMethodInput,
} from '@app/shared/schemas/payment-methods';
import type { adminStrategySchema, TraderOrderInput } from '@app/shared/schemas/strategies';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import type { AuditFilters, TransactionFilters } from './filters';
import { adminKeys } from './keys';

export type { AdminOverview, Approval, ApprovalStatus };
/**
 * What an action under dual control answers: done (`T`, HTTP 200), or waiting for a second admin
 * (`{ approval }`, HTTP 202) — nothing has changed yet then.
 */
export type OrWaiting<T> = T | ApprovalResponse;
/** What a rejected deposit or withdrawal answers: its transaction, now rejected. */
type Rejected = { transaction: Transaction };
/** What an admin money action answers: booked (a transaction), or waiting for a second admin. */
export type BookedOrWaiting = OrWaiting<{ transaction: Transaction }>;

/**
 * Whether an action's answer is a request waiting for a second admin (HTTP 202): an approval
 * still pending. (A checker's decision also answers with its approval, decided by then.)
 */
export function waitsForApproval(result: unknown): result is ApprovalResponse {
  if (typeof result !== 'object' || result === null || !('approval' in result)) return false;
  const { approval } = result;
  return (
    typeof approval === 'object' &&
    approval !== null &&
    'status' in approval &&
    approval.status === 'pending'
  );
}

export type AdminStrategy = z.infer<typeof adminStrategySchema>;
export type TraderFeeBounds = { feeMinPct: string; feeMaxPct: string };
export type AdminSession = z.infer<typeof adminSessionSchema>;
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type AdminTransaction = Transaction & { user: { id: string; name: string; email: string } };
export type ReferralSummary = Pick<AdminUser, 'id' | 'name' | 'email' | 'isActive' | 'createdAt'>;

export interface UserDetail {
  user: AdminUser;
  referrals: ReferralSummary[];
  sessions: AdminSession[];
  /** Their figures from the ledger: the server's account summary, as their own dashboard gets it. */
  summary: AccountSummary;
}

export interface OutboxItem {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  status: 'pending' | 'sent' | 'captured' | 'failed';
  createdAt: string;
  sentAt: string | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type UserAction =
  | 'activate'
  | 'deactivate'
  | 'make-admin'
  | 'remove-admin'
  | 'make-trader'
  | 'remove-trader'
  | 'revoke-sessions';

/** Builds "?a=1&b=2" from the defined, non-empty values. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address of one item of an admin collection (`/api/admin/<collection>/<id>`), or of an action on it. */
function itemPath(collection: string, id: string, action?: string): string {
  const path = `/api/admin/${collection}/${encodeURIComponent(id)}`;
  return action ? `${path}/${action}` : path;
}

const userPath = (id: string) => itemPath('users', id);

/**
 * A setting read and saved whole at /api/admin/settings/<name>; a save that widens what one admin
 * can do waits for a second admin (202).
 */
function settingEndpoints<T>(name: string) {
  const path = `/api/admin/settings/${name}`;
  return {
    read: (signal?: AbortSignal) => api.get<T>(path, signal),
    save: (input: T) => api.put<OrWaiting<T>>(path, input),
  };
}

const verificationSetting = settingEndpoints<VerificationSetting>('verification');
const appropriatenessSetting = settingEndpoints<AppropriatenessSetting>('appropriateness');
const documentRetention = settingEndpoints<DocumentRetentionSetting>('document-retention');
const practiceSetting = settingEndpoints<PracticeSetting>('practice');

/** Every admin endpoint the back office calls, one function each. */
export const adminApi = {
  overview: (signal?: AbortSignal) => api.get<AdminOverview>('/api/admin/overview', signal),

  listUsers: (params: { q?: string; filter: UserFilter; cursor?: string }, signal?: AbortSignal) =>
    api
      .get<{
        users: AdminUser[];
        nextCursor: string | null;
      }>(`/api/admin/users${queryString({ ...params, limit: 25 })}`, signal)
      .then((page): Page<AdminUser> => ({ items: page.users, nextCursor: page.nextCursor })),
  getUser: (id: string, signal?: AbortSignal) => api.get<UserDetail>(userPath(id), signal),
  userAction: (id: string, action: UserAction) =>
    api.post<OrWaiting<{ ok: true }>>(`${userPath(id)}/${action}`),
  updateUser: (id: string, body: { phone: string; country: string }) =>
    api.patch<{ ok: true }>(userPath(id), body),
  deleteUser: (id: string) => api.delete<{ ok: true }>(userPath(id)),
  adjust: (
    id: string,
    body: { bucket: AdjustmentBucket; amount: string; reason: string },
    idempotencyKey: string,
  ) => api.post<BookedOrWaiting>(`${userPath(id)}/adjustments`, body, idempotencyKey),

  listTransactions: (params: TransactionFilters & { cursor?: string }, signal?: AbortSignal) =>
    api.get<Page<AdminTransaction>>(
      `/api/admin/transactions${queryString({ ...params, limit: 25 })}`,
      signal,
    ),
  approveDeposit: (id: string, idempotencyKey: string) =>
    api.post<BookedOrWaiting>(itemPath('deposits', id, 'approve'), {}, idempotencyKey),
  rejectDeposit: (id: string, reason: string, idempotencyKey: string) =>
    api.post<Rejected>(itemPath('deposits', id, 'reject'), { reason }, idempotencyKey),
  /** `txHash`: the payout's transaction, for a withdrawal on a crypto rail (proven on chain). */
  payWithdrawal: (id: string, idempotencyKey: string, txHash?: string) =>
    api.post<BookedOrWaiting>(
      itemPath('withdrawals', id, 'pay'),
      txHash ? { txHash } : {},
      idempotencyKey,
    ),
  rejectWithdrawal: (id: string, reason: string, idempotencyKey: string) =>
    api.post<Rejected>(itemPath('withdrawals', id, 'reject'), { reason }, idempotencyKey),

  listApprovals: (status: ApprovalStatus, signal?: AbortSignal) =>
    api.get<{ items: Approval[] }>(`/api/admin/approvals${queryString({ status })}`, signal),
  approveApproval: (id: string, idempotencyKey: string) =>
    api.post<ApprovalDecision>(itemPath('approvals', id, 'approve'), {}, idempotencyKey),
  rejectApproval: (id: string, reason: string, idempotencyKey: string) =>
    api.post<ApprovalDecision>(itemPath('approvals', id, 'reject'), { reason }, idempotencyKey),
  fourEyes: (signal?: AbortSignal) =>
    api.get<FourEyesSetting>('/api/admin/settings/four-eyes', signal),
  /** Who else could approve what waits for a second admin, and whether the caller may appoint one alone. */
  approvers: (signal?: AbortSignal) =>
    api.get<AdminApprovers>('/api/admin/users/approvers', signal),
  updateFourEyes: (threshold: string) =>
    api.put<OrWaiting<FourEyesSetting>>('/api/admin/settings/four-eyes', { threshold }),

  listAudit: (params: AuditFilters & { before?: string }, signal?: AbortSignal) =>
    api
      .get<{
        entries: AuditEntryView[];
        nextCursor: string | null;
      }>(`/api/admin/audit${queryString({ ...params, limit: 50 })}`, signal)
      .then((page): Page<AuditEntryView> => ({ items: page.entries, nextCursor: page.nextCursor })),

  listMessages: (cursor: string | undefined, signal?: AbortSignal) =>
    api
      .get<{
        messages: ContactMessage[];
        nextCursor: string | null;
      }>(`/api/admin/messages${queryString({ cursor, limit: 25 })}`, signal)
      .then((page): Page<ContactMessage> => ({
        items: page.messages,
        nextCursor: page.nextCursor,
      })),

  listOutbox: (before: string | undefined, signal?: AbortSignal) =>
    api.get<Page<OutboxItem>>(`/api/admin/outbox${queryString({ before, limit: 25 })}`, signal),

  listPaymentMethods: (signal?: AbortSignal) =>
    api.get<{ methods: PaymentMethod[] }>('/api/admin/payment-methods', signal),
  /** Where money goes: a new method always waits for a second admin (202). */
  createPaymentMethod: (body: CreatePaymentMethodInput) =>
    api.post<ApprovalResponse>('/api/admin/payment-methods', body),
  /** New details wait for a second admin (202); a name, note or order does not. */
  updatePaymentMethod: (id: string, body: UpdatePaymentMethodInput) =>
    api.patch<OrWaiting<{ method: PaymentMethod }>>(itemPath('payment-methods', id), body),
  retirePaymentMethod: (id: string) =>
    api.delete<{ method: PaymentMethod }>(itemPath('payment-methods', id)),

  listPlans: (signal?: AbortSignal) => api.get<{ plans: AdminPlan[] }>('/api/admin/plans', signal),
  createPlan: (body: CreatePlanInput) => api.post<{ plan: AdminPlan }>('/api/admin/plans', body),
  updatePlan: (id: string, body: UpdatePlanInput) =>
    api.patch<{ plan: AdminPlan }>(itemPath('plans', id), body),
  retirePlan: (id: string) => api.post<{ plan: AdminPlan }>(itemPath('plans', id, 'retire')),

  listStrategies: (signal?: AbortSignal) =>
    api.get<{ strategies: AdminStrategy[] }>('/api/admin/strategies', signal),
  setLeadTrader: (id: string, userId: string | null) =>
    api.post<{ strategy: AdminStrategy }>(itemPath('strategies', id, 'lead-trader'), { userId }),
  setPaused: (id: string, paused: boolean) =>
    api.post<{ strategy: AdminStrategy }>(itemPath('strategies', id, paused ? 'pause' : 'resume')),

  retireStrategy: (id: string) =>
    api.post<{ strategy: AdminStrategy }>(itemPath('strategies', id, 'retire')),
  /** Unwinding a retired strategy: an order that only reduces one of its positions. */
  unwindOrder: (id: string, body: TraderOrderInput) =>
    api.post<{ strategy: AdminStrategy }>(itemPath('strategies', id, 'unwind-orders'), body),
  /** A strategy for an approved lead trader, on the terms the trader's own form takes. */
  createStrategy: (body: AdminCreateStrategyInput) =>
    api.post<{ strategy: AdminStrategy }>('/api/admin/strategies', body),
  /** "Continue with …" providers; the client secret only ever as set or not. */
  signInProviders: (signal?: AbortSignal) =>
    api.get<{ providers: AdminProvider[] }>('/api/admin/sign-in-providers', signal),
  /** A new provider, or another issuer or client, waits for a second admin (202). */
  saveSignInProvider: (id: string, body: SaveProviderInput) =>
    api.put<OrWaiting<{ provider: AdminProvider }>>(itemPath('sign-in-providers', id), body),
  removeSignInProvider: (id: string) => api.delete<{ ok: true }>(itemPath('sign-in-providers', id)),
  /** The lowest and highest performance fee a lead trader may set. */
  traderFees: (signal?: AbortSignal) =>
    api.get<TraderFeeBounds>('/api/admin/settings/trader-fees', signal),
  updateTraderFees: (body: TraderFeeBoundsInput) =>
    api.put<OrWaiting<TraderFeeBounds>>('/api/admin/settings/trader-fees', body),

  listTraderApplications: (status: TraderApplicationStatus, signal?: AbortSignal) =>
    api.get<{ applications: AdminTraderApplication[] }>(
      `/api/admin/trader-applications${queryString({ status })}`,
      signal,
    ),
  decideTraderApplication: (id: string, decision: 'approve' | 'reject', reason: string) =>
    api.post<{ application: AdminTraderApplication }>(
      itemPath('trader-applications', id, decision),
      { reason },
    ),

  listVerifications: (status: VerificationQueueStatus, signal?: AbortSignal) =>
    api.get<{ verifications: AdminVerification[] }>(
      `/api/admin/verifications${queryString({ status })}`,
      signal,
    ),
  approveVerification: (id: string) =>
    api.post<{ verification: AdminVerification }>(itemPath('verifications', id, 'approve')),
  rejectVerification: (id: string, input: RejectVerificationInput) =>
    api.post<{ verification: AdminVerification }>(itemPath('verifications', id, 'reject'), input),
  verificationSetting: verificationSetting.read,
  updateVerificationSetting: verificationSetting.save,
  appropriatenessSetting: appropriatenessSetting.read,
  updateAppropriatenessSetting: appropriatenessSetting.save,
  /** The practice account (issue 42): on or off, and the virtual balance it starts at. */
  practiceSetting: practiceSetting.read,
  updatePracticeSetting: practiceSetting.save,
  documentRetention: documentRetention.read,
  updateDocumentRetention: documentRetention.save,
  questionnaire: (signal?: AbortSignal) =>
    api.get<AdminQuestionnaire>('/api/admin/appropriateness/questionnaire', signal),
  updateQuestionnaire: (content: QuestionnaireContent) =>
    api.put<AdminQuestionnaire>('/api/admin/appropriateness/questionnaire', { content }),
  userAppropriateness: (id: string, signal?: AbortSignal) =>
    api.get<AdminUserAppropriateness>(itemPath('appropriateness/users', id), signal),

  /** The transfers the chain watchers have seen, newest first, all or of one status. */
  listChainTransfers: (
    params: { status?: ChainTransferStatusName; cursor?: string },
    signal?: AbortSignal,
  ) =>
    api
      .get<{
        transfers: AdminChainTransfer[];
        nextCursor: string | null;
      }>(`/api/admin/chain/transfers${queryString(params)}`, signal)
      .then((page): Page<AdminChainTransfer> => ({
        items: page.transfers,
        nextCursor: page.nextCursor,
      })),
  /**
   * The development chain only: the development wallet sends a pending withdrawal's payout in
   * test USDC; the answer's hash is then the one to pay it with (nothing is paid by this alone).
   */
  sendDevPayout: (withdrawalId: string) =>
    api.post<{ txHash: string }>('/api/admin/chain/dev/payouts', { withdrawalId }),
  /** Each watcher's health: blocks behind the head, its last pass and its last error. */
  chainWatchers: (signal?: AbortSignal) =>
    api
      .get<{ watchers: ChainWatcherStatus[] }>('/api/admin/chain/watchers', signal)
      .then((answer) => answer.watchers),
};

/** The review queue's tabs: waiting, sent back to the user, approved. */
export type VerificationQueueStatus = 'submitted' | 'rejected' | 'approved';

/** Where an admin reads any user's document (every view is in the audit log). */
export function adminDocumentUrl(id: string): string {
  return itemPath('verifications/documents', id);
}

/** Query keys: everything the back office caches sits under ['admin', <area>, …]. */
export { adminKeys };
export type { AuditFilters, TransactionFilters };
export type { AdminTraderApplication };

/**
 * The back office's one invalidation helper: an admin action can change users, money, the overview
 * and the audit trail at once, so everything under ['admin'] is marked stale (only what is on
 * screen refetches).
 */
export function invalidateAdmin(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.all });
}
