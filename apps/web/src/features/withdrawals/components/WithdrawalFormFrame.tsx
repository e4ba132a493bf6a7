import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';

/** A withdrawal form's frame: its title, its fields, Withdraw, and the confirmation dialog. */
export function WithdrawalFormFrame({
  title,
  onSubmit,
  dialog,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  dialog: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('withdrawals');
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <h3 className="text-base font-semibold text-text">{title}</h3>
      {children}
      <Button type="submit" size="lg" className="sm:self-end">
        {t('withdraw')}
      </Button>
      {dialog}
    </form>
  );
}
