import { formatDate } from '@app/shared/format';

/** "MM/DD/YYYY HH:MM UTC" — the seed's date format plus the time, for logs and sessions. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(date)} ${hh}:${mm} UTC`;
}

/** "YYYY-MM-DD" (UTC) of an ISO timestamp, to compare with a date input's value. */
export function isoDay(value: string): string {
  return new Date(value).toISOString().slice(0, 10);
}
