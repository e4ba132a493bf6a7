import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { UI_NAMESPACE } from './i18n';

/** What a paged list (an infinite query) tells the button. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A paged list's "Load more": the next page on request, and when it could not be loaded, a line
 * that says so under the button (which stays, to try again) instead of a spinner that just stops.
 */
export function LoadMore({
  pages,
  label,
  failedLabel,
  size = 'md',
  align = 'center',
  className,
}: {
  pages: NextPages;
  label: string;
  /** The list's own words for the failure; a general sentence otherwise. */
  failedLabel?: string;
  size?: 'sm' | 'md';
  align?: 'center' | 'start';
  className?: string;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (!pages.hasNextPage) return null;
  return (
    <div
      className={clsx(
        'flex flex-col gap-2',
        align === 'center' ? 'items-center text-center' : 'items-start',
        className,
      )}
    >
      <Button
        variant="secondary"
        size={size}
        loading={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {label}
      </Button>
      {pages.isFetchNextPageError && !pages.isFetchingNextPage && (
        <p role="alert" className="text-sm text-danger">
          {failedLabel ?? t('loadMoreFailed')}
        </p>
      )}
    </div>
  );
}
