import { z } from 'zod';
import {
  acknowledgeWarningSchema,
  adminQuestionnaireSchema,
  adminUserAppropriatenessSchema,
  myAppropriatenessSchema,
  submitAssessmentSchema,
  updateQuestionnaireSchema,
} from '@app/shared/schemas/appropriateness';
import { rule } from '@app/shared/rules';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../session';
import * as service from './appropriateness.service';
import { adminRoutes, signedInRoutes } from '../session';

/**
 * /api/appropriateness: the signed-in user's own check — GET where they stand with the questions,
 * POST {version, answers} to take it, POST /acknowledge {acknowledged: true} under the warning.
 */
export function appropriatenessRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    const tags = ['appropriateness'];
    app.get('/', { schema: { tags, response: { 200: myAppropriatenessSchema } } }, (request) =>
      service.myAppropriateness(ctx, requireUser(request).user.id),
    );
    app.post(
      '/',
      {
        schema: { tags, body: submitAssessmentSchema, response: { 200: myAppropriatenessSchema } },
      },
      (request) =>
        service.submitAssessment(ctx, requireUser(request).user, request.body, request.ip),
    );
    app.post(
      '/acknowledge',
      {
        schema: {
          tags,
          body: acknowledgeWarningSchema,
          response: { 200: myAppropriatenessSchema },
        },
      },
      (request) => service.acknowledgeWarning(ctx, requireUser(request).user, request.ip),
    );
  });
}

const userIdParams = z.object({ id: z.uuid({ error: rule('USER_ID_NOT_FOUND') }) });

/**
 * /api/admin/appropriateness: GET and PUT /questionnaire (PUT stores a new version, audited);
 * GET /users/:id — a user's assessments with their answers, score, result and acknowledgement.
 */
export function adminAppropriatenessRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    const tags = ['admin'];
    app.get(
      '/questionnaire',
      { schema: { tags, response: { 200: adminQuestionnaireSchema } } },
      () => service.adminQuestionnaire(ctx),
    );
    app.put(
      '/questionnaire',
      {
        schema: {
          tags,
          body: updateQuestionnaireSchema,
          response: { 200: adminQuestionnaireSchema },
        },
      },
      (request) =>
        service.updateQuestionnaire(
          ctx,
          requireAdmin(request).user,
          request.body.content,
          request.ip,
        ),
    );
    app.get(
      '/users/:id',
      { schema: { tags, params: userIdParams, response: { 200: adminUserAppropriatenessSchema } } },
      (request) => service.userAppropriatenessForAdmin(ctx, request.params.id),
    );
  });
}
