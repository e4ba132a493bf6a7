import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import type { ActionMessages } from '../hooks/useAdminMutation';
import { useConfirmedAction } from '../hooks/useConfirmedAction';

/**
 * A list's Retire flow: `ask(item)` opens a confirmation (danger) that retires the item through
 * the admin mutation and closes once it is done. Render `dialog` in the page.
 */
export function useRetirement<T>({
  retire,
  messages,
  confirmation,
  confirmLabel,
}: {
  retire: (item: T) => Promise<unknown>;
  messages: ActionMessages;
  confirmation: (item: T) => { title: string; description: string };
  confirmLabel: string;
}): { ask: (item: T) => void; dialog: ReactNode } {
  return useConfirmedAction({
    run: retire,
    messages: () => messages,
    confirmation: (item) => ({ ...confirmation(item), confirmLabel, variant: 'danger' }),
  });
}

/** A list row's Edit and Retire buttons. */
export function EditRetireActions({
  onEdit,
  onRetire,
  retireLabel,
  editDisabled,
}: {
  onEdit: () => void;
  onRetire: () => void;
  retireLabel: string;
  editDisabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <span className="inline-flex gap-2 whitespace-nowrap">
      <Button size="sm" variant="secondary" disabled={editDisabled} onClick={onEdit}>
        {t('common.edit')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onRetire}>
        {retireLabel}
      </Button>
    </span>
  );
}
