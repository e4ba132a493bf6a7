/**
 * The one date formatter of both sides, in the reader's language: English as the seed writes dates
 * (MM/DD/YYYY, seed section 5), Spanish DD/MM/YYYY, German DD.MM.YYYY; in UTC so every viewer sees
 * the same day. Any other language reads English.
 */
export function formatDate(value: string | number | Date, language: string): string {
  const date = value instanceof Date ? value : new Date(value);
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const yyyy = date.getUTCFullYear();
  switch (language.slice(0, 2)) {
    case 'de':
      return `${dd}.${mm}.${yyyy}`;
    case 'es':
      return `${dd}/${mm}/${yyyy}`;
    default:
      return `${mm}/${dd}/${yyyy}`;
  }
}

/** The date in the reader's language plus "HH:MM UTC" (24-hour), for logs and sessions. */
export function formatDateTime(value: string | number | Date, language: string): string {
  const date = value instanceof Date ? value : new Date(value);
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(date, language)} ${hh}:${mm} UTC`;
}

/** Two initials from a full name, for the fallback avatar. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
