import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_MEGABYTES,
  adminVerificationListSchema,
  adminVerificationSchema,
  documentIdParamsSchema,
  myVerificationSchema,
  rejectVerificationSchema,
  verificationDetailsSchema,
  verificationIdParamsSchema,
  verificationQuerySchema,
} from '@app/shared/schemas/verification';
import type { AppContext } from '../../context';
import { statusQueueRoute, type ZodRoutes } from '../../http/route-plugin';
import { refusal } from '../../http/errors';
import { signedInUploadRoutes } from '../session';
import { readOneFile } from '../../http/multipart';
import { limitOn, rateLimiter } from '../../http/rate-limit';
import { requireAdmin, requireUser } from '../session';
import * as service from './verification.service';
import { adminRoutes } from '../session';

/** Document uploads one account may make per 10 minutes (each decodes an image). */
const documentUploadsByAccount = { name: 'verification:upload', max: 20, windowMs: 10 * 60_000 };

const adminVerificationResponse = z.object({ verification: adminVerificationSchema });

/**
 * Sends a document so the browser runs nothing inside it, in our origin or any other: a JPEG we
 * re-encoded ourselves is shown inline (the reviewer's <img>); anything else — a PDF kept as the
 * user sent it, scripts and all — only as a download (`attachment`), never rendered in a tab of
 * the app's origin. Both under nosniff and a CSP `sandbox` that allows no script, form or plugin,
 * should a browser open it anyway. docs/verification.md says why not re-render PDFs.
 */
function sendDocument(
  reply: FastifyReply,
  document: { bytes: Buffer; mediaType: string; kind: string },
) {
  const ours = document.mediaType === 'image/jpeg';
  const fileName = `${document.kind}.${ours ? 'jpg' : 'pdf'}`;
  return reply
    .type(document.mediaType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
    .header('content-disposition', `${ours ? 'inline' : 'attachment'}; filename="${fileName}"`)
    .send(document.bytes);
}

/** The binary answer of a document route, as the OpenAPI document describes it. */
const documentResponse = {
  200: z.string().describe('The document (image/jpeg or application/pdf)'),
};

type StoredDocument = Parameters<typeof sendDocument>[1];

/** GET /documents/:id: the document `read` gives the caller (or its refusal), sent safely. */
function documentRoute(
  app: ZodRoutes,
  tags: string[],
  read: (request: FastifyRequest, id: string) => Promise<StoredDocument>,
) {
  app.get(
    '/documents/:id',
    { schema: { tags, params: documentIdParamsSchema, response: documentResponse } },
    async (request, reply) => sendDocument(reply, await read(request, request.params.id)),
  );
}

/**
 * /api/verification: the signed-in user's own review — GET it, POST /documents (multipart, one
 * file whose field is its kind), POST /submit {details}, GET /documents/:id (their own only).
 */
export function verificationRoutes(ctx: AppContext) {
  const limiter = rateLimiter(ctx);
  return signedInUploadRoutes(DOCUMENT_MAX_BYTES, (app) => {
    const tags = ['verification'];

    app.get('/', { schema: { tags, response: { 200: myVerificationSchema } } }, (request) =>
      service.myVerification(ctx, requireUser(request).user.id),
    );

    app.post(
      '/documents',
      {
        bodyLimit: DOCUMENT_MAX_BYTES + 1024 * 1024,
        preHandler: limiter.guard([
          limitOn(documentUploadsByAccount, (request) => request.auth?.user.id ?? request.ip),
        ]),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: `One file in a field named ${DOCUMENT_KINDS.join(', ')}: JPEG, PNG or PDF, at most ${DOCUMENT_MAX_MEGABYTES} MB.`,
          response: { 200: myVerificationSchema },
        },
      },
      async (request) => {
        const { user } = requireUser(request);
        const file = await readOneFile(request, {
          maxBytes: DOCUMENT_MAX_BYTES,
          missing: () => refusal('VERIFICATION_FILE_REQUIRED'),
          oversized: (field) =>
            refusal(
              'VERIFICATION_FILE_TOO_LARGE',
              { maxMegabytes: DOCUMENT_MAX_MEGABYTES },
              field?.slice(0, 40),
            ),
        });
        return service.uploadDocument(ctx, user, file, request.ip);
      },
    );

    app.post(
      '/submit',
      {
        schema: { tags, body: verificationDetailsSchema, response: { 200: myVerificationSchema } },
      },
      (request) => service.submit(ctx, requireUser(request).user, request.body, request.ip),
    );

    documentRoute(app, tags, (request, id) =>
      service.readOwnDocument(ctx, requireUser(request).user, id, request.ip),
    );
  });
}

/**
 * /api/admin/verifications: the review queue (?status=), GET /documents/:id (audited),
 * POST /:id/approve (activates the account), POST /:id/reject {reason, document?}.
 */
export function adminVerificationRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    const tags = ['admin'];

    statusQueueRoute(
      app,
      { tags, querystring: verificationQuerySchema, response: adminVerificationListSchema },
      (status) => service.listVerifications(ctx, status),
    );

    documentRoute(app, tags, (request, id) =>
      service.readDocumentAsAdmin(ctx, requireAdmin(request).user, id, request.ip),
    );

    app.post(
      '/:id/approve',
      {
        schema: {
          tags,
          params: verificationIdParamsSchema,
          response: { 200: adminVerificationResponse },
        },
      },
      (request) => service.approve(ctx, requireAdmin(request).user, request.params.id, request.ip),
    );

    app.post(
      '/:id/reject',
      {
        schema: {
          tags,
          params: verificationIdParamsSchema,
          body: rejectVerificationSchema,
          response: { 200: adminVerificationResponse },
        },
      },
      (request) =>
        service.reject(
          ctx,
          requireAdmin(request).user,
          request.params.id,
          request.body,
          request.ip,
        ),
    );
  });
}
