import { useCallback, useEffect, useRef, useState } from 'react';

export interface FileSelection {
  file: File;
  /** A blob: URL for an image preview; revoked when replaced, cleared or on unmount. */
  url: string;
}

/** The chosen file with a preview URL, created when chosen (not in an effect) and always revoked. */
export function useFilePreview(): [FileSelection | null, (file: File | null) => void] {
  const [selection, setSelection] = useState<FileSelection | null>(null);
  const latest = useRef<FileSelection | null>(null);

  const select = useCallback((file: File | null) => {
    if (latest.current) URL.revokeObjectURL(latest.current.url);
    const next = file ? { file, url: URL.createObjectURL(file) } : null;
    latest.current = next;
    setSelection(next);
  }, []);

  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
      latest.current = null;
    },
    [],
  );

  return [selection, select];
}
