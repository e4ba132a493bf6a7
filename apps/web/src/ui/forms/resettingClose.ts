/**
 * A dialog form's open/close handler: closing it (Escape, the way back, after success) empties
 * the form, so it opens afresh next time.
 */
export function resettingClose(
  reset: () => void,
  onOpenChange: (open: boolean) => void,
): (open: boolean) => void {
  return (open: boolean) => {
    if (!open) reset();
    onOpenChange(open);
  };
}
