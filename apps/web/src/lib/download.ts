import { refusalOf } from './api';

/** The file name the server chose (Content-Disposition), else a fallback. */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * A file from the API (a statement, an export), read whole so the caller can show that it is being
 * prepared and show a refusal instead of a broken download. A refusal throws ApiRequestError with
 * the server's code, (translated) message and field.
 */
export async function fetchDownload(
  url: string,
  fallback: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetch(url, { credentials: 'same-origin', signal: signal ?? null });
  if (!response.ok) {
    throw await refusalOf(response.status, await response.json().catch(() => null));
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition'), fallback) };
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is let go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
