import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';

/**
 * A dialog form's two actions: the way back and the submit button, side by side from `sm` (submit
 * on the right), submit on top on a phone. While the request runs, the submit button spins and
 * the way back waits for the answer.
 */
export function DialogActions({
  cancelLabel,
  onCancel,
  submitLabel,
  pending = false,
  variant = 'primary',
  submitDisabledReason,
}: {
  cancelLabel: ReactNode;
  onCancel: () => void;
  submitLabel: ReactNode;
  pending?: boolean;
  /** 'danger' for anything destructive. */
  variant?: ButtonVariant;
  /** The id of the text that says why the submit button is disabled; the button stays enabled without one. */
  submitDisabledReason?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        variant={variant}
        loading={pending}
        disabled={submitDisabledReason !== undefined}
        aria-describedby={submitDisabledReason}
      >
        {submitLabel}
      </Button>
    </div>
  );
}
