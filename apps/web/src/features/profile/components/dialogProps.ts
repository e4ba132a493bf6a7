import type { ModalProps } from '../../../ui';

/** What a profile dialog is opened and closed by: its owner holds `open` and hears the changes. */
export type DialogProps = Pick<ModalProps, 'open' | 'onOpenChange'>;
