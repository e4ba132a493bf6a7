import { useEffect } from 'react';
import { appConfig } from '../../../lib/config';

/** "<page> · <brand>", or the brand alone for the home page. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${appConfig.brandName}` : appConfig.brandName;
  }, [page]);
}
