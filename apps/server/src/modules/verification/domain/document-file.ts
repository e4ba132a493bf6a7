/**
 * What an uploaded document is, judged by its bytes (never by the name or the declared type):
 * JPEG, PNG or PDF, and nothing else (SVG, HTML, scripts, archives...). The name the client gave
 * must not claim another type: a PNG called "scan.pdf" is refused.
 */
export type DocumentFileType = 'jpeg' | 'png' | 'pdf';

const SIGNATURES: readonly [DocumentFileType, readonly number[]][] = [
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
];

export function sniffDocumentType(bytes: Uint8Array): DocumentFileType | null {
  for (const [type, signature] of SIGNATURES) {
    if (bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)) {
      return type;
    }
  }
  return null;
}

const EXTENSIONS: Record<DocumentFileType, readonly string[]> = {
  jpeg: ['jpg', 'jpeg', 'jfif'],
  png: ['png'],
  pdf: ['pdf'],
};

/**
 * Whether the file's name agrees with its content: no extension at all (some phone cameras send
 * "blob" or "image"), or an extension of that very type.
 */
export function nameAgreesWith(filename: string, type: DocumentFileType): boolean {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return true;
  return EXTENSIONS[type].includes(base.slice(dot + 1).toLowerCase());
}

/** The type, or null when the bytes are not an accepted document or the name claims another. */
export function documentTypeOf(filename: string, bytes: Uint8Array): DocumentFileType | null {
  const type = sniffDocumentType(bytes);
  if (!type || !nameAgreesWith(filename, type)) return null;
  return type;
}
