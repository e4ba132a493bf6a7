import type { ReactNode } from 'react';
import { SearchIcon, TextField } from '../../../ui';

/**
 * A list's search box (searching as one types; Enter does nothing more) with the list's other
 * filters below it.
 */
export function SearchForm({
  label,
  placeholder,
  value,
  onChange,
  children,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  children?: ReactNode;
}) {
  return (
    <form
      role="search"
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-3"
    >
      <TextField
        label={label}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        endAdornment={<SearchIcon className="mr-2 text-muted" aria-hidden />}
      />
      {children}
    </form>
  );
}
