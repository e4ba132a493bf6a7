import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { Book } from '../lib/book';
import { Badge } from './Badge';
import { UI_NAMESPACE } from './i18n';

/**
 * The practice account's marks (issue 42), one set of words and one colour of their own
 * (`--color-practice`: not the brand's, not gain/loss green or red) wherever virtual money shows.
 */

/** "Practice": on a practice copy or transaction wherever it appears; nothing for a real one. */
export function PracticeBadge({ book, className }: { book: Book; className?: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (book !== 'practice') return null;
  return (
    <Badge tone="practice" className={clsx('whitespace-nowrap', className)}>
      {t('practiceBadge')}
    </Badge>
  );
}

/**
 * The band "Practice — virtual money" on every signed-in screen while the practice account is
 * shown: dark text on the practice colour (contrast 10:1, the same on any page behind it), kept
 * in view below the top bar.
 */
export function PracticeMarker({ className }: { className?: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <p
      role="note"
      data-testid="practice-marker"
      className={clsx(
        'flex items-center justify-center gap-2 bg-practice px-4 py-1.5 text-center text-sm font-semibold text-bg',
        className,
      )}
    >
      <span aria-hidden="true">◆</span>
      {t('practiceMarker')}
    </p>
  );
}
