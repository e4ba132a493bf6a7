import { verificationSettingSchema } from '@app/shared/schemas/verification';
import {
  appropriatenessSettingSchema,
  documentRetentionSettingSchema,
} from '@app/shared/schemas/appropriateness';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fourEyesSettingSchema, updateFourEyesSettingSchema } from '@app/shared/schemas/approvals';
import { feeScheduleSchema, updateFeeScheduleSchema } from '@app/shared/schemas/money';
import {
  traderFeeBoundsInputSchema,
  traderProgrammeSchema,
} from '@app/shared/schemas/lead-traders';
import type { AppContext } from '../../context';
import { guardAdmin } from '../../http/guards';
import { requireAdmin } from '../auth/session';
import * as service from './settings.service';

/** GET /api/settings/fees — public: the fee schedule for /withdrawals/fee and the form. */
export function settingsRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/fees', { schema: { tags: ['settings'], response: { 200: feeScheduleSchema } } }, () =>
      service.feeSchedule(ctx),
    );
    done();
  };
}

/**
 * PUT /api/admin/settings/fees {withdrawalFeePct}; GET and PUT /api/admin/settings/four-eyes
 * {threshold}, /verification, /trader-fees, /appropriateness {appropriatenessRequired},
 * /document-retention {retentionDays} — admin, audited.
 */
export function adminSettingsRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.put(
      '/fees',
      {
        schema: {
          tags: ['admin'],
          body: updateFeeScheduleSchema,
          response: { 200: feeScheduleSchema },
        },
      },
      (request) =>
        service.updateFeeSchedule(ctx, requireAdmin(request).user.id, request.body, request.ip),
    );
    app.get(
      '/four-eyes',
      { schema: { tags: ['admin'], response: { 200: fourEyesSettingSchema } } },
      () => service.fourEyesSetting(ctx),
    );
    app.put(
      '/four-eyes',
      {
        schema: {
          tags: ['admin'],
          body: updateFourEyesSettingSchema,
          response: { 200: fourEyesSettingSchema },
        },
      },
      (request) =>
        service.updateFourEyesSetting(ctx, requireAdmin(request).user.id, request.body, request.ip),
    );
    app.get(
      '/verification',
      { schema: { tags: ['admin'], response: { 200: verificationSettingSchema } } },
      () => service.verificationSetting(ctx),
    );
    app.put(
      '/verification',
      {
        schema: {
          tags: ['admin'],
          body: verificationSettingSchema,
          response: { 200: verificationSettingSchema },
        },
      },
      (request) =>
        service.updateVerificationSetting(
          ctx,
          requireAdmin(request).user.id,
          request.body,
          request.ip,
        ),
    );
    const traderFees = traderProgrammeSchema.pick({ feeMinPct: true, feeMaxPct: true });
    app.get('/trader-fees', { schema: { tags: ['admin'], response: { 200: traderFees } } }, () =>
      service.traderFeeBounds(ctx.db),
    );
    app.put(
      '/trader-fees',
      {
        schema: {
          tags: ['admin'],
          body: traderFeeBoundsInputSchema,
          response: { 200: traderFees },
        },
      },
      (request) =>
        service.updateTraderFeeBounds(ctx, requireAdmin(request).user.id, request.body, request.ip),
    );
    app.get(
      '/appropriateness',
      { schema: { tags: ['admin'], response: { 200: appropriatenessSettingSchema } } },
      () => service.appropriatenessSetting(ctx),
    );
    app.put(
      '/appropriateness',
      {
        schema: {
          tags: ['admin'],
          body: appropriatenessSettingSchema,
          response: { 200: appropriatenessSettingSchema },
        },
      },
      (request) =>
        service.updateAppropriatenessSetting(
          ctx,
          requireAdmin(request).user.id,
          request.body,
          request.ip,
        ),
    );
    app.get(
      '/document-retention',
      { schema: { tags: ['admin'], response: { 200: documentRetentionSettingSchema } } },
      () => service.documentRetentionSetting(ctx),
    );
    app.put(
      '/document-retention',
      {
        schema: {
          tags: ['admin'],
          body: documentRetentionSettingSchema,
          response: { 200: documentRetentionSettingSchema },
        },
      },
      (request) =>
        service.updateDocumentRetentionSetting(
          ctx,
          requireAdmin(request).user.id,
          request.body,
          request.ip,
        ),
    );
    done();
  };
}
