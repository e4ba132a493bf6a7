/** What `work` answered and how long it took, in milliseconds (the focused measurements). */
export async function timedMs<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}
