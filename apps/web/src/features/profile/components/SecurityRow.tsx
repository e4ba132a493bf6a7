import type { ReactNode } from 'react';

/** One setting in the Security card: title + status, explanation, and its action. */
export function SecurityRow({
  title,
  status,
  description,
  action,
  children,
}: {
  title: ReactNode;
  status?: ReactNode;
  description: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-border py-5 first:border-t-0 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-text">
            {title}
            {status}
          </h3>
          <p className="mt-1 max-w-prose text-sm text-muted">{description}</p>
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {children}
    </div>
  );
}
