import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { mapTradingError } from '../modules/copy-trading/copy-trading.errors';
import { AppError } from './errors';

interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

function body(code: string, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

/**
 * The one place that turns failures into HTTP answers. Bad input names its field; a 5xx never
 * carries internals (they go to the log with the request id).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.field));
    }
    const trading = mapTradingError(error);
    if (trading) {
      return reply.status(trading.status).send(body(trading.code, trading.message, trading.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const message = issue?.message ?? 'Invalid input';
      return reply.status(400).send(body('VALIDATION_FAILED', message, field));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    }
    if (status === 429) {
      return reply
        .status(429)
        .send(body('RATE_LIMITED', 'Too many attempts. Please wait and try again.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, wrong content type...) carry safe messages.
      return reply.status(status).send(body('VALIDATION_FAILED', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong. Please try again.'));
  });
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
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .status(tooLong ? 414 : 400)
    .send(
      body('VALIDATION_FAILED', tooLong ? 'The address is too long' : 'The address is not valid'),
    );
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over the size limit, a
 * malformed request line, a client too slow to send its headers), passed as Fastify's
 * `clientErrorHandler`: answered in the same {error:{code,message}} shape as everything else.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'REQUEST_HEADERS_TOO_LARGE', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive']
        : [400, 'VALIDATION_FAILED', 'The request is not valid HTTP'];
  const payload = JSON.stringify(body(code, message));
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
