import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useBook, useChooseBook } from '../lib/book';
import { Button } from './Button';
import { UI_NAMESPACE } from './i18n';

/**
 * The pages that move real money in or out (deposits, withdrawals): real only. With the practice
 * account shown they say that virtual money neither comes in nor goes out, and offer the switch
 * to Real, which shows the page itself.
 */
export function RealOnly() {
  const { t } = useTranslation(UI_NAMESPACE);
  const book = useBook();
  const choose = useChooseBook();
  if (book !== 'practice') return <Outlet />;
  return (
    <section
      aria-labelledby="real-only-title"
      data-testid="real-only"
      className="mx-auto flex max-w-xl flex-col items-start gap-3 rounded-2xl border border-practice/40 bg-surface p-6"
    >
      <h2 id="real-only-title" className="text-lg font-semibold text-text">
        {t('realOnly.title')}
      </h2>
      <p className="text-sm leading-relaxed text-muted">{t('realOnly.body')}</p>
      <Button onClick={() => choose('real')}>{t('realOnly.switch')}</Button>
    </section>
  );
}
