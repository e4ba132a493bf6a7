import clsx from 'clsx';

/**
 * Every flag of `country-flag-icons` (3:2 SVG files) as a URL of the built app: served by our own
 * server, so they work offline and under the CSP (img-src 'self'), and a browser fetches only the
 * flags it shows. Emoji flags are not used: Linux and Windows fonts draw them as empty boxes or
 * two letters.
 */
const FLAG_URLS = import.meta.glob<string>(
  '../../../../node_modules/country-flag-icons/3x2/*.svg',
  {
    query: '?no-inline',
    import: 'default',
    eager: true,
  },
);

const byCode = new Map(
  Object.entries(FLAG_URLS).map(([path, url]) => [
    (path.split('/').at(-1) ?? '').replace('.svg', ''),
    url,
  ]),
);

/** The URL of a country's flag by ISO 3166-1 alpha-2 code ("DE"), if the package has it. */
export function flagUrl(code: string): string | undefined {
  return byCode.get(code.toUpperCase());
}

/** A country's flag, decorative (the country's name is always written beside it). */
export function CountryFlag({ code, className }: { code: string; className?: string }) {
  const url = flagUrl(code);
  if (!url) return <span aria-hidden="true" className={clsx('inline-block w-6', className)} />;
  return (
    <img
      src={url}
      alt=""
      aria-hidden="true"
      width={24}
      height={16}
      loading="lazy"
      className={clsx('inline-block h-4 w-6 shrink-0 rounded-[2px] object-cover', className)}
    />
  );
}
