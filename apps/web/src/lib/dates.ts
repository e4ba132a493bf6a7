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

/** "08:35 UTC": the time of day as formatDateTime writes it, for a text that puts the date apart. */
export function formatTime(value: string | number | Date): string {
  return formatDateTimeIn(value, currentLanguage()).split(' ').slice(-2).join(' ');
}

/** A month ("2025-07") as "July 2025" / "julio de 2025" / "Juli 2025", in the language on screen. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(currentLanguage(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)));
}
