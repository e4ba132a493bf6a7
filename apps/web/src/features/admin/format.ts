export { formatDateTime } from '../../lib/dates';

/** "YYYY-MM-DD" (UTC) of an ISO timestamp, to compare with a date input's value. */
export function isoDay(value: string): string {
  return new Date(value).toISOString().slice(0, 10);
}
