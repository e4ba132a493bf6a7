import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type ButtonVariant } from '../../../ui';
import { useAdminMutation, type ActionMessages } from './useAdminMutation';
import { onClosed } from '../components/DialogForm';

/** What the "Are you sure?" dialog says about one item. */
export interface Confirmation {
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  /** 'danger' for anything destructive. */
  variant?: ButtonVariant;
}

/**
 * An admin action that asks first: `ask(item)` opens a confirmation that runs the action through
 * the admin mutation (toasts, refresh) and closes once it is done. Render `dialog` in the page.
 */
export function useConfirmedAction<T>({
  run,
  messages,
  confirmation,
}: {
  run: (item: T) => Promise<unknown>;
  messages: (item: T) => ActionMessages;
  confirmation: (item: T) => Confirmation;
}): { ask: (item: T) => void; dialog: ReactNode } {
  const { t } = useTranslation('admin');
  const [asking, setAsking] = useState<T | null>(null);
  const mutation = useAdminMutation({
    mutationFn: run,
    messages,
    onSuccess: () => setAsking(null),
  });
  const dialog = asking !== null && (
    <ConfirmDialog
      open
      onOpenChange={onClosed(() => setAsking(null))}
      {...confirmation(asking)}
      cancelLabel={t('common.cancel')}
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate(asking)}
    />
  );
  return {
    ask: (item) => {
      mutation.reset();
      setAsking(item);
    },
    dialog,
  };
}
