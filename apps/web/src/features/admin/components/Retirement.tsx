import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ConfirmDialog } from '../../../ui';
import { useAdminMutation, type ActionMessages } from '../hooks/useAdminMutation';

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
  const { t } = useTranslation('admin');
  const [retiring, setRetiring] = useState<T | null>(null);
  const mutation = useAdminMutation({
    mutationFn: retire,
    messages: () => messages,
    onSuccess: () => setRetiring(null),
  });
  const dialog = retiring !== null && (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) setRetiring(null);
      }}
      {...confirmation(retiring)}
      confirmLabel={confirmLabel}
      cancelLabel={t('common.cancel')}
      variant="danger"
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate(retiring)}
    />
  );
  return {
    ask: (item) => {
      mutation.reset();
      setRetiring(item);
    },
    dialog,
  };
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
