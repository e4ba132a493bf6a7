import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/requestErrors';
import { ErrorState } from './ErrorState';

export interface QueryErrorStateProps {
  /** The failed query (plain or infinite): its safe message is shown and "retry" refetches it. */
  query: Pick<UseQueryResult, 'error' | 'refetch' | 'isRefetching'>;
  /** What failed, in the user's words. */
  title: ReactNode;
  retryLabel: ReactNode;
  className?: string;
}

/** The ErrorState of a failed load: the server's safe message and a retry that refetches. */
export function QueryErrorState({ query, title, retryLabel, className }: QueryErrorStateProps) {
  return (
    <ErrorState
      className={className}
      title={title}
      description={errorMessage(query.error)}
      onRetry={() => void query.refetch()}
      retryLabel={retryLabel}
      retrying={query.isRefetching}
    />
  );
}
