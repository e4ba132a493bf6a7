import type { AdminProvider, SaveProviderInput } from '@app/shared/schemas/sign-in';
import type { Approval } from '@app/shared/schemas/approvals';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { announceApprovalChange, askSecondAdminToChange, settingKeyOf } from '../approvals';
import type { SignInProviderRow } from '../../db/schema';
import { rule } from '@app/shared/rules';
import { invalidInput, refusal } from '../../http/errors';
import { recordAudit } from '../audit';
import { providerLinksDropped } from './links-dropped';
import { seal } from '../../lib/secret-box';
import { forgetProvider } from './discovery';
import * as repo from './sign-in-providers.repo';
import { issuerKey } from './sign-in-providers.service';

// Staff: the providers -------------------------------------------------------------------------

function adminView(row: SignInProviderRow): AdminProvider {
  return {
    id: row.id,
    displayName: row.displayName,
    issuerUrl: row.issuerUrl,
    clientId: row.clientId,
    clientSecretSet: row.clientSecretSealed.length > 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function adminProviders(ctx: AppContext): Promise<AdminProvider[]> {
  return (await repo.listProviders(ctx.db)).map(adminView);
}

/**
 * A provider as an admin asked for it: what a second admin approves when it waits (the client
 * secret sealed, as stored; never shown), or what is stored at once.
 */
export interface ProviderProposal {
  id: string;
  displayName: string;
  issuerUrl: string;
  clientId: string;
  /** Sealed under SECRETS_KEY; null keeps the stored secret. */
  clientSecretSealed: string | null;
}

type SaveOutcome =
  | { status: 200; body: { provider: AdminProvider } }
  | { status: 202; body: { approval: Approval } };

/**
 * Adds or changes a provider; a new one needs its client secret, a change may keep the old. A new
 * provider, or another issuer or client for one, decides who can sign in as whom: it waits for a
 * second admin (a setting_change approval of 'sign_in_provider', one waiting per provider). A new name or
 * secret alone applies at once.
 */
export async function saveProvider(
  ctx: AppContext,
  actorId: string,
  id: string,
  input: SaveProviderInput,
  ip: string,
): Promise<SaveOutcome> {
  const before = await repo.findProvider(ctx.db, id);
  const secret = input.clientSecret;
  if (!before && secret === undefined) {
    throw invalidInput(rule('CLIENT_SECRET_REQUIRED'), 'clientSecret');
  }
  const proposal: ProviderProposal = {
    id,
    displayName: input.displayName.trim(),
    issuerUrl: input.issuerUrl.trim(),
    clientId: input.clientId.trim(),
    clientSecretSealed: secret !== undefined ? seal(ctx.secretsKey, secret) : null,
  };
  if (!before || changesWhoSignsIn(before, proposal)) {
    const approval = await ctx.db.transaction((tx) =>
      askSecondAdminToChange(
        tx,
        {
          key: settingKeyOf('sign_in_provider', id),
          value: proposal,
          from: before
            ? {
                id,
                displayName: before.displayName,
                issuerUrl: before.issuerUrl,
                clientId: before.clientId,
              }
            : null,
          requestedBy: actorId,
          requestedAt: ctx.clock.now(),
        },
        {
          ip,
          targetType: 'setting',
          targetId: `sign_in_provider:${id}`,
          details: { op: before ? 'change' : 'add' },
        },
      ),
    );
    announceApprovalChange(ctx, null);
    return { status: 202, body: { approval } };
  }
  const saved = await ctx.db.transaction((tx) => storeProvider(ctx, tx, proposal, { actorId, ip }));
  forgetProvider(ctx.caches, id);
  ctx.mailer.kick();
  return { status: 200, body: { provider: adminView(saved) } };
}

/** Another issuer (or another client, whose subjects may be its own) names other accounts. */
function changesWhoSignsIn(before: SignInProviderRow, after: ProviderProposal): boolean {
  return (
    issuerKey(before.issuerUrl) !== issuerKey(after.issuerUrl) || before.clientId !== after.clientId
  );
}

/** The checker's half (approvals.service): the provider the maker asked for, audited with both. */
export async function applyProviderChange(
  ctx: AppContext,
  tx: Tx,
  proposal: ProviderProposal,
  by: { actorId: string; ip: string; requestedBy: string; approvalId: string },
): Promise<() => void> {
  await storeProvider(ctx, tx, proposal, by);
  return () => {
    forgetProvider(ctx.caches, proposal.id);
    ctx.mailer.kick();
  };
}

async function storeProvider(
  ctx: AppContext,
  tx: Tx,
  proposal: ProviderProposal,
  by: { actorId: string; ip: string; requestedBy?: string; approvalId?: string },
): Promise<SignInProviderRow> {
  const { id } = proposal;
  const before = await repo.findProvider(tx, id);
  const now = ctx.clock.now();
  // The links made through the provider as it was end here, and their owners are told (they
  // link again with their password at the next "Continue with …").
  if (before && changesWhoSignsIn(before, proposal)) {
    const dropped = await repo.deleteIdentitiesThrough(tx, id);
    await providerLinksDropped(ctx, tx, dropped, {
      reason: 'provider_changed',
      provider: before.displayName,
      actorId: by.actorId,
      ip: by.ip,
    });
  }
  await repo.upsertProvider(tx, {
    id,
    displayName: proposal.displayName,
    issuerUrl: proposal.issuerUrl,
    clientId: proposal.clientId,
    clientSecretSealed: proposal.clientSecretSealed ?? before?.clientSecretSealed ?? '',
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  });
  await recordAudit(tx, {
    actorId: by.actorId,
    action: before ? 'settings.sign_in_provider_changed' : 'settings.sign_in_provider_added',
    targetType: 'setting',
    targetId: `sign_in_provider:${id}`,
    ip: by.ip,
    // Never the secret: only whether it was replaced.
    details: {
      issuerUrl: proposal.issuerUrl,
      clientId: proposal.clientId,
      secretReplaced: proposal.clientSecretSealed !== null,
      ...(by.requestedBy
        ? { requestedBy: by.requestedBy, approvedBy: by.actorId, approvalId: by.approvalId }
        : {}),
    },
  });
  const saved = await repo.findProvider(tx, id);
  if (!saved) throw refusal('OIDC_PROVIDER_NOT_FOUND');
  return saved;
}

export async function removeProvider(
  ctx: AppContext,
  actorId: string,
  id: string,
  ip: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const provider = await repo.findProvider(tx, id);
    if (!provider) throw refusal('OIDC_PROVIDER_NOT_FOUND');
    // Its links go with it; their owners are told.
    const dropped = await repo.deleteIdentitiesThrough(tx, id);
    await providerLinksDropped(ctx, tx, dropped, {
      reason: 'provider_removed',
      provider: provider.displayName,
      actorId,
      ip,
    });
    if (!(await repo.deleteProvider(tx, id))) throw refusal('OIDC_PROVIDER_NOT_FOUND');
    await recordAudit(tx, {
      actorId,
      action: 'settings.sign_in_provider_removed',
      targetType: 'setting',
      targetId: `sign_in_provider:${id}`,
      ip,
    });
  });
  forgetProvider(ctx.caches, id);
  ctx.mailer.kick();
}
