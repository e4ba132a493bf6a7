import clsx from 'clsx';
import { CheckIcon } from '../../../ui/icons';

/** The check mark in a round brand badge that opens a point of a list (its size from `className`). */
export function CheckBullet({ className, iconSize }: { className: string; iconSize: number }) {
  return (
    <span
      className={clsx(
        className,
        'flex shrink-0 items-center justify-center rounded-full bg-brand/15 text-brand-strong',
      )}
    >
      <CheckIcon width={iconSize} height={iconSize} />
    </span>
  );
}
