/**
 * The colour of a signed figure (a profit, a return, a change): green for a gain, red for a loss,
 * muted when flat. Give it the sign of the figure as shown (signAsShown for decimal text), so a
 * value that reads 0.00 is never coloured as a gain or a loss.
 */
export function signTone(sign: number): string {
  return sign > 0 ? 'text-brand-strong' : sign < 0 ? 'text-danger' : 'text-muted';
}
