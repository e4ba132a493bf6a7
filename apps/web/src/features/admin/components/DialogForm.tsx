import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions, Modal } from '../../../ui';
import { PlainForm } from '../../../ui/forms';

/** Whether an add/edit dialog is open, as its page holds it. */
export interface ModalState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A dialog's `onOpenChange` that only acts on the close (Escape, the backdrop, the close button). */
export function onClosed(close: () => void) {
  return (open: boolean) => {
    if (!open) close();
  };
}

/**
 * The back office's add/edit dialogs: a modal whose form is mounted only while it is open, so each
 * opening starts from the item's values; `children` gets `close`.
 */
export function FormModal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: ModalState & {
  title: string;
  description?: string;
  children: (close: () => void) => ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {open && children(() => onOpenChange(false))}
    </Modal>
  );
}

/** A dialog's form: fields in a column, checked by its own `onSubmit` (no native validation). */
export function DialogForm({
  onSubmit,
  id,
  children,
}: {
  onSubmit: () => void;
  id?: string;
  children: ReactNode;
}) {
  return (
    <PlainForm id={id} onSubmit={onSubmit}>
      {children}
    </PlainForm>
  );
}

/** Cancel and the submit button (Save unless named), side by side from `sm`, submit on top below. */
export function DialogFormFooter({
  onCancel,
  pending,
  submitLabel,
  submitDisabledReason,
}: {
  onCancel: () => void;
  /** While the request runs: Cancel is disabled and the submit button spins. */
  pending?: boolean;
  submitLabel?: string;
  /** The id of the text saying why the submit button is disabled (see DialogActions). */
  submitDisabledReason?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <DialogActions
      cancelLabel={t('common.cancel')}
      onCancel={onCancel}
      submitLabel={submitLabel ?? t('common.save')}
      pending={pending}
      submitDisabledReason={submitDisabledReason}
    />
  );
}
