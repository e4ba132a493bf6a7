/** The parts that are there (not null, undefined, false or empty), joined by a middle dot. */
export function dotted(parts: readonly (string | null | undefined | false)[]): string {
  return parts.filter(Boolean).join(' · ');
}
