import { formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '@app/shared/format';
import { currentLanguage } from '../i18n';

/**
 * The web's date formatter: the shared one in the language on screen (11/29/2026 in English,
 * 29/11/2026 in Spanish, 29.11.2026 in German). Every screen formats dates through here; a
 * component that shows one also translates its texts, so it renders again when the language
 * changes.
 */
export function formatDate(value: string | number | Date): string {
  return formatDateIn(value, currentLanguage());
}

/** The date in the language on screen plus "HH:MM UTC". */
export function formatDateTime(value: string | number | Date): string {
  return formatDateTimeIn(value, currentLanguage());
}
