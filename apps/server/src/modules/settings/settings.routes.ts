import { verificationSettingSchema } from '@app/shared/schemas/verification';
import {
  appropriatenessSettingSchema,
  documentRetentionSettingSchema,
} from '@app/shared/schemas/appropriateness';
import type { z } from 'zod';
import { practiceSettingSchema } from '@app/shared/schemas/practice';
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
import type { ZodRoutes } from '../../http/route-plugin';

/**
 * GET and PUT `path` of an admin setting: GET answers it (`read`); PUT hands the change checked by
 * `schemas.body` to `update` with the acting admin and address, and answers 200 with the setting
 * when applied, 202 with the approval when the change widens what one admin can do and waits for
 * a second admin (settings.service).
 */
function settingRoutes<Setting, Body>(
  app: ZodRoutes,
  ctx: AppContext,
  path: string,
  schemas: { setting: z.ZodType<unknown, Setting>; body: z.ZodType<Body> },
  read: () => Promise<Setting>,
  update: (
    ctx: AppContext,
    actorId: string,
    input: Body,
    ip: string,
  ) => Promise<SettingChangeOutcome<unknown>>,
): void {
  const { setting, body } = schemas;
  app.get(path, { schema: { tags: ['admin'], response: { 200: setting } } }, read);
  app.put(
    path,
    { schema: { tags: ['admin'], body, response: { 200: setting, 202: approvalResponseSchema } } },
    async (request, reply) => {
      const outcome = await update(
        ctx,
        requireAdmin(request).user.id,
        // `schemas.body` has parsed the body; the type provider only cannot see through the generic.
        request.body as Body,
        request.ip,
      );
      return reply.status(outcome.status).send(outcome.body);
    },
  );
}

/**
 * GET and PUT /api/admin/settings/four-eyes
 * {threshold}, /verification, /trader-fees, /appropriateness {appropriatenessRequired},
 * /document-retention {retentionDays}, /practice {practiceEnabled, startingCents} — admin,
 * audited.
 */
export function adminSettingsRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    settingRoutes(
      app,
      ctx,
      '/four-eyes',
      { setting: fourEyesSettingSchema, body: updateFourEyesSettingSchema },
      () => service.fourEyesSetting(ctx),
      service.updateFourEyesSetting,
    );
    settingRoutes(
      app,
      ctx,
      '/verification',
      { setting: verificationSettingSchema, body: verificationSettingSchema },
      () => service.verificationSetting(ctx),
      service.updateVerificationSetting,
    );
    settingRoutes(
      app,
      ctx,
      '/trader-fees',
      {
        setting: traderProgrammeSchema.pick({ feeMinPct: true, feeMaxPct: true }),
        body: traderFeeBoundsInputSchema,
      },
      () => service.traderFeeBounds(ctx.db),
      service.updateTraderFeeBounds,
    );
    settingRoutes(
      app,
      ctx,
      '/appropriateness',
      { setting: appropriatenessSettingSchema, body: appropriatenessSettingSchema },
      () => service.appropriatenessSetting(ctx),
      service.updateAppropriatenessSetting,
    );
    settingRoutes(
      app,
      ctx,
      '/document-retention',
      { setting: documentRetentionSettingSchema, body: documentRetentionSettingSchema },
      () => service.documentRetentionSetting(ctx),
      service.updateDocumentRetentionSetting,
    );
    settingRoutes(
      app,
      ctx,
      '/practice',
      { setting: practiceSettingSchema, body: practiceSettingSchema },
      () => service.practiceSetting(ctx.db),
      service.updatePracticeSetting,
    );
  });
}
