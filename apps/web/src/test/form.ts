import { fireEvent, screen } from '@testing-library/react';

/** Types `value` into the field labelled `label` on the screen (one change event). */
export function fillIn(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
