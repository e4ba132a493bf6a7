import type { Book } from '../lib/book';
import { i18n, UI_NAMESPACE } from './i18n';

/**
 * A toast's title about a copy of `book`: a practice copy's starts with the marker "Practice —
 * virtual money", so no toast about virtual money can be read as one about real money.
 */
export function markedTitle(book: Book, title: string): string {
  if (book !== 'practice') return title;
  return `${i18n.t('practiceMarker', { ns: UI_NAMESPACE })} · ${title}`;
}
