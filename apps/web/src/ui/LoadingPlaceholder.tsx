import type { HTMLAttributes } from 'react';

export interface LoadingPlaceholderProps extends HTMLAttributes<HTMLElement> {
  /** What is loading, read out as the status (the shapes inside are only drawn). */
  label: string;
  /** A list's placeholder is a list. */
  as?: 'div' | 'ul';
}

/**
 * The grey shapes drawn where content is about to appear, announced as one status named by
 * `label`: a screen reader hears what is loading, not the empty shapes.
 */
export function LoadingPlaceholder({ label, as: Tag = 'div', ...rest }: LoadingPlaceholderProps) {
  return <Tag role="status" aria-label={label} {...rest} />;
}
