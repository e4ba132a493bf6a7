import clsx from 'clsx';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from './i18n';
import { CloseIcon } from './icons';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out when the dialog opens; leave empty when the body says it all. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom (Cancel / Confirm). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Optional element that opens the dialog (rendered as the Radix trigger). */
  trigger?: ReactNode;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' } as const;

/**
 * A modal dialog on Radix: focus is trapped inside and returned to the trigger on close, Escape
 * and a click on the backdrop close it, and the page behind does not scroll.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  trigger,
}: ModalProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl border border-border bg-surface text-text shadow-2xl shadow-black/50 outline-none',
            widths[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-muted">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label={t('close')}
              className="-mr-2 flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-text"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          {children && <div className="overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-border px-5 py-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the surrounding Modal; wrap a Button in it (`<ModalClose asChild><Button/></ModalClose>`). */
export const ModalClose = Dialog.Close;
