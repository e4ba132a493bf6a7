import type { ReactNode } from 'react';
import { errorMessage } from '../lib/requestErrors';
import { Button, type ButtonVariant } from './Button';
import { Modal, type ModalProps } from './Modal';

export interface MutationDialogConfirm {
  label: ReactNode;
  onClick: () => void;
  /** 'danger' for anything destructive. */
  variant?: ButtonVariant;
  disabled?: boolean;
}

export interface MutationDialogProps {
  /** The request the dialog sends (a TanStack mutation). */
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  /** Cancel, Escape and the backdrop; none of them closes the dialog while the request runs. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalProps['size'];
  cancelLabel?: ReactNode;
  /** The button that sends the request; left out, only the way back is offered. */
  confirm?: MutationDialogConfirm;
  /** Shown before the way back (another way out, e.g. "Remove"). */
  otherAction?: ReactNode;
  /** Buttons of its own, in place of cancel / confirm (a dialog with steps). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * An always-open dialog that sends one request: it stays open while the request runs (the way back
 * waits, the confirm button spins) and says why it failed under its content.
 */
export function MutationDialog({
  mutation,
  onClose,
  title,
  description,
  size,
  cancelLabel,
  confirm,
  otherAction,
  footer,
  children,
}: MutationDialogProps) {
  return (
    <Modal
      open
      size={size}
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onClose();
      }}
      title={title}
      description={description}
      footer={
        footer ?? (
          <>
            {otherAction}
            <Button variant="secondary" disabled={mutation.isPending} onClick={onClose}>
              {cancelLabel}
            </Button>
            {confirm && (
              <Button
                variant={confirm.variant}
                loading={mutation.isPending}
                disabled={confirm.disabled}
                onClick={confirm.onClick}
              >
                {confirm.label}
              </Button>
            )}
          </>
        )
      }
    >
      {children}
      {mutation.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(mutation.error)}
        </p>
      )}
    </Modal>
  );
}
