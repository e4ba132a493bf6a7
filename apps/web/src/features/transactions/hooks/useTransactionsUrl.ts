import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';

/** How long typing must pause before the search goes to the server and into the URL. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box's text and the search in force (`?q=`): typing reaches the URL once it pauses;
 * back/forward to another search shows that search in the box.
 */
export function useSearchParam() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debounced === q) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // Only typing drives the URL; a URL change (back button) is picked up below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // Back/forward to another search: show that search in the box.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== text.trim()) setText(q);
  }
  return { q, text, setText };
}

/** The statement dialog is URL state (`?statement=1`), so back closes it and a link opens it. */
export function useStatementParam() {
  const [params, setParams] = useSearchParams();
  const open = params.get('statement') === '1';
  const setOpen = (next: boolean) =>
    setParams(
      (previous) => {
        const search = new URLSearchParams(previous);
        if (next) search.set('statement', '1');
        else search.delete('statement');
        return search;
      },
      { replace: !next },
    );
  return [open, setOpen] as const;
}
