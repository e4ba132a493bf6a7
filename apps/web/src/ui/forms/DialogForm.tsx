import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { DialogActions } from '../DialogActions';
import { Modal } from '../Modal';
import { Form } from './Form';

type Actions = Omit<ComponentProps<typeof DialogActions>, 'onCancel'>;

/**
 * A form in a modal: its fields, then the way back and the submit button (DialogActions). The
 * way back closes the dialog through `onOpenChange`, as Escape does, so a form that empties
 * itself on close (resettingClose) does so either way.
 */
export function DialogForm({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  actions,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  actions: Actions;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <Form onSubmit={onSubmit}>
        {children}
        <DialogActions onCancel={() => onOpenChange(false)} {...actions} />
      </Form>
    </Modal>
  );
}
