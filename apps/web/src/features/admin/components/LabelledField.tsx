import type { ReactNode } from 'react';
import { FieldFrame } from '../../../ui/TextField';

/**
 * A label over a control TextField does not cover (a select, a textarea) and the control's error
 * under it, as `${id}-error` for the control's `aria-describedby`.
 */
export function LabelledField(props: {
  id: string;
  label: string;
  error: string | undefined;
  /** Added to the column's classes. */
  className?: string;
  /** The control (with `id`) and any note under it. */
  children: ReactNode;
}) {
  return <FieldFrame {...props} labelClassName="text-sm font-medium" />;
}

/** The aria attributes of a control whose error LabelledField shows. */
export function errorAria(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
