/** A copy of `params` with `key` set to `value`, or without `key` when `value` is empty or null. */
export function withSearchParam(
  params: URLSearchParams,
  key: string,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}
