import { useId, useState, type ReactNode } from 'react';
import type { ButtonVariant } from './Button';
import { DialogActions } from './DialogActions';
import { Modal } from './Modal';
import { PlainForm } from './forms/Form';

export interface ConfirmDialogReason {
  label: ReactNode;
  /** Shown when the reason is left empty; the dialog does not confirm without one. */
  requiredMessage: string;
  placeholder?: string;
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content between the description and the buttons (a summary of what will happen). */
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** 'danger' for anything destructive. */
  variant?: ButtonVariant;
  /** Asks for a required reason, passed to onConfirm (trimmed). */
  reason?: ConfirmDialogReason;
  busy?: boolean;
  onConfirm: (reason: string) => void;
}

/**
 * "Are you sure?" before anything that moves money or changes a role, optionally with a required
 * reason. Focus is trapped by the Modal; Enter in the reason submits, Escape cancels. The reason
 * is kept only while the dialog is open.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => {
        if (!props.busy || open) props.onOpenChange(open);
      }}
      title={props.title}
      description={props.description}
      size="sm"
    >
      {props.open && <ConfirmBody {...props} />}
    </Modal>
  );
}

function ConfirmBody({
  children,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  reason,
  busy = false,
  onConfirm,
  onOpenChange,
}: ConfirmDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reasonId = useId();
  const errorId = `${reasonId}-error`;

  function submit() {
    if (reason && text.trim() === '') {
      setError(reason.requiredMessage);
      return;
    }
    onConfirm(text.trim());
  }

  return (
    <PlainForm onSubmit={submit}>
      {children}
      {reason && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-medium text-text">
            {reason.label}
          </label>
          <textarea
            id={reasonId}
            value={text}
            rows={3}
            maxLength={500}
            placeholder={reason.placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(undefined);
            }}
            className="w-full rounded-lg border border-border bg-surface-2 px-3 py-2 text-base text-text outline-none placeholder:text-muted/80 focus-visible:border-brand-strong aria-invalid:border-danger"
          />
          {error && (
            <p id={errorId} role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
        </div>
      )}
      <DialogActions
        cancelLabel={cancelLabel}
        onCancel={() => onOpenChange(false)}
        submitLabel={confirmLabel}
        pending={busy}
        variant={variant}
      />
    </PlainForm>
  );
}
