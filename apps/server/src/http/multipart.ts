import type { FastifyRequest } from 'fastify';
import type { AppError } from './errors';

/** One uploaded file, read whole: the form field it came in, the name the client gave, the bytes. */
export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

const tooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads the one file of a multipart request (the route's scope registers @fastify/multipart with
 * its limits). Refuses with `missing()` when the request is not multipart, is malformed (no
 * boundary, cut short) or carries no file, and
 * with `oversized(field)` when the file is over `maxBytes` (whether the parser or the count noticed).
 * Every upload route reads its file through here, so the parsing and its edge cases live once.
 */
export async function readOneFile(
  request: FastifyRequest,
  options: {
    maxBytes: number;
    missing: () => AppError;
    oversized: (field: string | undefined) => AppError;
  },
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw options.missing();
  let file;
  try {
    file = await request.file();
  } catch (error) {
    if (tooLarge(error)) throw options.oversized(undefined);
    // A body that is not well-formed multipart (no boundary, cut short): no file was sent.
    throw options.missing();
  }
  if (!file) throw options.missing();
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if (tooLarge(error)) throw options.oversized(file.fieldname);
    throw options.missing();
  }
  if (file.file.truncated || bytes.length > options.maxBytes) {
    throw options.oversized(file.fieldname);
  }
  return { field: file.fieldname, filename: file.filename, bytes };
}
