import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters live in the URL (shareable, kept on back/forward). Returns the current values and a
 * setter that replaces the given keys; empty values are removed from the URL.
 */
export function useUrlParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<
    K,
    string
  >;
  const update = useCallback(
    (changes: Partial<Record<K, string>>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [values, update] as const;
}
