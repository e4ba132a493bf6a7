import clsx from 'clsx';
import { SearchIcon } from './icons';
import { Spinner } from './Spinner';
import { inputClasses } from './TextField';

/**
 * A list's search box: a magnifier, a label for screen readers only, and a spinner while the
 * list behind it is fetching. Searches as one types (the page debounces).
 */
export function SearchInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  searching = false,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  searching?: boolean;
  className?: string;
}) {
  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        className={`${inputClasses} border-border pr-10 pl-10`}
      />
      {searching && <Spinner className="absolute top-1/2 right-3 -translate-y-1/2 text-muted" />}
    </div>
  );
}
