import { initialsOf } from '@app/shared/format';
import clsx from 'clsx';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-lg' } as const;

/** The user's picture, or their initials on a brand-tinted disc when there is none. */
export function Avatar({
  name,
  src,
  size = 'md',
  className,
}: {
  name: string;
  src?: string | null | undefined;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const classes = clsx('shrink-0 rounded-full', sizes[size], className);
  if (src) return <img src={src} alt="" className={clsx(classes, 'object-cover')} />;
  return (
    <span
      aria-hidden="true"
      className={clsx(
        classes,
        'flex items-center justify-center bg-brand/15 font-semibold text-brand-strong ring-1 ring-brand/30',
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
