import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, buttonClasses, ShieldIcon, type BadgeTone } from '../../../ui';

/**
 * One step of the account review as a card (identity verification, the appropriateness check, and
 * on the practice dashboard the real account's next step): where the user stands, what it means,
 * and the next step's link when there is one.
 */
export function ReviewStepCard({
  id,
  standing,
  heading,
  badge,
  summary,
  urgent,
  action,
  children,
}: {
  /** Names the card for tests (`data-testid`) and its heading (`${id}-title`). */
  id: string;
  standing: string;
  heading: string;
  badge: { tone: BadgeTone; label: string };
  summary: string;
  /** Something is asked of the user: the card is drawn in the danger tone. */
  urgent: boolean;
  /** `onClick`: what else the click does before the link is followed (show the real account). */
  action?: { to: string; label: string; onClick?: () => void } | undefined;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      data-standing={standing}
      className={clsx(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:gap-4',
        urgent ? 'border-danger/30 bg-danger/5' : 'border-border bg-surface',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand-strong ring-1 ring-brand/20">
        <ShieldIcon width={20} height={20} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`${id}-title`} className="font-semibold text-text">
            {heading}
          </h2>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
        <p className="mt-1 text-sm leading-relaxed text-muted">{summary}</p>
        {children}
      </div>
      {action && (
        <Link to={action.to} onClick={action.onClick} className={buttonClasses('primary', 'md')}>
          {action.label}
        </Link>
      )}
    </section>
  );
}
