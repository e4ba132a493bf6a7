import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@app/shared/errors';
import { DomainError } from '../lib/domain-error';
import { AppError, invalidInput, refusal } from './errors';
import { rule } from '@app/shared/rules';

interface ErrorBody {
  error: { code: ErrorCode; message: string; params?: object; field?: string };
}

/** The one JSON answer of a refusal: its code, its parameters (when it has any), message, field. */
export function errorBody(error: AppError): ErrorBody {
  const { code, message, params, field } = error;
  return {
    error: {
      code,
      message,
      ...(Object.keys(params).length > 0 ? { params } : {}),
      ...(field ? { field } : {}),
    },
  };
}

/**
 * The one place that turns failures into HTTP answers: a refusal's status comes from the shared
 * table of its code. Bad input names its field; a 5xx never carries internals (they go to the log
 * with the request id).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refused = asRefusal(error, request);
    if (refused) return reply.status(refused.status).send(errorBody(refused));
    request.log.error({ err: error }, 'unhandled error');
    const internal = refusal('INTERNAL');
    return reply.status(internal.status).send(errorBody(internal));
  });
}

/**
 * A domain error (pure, without HTTP) as the refusal the client sees: its code, parameters and
 * the input field it concerns; null for any other error.
 */
export function domainRefusal(error: unknown): AppError | null {
  if (!(error instanceof DomainError)) return null;
  return new AppError(error.code, error.params, error.field);
}

/** A failure as the refusal the client sees, or null for an internal error. */
function asRefusal(error: FastifyError, request: FastifyRequest): AppError | null {
  if (error instanceof AppError) return error;
  const domain = domainRefusal(error);
  if (domain) return domain;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
    return invalidInput(issue?.message ?? rule('INVALID_INPUT'), field);
  }
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return refusal('PAYLOAD_TOO_LARGE');
  }
  if (status === 429) return refusal('RATE_LIMITED');
  if (status === 415) {
    const contentType = request.headers['content-type']?.split(';')[0]?.trim() || null;
    return refusal('UNSUPPORTED_MEDIA_TYPE', { contentType });
  }
  // Fastify's own 4xx (bad JSON, an empty body...) carry safe messages.
  if (status >= 400 && status < 500) return invalidInput(error.message);
  return null;
}

/**
 * Fastify's router answers a few requests before any hook or the error handler runs (a bad
 * percent-escape in the path, an over-long path parameter); passed as the `frameworkErrors`
 * option, this gives them the same {error:{code,message}} shape as every other answer.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const refused =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? refusal('ADDRESS_TOO_LONG')
      : invalidInput(rule('ADDRESS_NOT_VALID'));
  void reply.status(refused.status).send(errorBody(refused));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over the size limit, a
 * malformed request line, a client too slow to send its headers), passed as Fastify's
 * `clientErrorHandler`: answered in the same {error:{code,message}} shape as everything else.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refused =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? refusal('REQUEST_HEADERS_TOO_LARGE')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? refusal('REQUEST_TIMEOUT')
        : invalidInput(rule('REQUEST_NOT_VALID_HTTP'));
  const { status } = refused;
  const payload = JSON.stringify(errorBody(refused));
  if (socket.writable) {
    const head = [
      ['HTTP/1.1', status, http.STATUS_CODES[status]].join(' '),
      `content-length: ${Buffer.byteLength(payload)}`,
      'content-type: application/json; charset=utf-8',
      'connection: close',
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${payload}`);
  }
  socket.destroy(error);
}
