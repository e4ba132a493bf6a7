import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, inputClasses, Modal, SearchIcon, TextField } from '../../../ui';
import { CountryFlag } from '../../../ui/CountryFlag';
import { currentLanguage } from '../../../i18n';
import { findCountry, localizedCountries, searchCountries, type CountryOption } from './countries';

interface CountryFieldProps {
  value: string;
  onChange: (country: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  name?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A read-only field showing the chosen country; a click, Enter, Space or ArrowDown opens a
 * searchable picker.
 */
export function CountryField({ value, onChange, onBlur, error, name, ref }: CountryFieldProps) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  // Names in the language on screen; the value stays the English name the account stores.
  const language = currentLanguage();
  const selected = findCountry(value, language);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  }

  return (
    <>
      <TextField
        ref={ref}
        name={name}
        label={t('fields.country')}
        readOnly
        aria-haspopup="dialog"
        placeholder={t('placeholders.country')}
        value={selected ? selected.name : value}
        startAdornment={selected ? <CountryFlag code={selected.code} /> : undefined}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        error={error}
        className="[&_input]:cursor-pointer"
        endAdornment={
          <span className="pointer-events-none pr-2 text-muted">
            <ChevronDownIcon />
          </span>
        }
      />
      <Modal open={open} onOpenChange={setOpen} title={t('country.pickerTitle')} size="sm">
        <CountryPicker
          countries={localizedCountries(language)}
          onSelect={(country) => {
            onChange(country.englishName ?? country.name);
            setOpen(false);
          }}
        />
      </Modal>
    </>
  );
}

/** A combobox: type to filter, arrow keys to move, Enter or a click to choose. */
export function CountryPicker({
  countries,
  onSelect,
}: {
  countries: readonly CountryOption[];
  onSelect: (country: CountryOption) => void;
}) {
  const { t } = useTranslation('auth');
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = searchCountries(countries, query);
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((activeIndex + 1) % Math.max(matches.length, 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((activeIndex - 1 + matches.length) % Math.max(matches.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const match = matches[activeIndex];
      if (match) onSelect(match);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">
          <SearchIcon />
        </span>
        <input
          autoFocus
          type="search"
          role="combobox"
          aria-label={t('country.search')}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={matches.length ? `${listId}-${activeIndex}` : undefined}
          placeholder={t('country.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className={`${inputClasses} border-border pl-10`}
        />
      </div>
      <ul id={listId} role="listbox" aria-label={t('fields.country')} className="flex flex-col">
        {matches.map((country, index) => (
          <li
            key={country.code}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            onClick={() => onSelect(country)}
            onMouseMove={() => setActive(index)}
            className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm ${
              index === activeIndex ? 'bg-surface-2 text-text ring-1 ring-brand/50' : 'text-muted'
            }`}
          >
            <CountryFlag code={country.code} />
            <span>{country.name}</span>
          </li>
        ))}
      </ul>
      {matches.length === 0 && (
        <p role="status" className="px-1 py-2 text-sm text-muted">
          {t('country.noMatch', { query })}
        </p>
      )}
    </div>
  );
}
