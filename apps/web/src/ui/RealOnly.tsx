import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useBook, useChooseBook } from '../lib/book';
import { Button } from './Button';
import { Card } from './Card';
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
    <Card
      data-testid="real-only"
      title={t('realOnly.title')}
      description={t('realOnly.body')}
      className="mx-auto max-w-xl border-practice/40"
    >
      <Button onClick={() => choose('real')}>{t('realOnly.switch')}</Button>
    </Card>
  );
}
