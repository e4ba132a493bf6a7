import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DOWNLOAD_TYPES = {
  csv: 'text/csv; charset=utf-8; header=present',
  pdf: 'application/pdf',
  json: 'application/json; charset=utf-8',
} as const;

/**
 * Sends a statement or export as an attachment: its content type, file name and language, never
 * sniffed. A streamed body releases its snapshot (`release`) when it closes, however it ends, and
 * a failure midway is logged with `failure` (the client already has a 200 and part of the file).
 */
export function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  file: {
    body: Readable | string;
    format: keyof typeof DOWNLOAD_TYPES;
    fileName: string;
    language?: string;
    release?: () => void;
    failure: string;
    logContext?: Record<string, unknown>;
  },
) {
  const { body } = file;
  if (typeof body !== 'string') {
    if (file.release) body.on('close', file.release);
    body.on('error', (error) =>
      request.log.error({ err: error, ...file.logContext }, file.failure),
    );
  }
  reply
    .type(DOWNLOAD_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff');
  if (file.language) reply.header('content-language', file.language);
  return reply.send(body);
}
