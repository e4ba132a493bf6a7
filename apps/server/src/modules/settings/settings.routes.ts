import { verificationSettingSchema } from '@app/shared/schemas/verification';
import {
  appropriatenessSettingSchema,
  documentRetentionSettingSchema,
} from '@app/shared/schemas/appropriateness';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  approvalResponseSchema,
  fourEyesSettingSchema,
  updateFourEyesSettingSchema,
} from '@app/shared/schemas/approvals';
import {
  traderFeeBoundsInputSchema,
  traderProgrammeSchema,
} from '@app/shared/schemas/lead-traders';
import type { AppContext } from '../../context';
import { requireAdmin } from '../session';
import * as service from './settings.service';
import type { SettingChangeOutcome } from './settings.service';
import { adminRoutes } from '../session';

/**
 * PUT of an admin setting: 200 with the setting when applied, 202 with the approval when the
 * change widens what one admin can do and waits for a second admin (settings.service).
 */
function putChange<Body extends z.ZodType, Setting extends z.ZodType>(
  fastify: FastifyInstance,
  path: string,
  body: Body,
  setting: Setting,
  run: (
    request: FastifyRequest<{ Body: z.output<Body> }>,
  ) => Promise<SettingChangeOutcome<unknown>>,
): void {
  fastify.put(
    path,
    { schema: { tags: ['admin'], body, response: { 200: setting, 202: approvalResponseSchema } } },
    async (request, reply) => {
      const outcome = await run(request as FastifyRequest<{ Body: z.output<Body> }>);
      return reply.status(outcome.status).send(outcome.body);
    },
  );
}

/**
 * GET and PUT /api/admin/settings/four-eyes
 * {threshold}, /verification, /trader-fees, /appropriateness {appropriatenessRequired},
 * /document-retention {retentionDays} — admin, audited.
 */
export function adminSettingsRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    app.get(
      '/four-eyes',
      { schema: { tags: ['admin'], response: { 200: fourEyesSettingSchema } } },
      () => service.fourEyesSetting(ctx),
    );
    putChange(app, '/four-eyes', updateFourEyesSettingSchema, fourEyesSettingSchema, (request) =>
      service.updateFourEyesSetting(ctx, requireAdmin(request).user.id, request.body, request.ip),
    );
    app.get(
      '/verification',
      { schema: { tags: ['admin'], response: { 200: verificationSettingSchema } } },
      () => service.verificationSetting(ctx),
    );
    putChange(
      app,
      '/verification',
      verificationSettingSchema,
      verificationSettingSchema,
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
    putChange(app, '/trader-fees', traderFeeBoundsInputSchema, traderFees, (request) =>
      service.updateTraderFeeBounds(ctx, requireAdmin(request).user.id, request.body, request.ip),
    );
    app.get(
      '/appropriateness',
      { schema: { tags: ['admin'], response: { 200: appropriatenessSettingSchema } } },
      () => service.appropriatenessSetting(ctx),
    );
    putChange(
      app,
      '/appropriateness',
      appropriatenessSettingSchema,
      appropriatenessSettingSchema,
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
    putChange(
      app,
      '/document-retention',
      documentRetentionSettingSchema,
      documentRetentionSettingSchema,
      (request) =>
        service.updateDocumentRetentionSetting(
          ctx,
          requireAdmin(request).user.id,
          request.body,
          request.ip,
        ),
    );
  });
}
