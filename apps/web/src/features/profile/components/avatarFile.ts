import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@app/shared/schemas/profile';

/** What the file input offers; the server checks the bytes again and re-encodes. */
export const AVATAR_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

const EXTENSION = /\.(png|jpe?g)$/i;
const MIME_TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * The seed's checks before anything is sent: an image must be chosen ('Please select an image':
 * no file, or not a .png/.jpg/.jpeg), and it must be under 2 MB ('Image size must be less than
 * 2MB'), with the same limit the server applies. Returns the message, or null when it may go.
 */
export function avatarFileError(file: File | null | undefined): string | null {
  if (!file) return AVATAR_MESSAGES.required;
  // Some systems report no type; then the name decides, as it does on the server.
  if (!EXTENSION.test(file.name) || (file.type !== '' && !MIME_TYPES.has(file.type)))
    return AVATAR_MESSAGES.required;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_MESSAGES.tooLarge;
  return null;
}
