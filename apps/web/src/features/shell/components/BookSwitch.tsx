import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BOOKS, type Book } from '../../../lib/book';
import { buttonClasses, Modal, ModalClose } from '../../../ui';
import { useBookSwitch } from '../hooks/useBookSwitch';

/** Practice first: the order the words are read in ("Practice / Real"). */
const OPTIONS: readonly Book[] = [...BOOKS].reverse();

const SEGMENT_LOOKS: Record<Book, string> = {
  practice: 'bg-practice text-bg',
  real: 'bg-surface-2 text-text',
};

/**
 * "Practice" / "Real" in the top bar: a radio group (arrow keys move between the two, the chosen
 * one is announced as checked), so it always says which account is shown. Nothing while the
 * operator has practice off. A user without a verified e-mail is told how to verify it instead.
 */
export function BookSwitch() {
  const { t } = useTranslation('shell');
  const name = useId();
  const { book, offered, starting, select, verifyAsked, closeVerify } = useBookSwitch();
  if (!offered) return null;
  return (
    <>
      <fieldset
        data-testid="book-switch"
        data-book={book}
        aria-busy={starting || undefined}
        className="flex shrink-0 items-center gap-0.5 rounded-lg border border-border bg-surface p-0.5"
      >
        <legend className="sr-only">{t('practice.switchLabel')}</legend>
        {OPTIONS.map((option) => (
          <label
            key={option}
            className={clsx(
              'cursor-pointer rounded-md px-2 py-1 text-xs font-semibold whitespace-nowrap sm:px-3 sm:text-sm',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-strong',
              book === option ? SEGMENT_LOOKS[option] : 'text-muted hover:text-text',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={book === option}
              disabled={starting}
              onChange={() => select(option)}
              className="sr-only"
            />
            {t(`practice.${option}`)}
          </label>
        ))}
      </fieldset>
      <Modal
        open={verifyAsked}
        onOpenChange={(open) => {
          if (!open) closeVerify();
        }}
        title={t('practice.verifyTitle')}
        description={t('practice.verifyBody')}
        size="sm"
        footer={
          <>
            <ModalClose className={buttonClasses('secondary', 'md')}>
              {t('practice.notNow')}
            </ModalClose>
            <Link to="/profile" onClick={closeVerify} className={buttonClasses('primary', 'md')}>
              {t('practice.verifyAction')}
            </Link>
          </>
        }
      />
    </>
  );
}
