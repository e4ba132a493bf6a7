import type { ComponentType, SVGProps } from 'react';

export interface FeatureItem {
  key: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  text: string;
}

/** A grid of icon cards (Features & Benefits, Why Choose Us). */
export function FeatureGrid({ items }: { items: readonly FeatureItem[] }) {
  return (
    <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ key, Icon, title, text }) => (
        <li
          key={key}
          className="group rounded-2xl border border-border bg-surface p-6 transition-colors hover:border-brand/50"
        >
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand/10 text-brand-strong ring-1 ring-brand/20">
            <Icon width={22} height={22} />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-text">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
        </li>
      ))}
    </ul>
  );
}
