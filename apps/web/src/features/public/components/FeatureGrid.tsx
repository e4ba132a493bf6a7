import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LandingSection, sectionCopy } from './LandingSection';

type CardIcon = ComponentType<SVGProps<SVGSVGElement>>;

export interface FeatureItem {
  key: string;
  Icon: CardIcon;
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

interface FeatureCardsSectionProps {
  /** Where its words are in `public`: `<copy>.eyebrow|title|text`, `<copy>.items.<key>.title|text`. */
  copy: string;
  cards: readonly { key: string; Icon: CardIcon }[];
  /** Values the cards' texts interpolate. */
  values?: Record<string, unknown>;
  id?: string;
  titleId: string;
  className: string;
}

/** A landing section of icon cards (FeatureGrid) under its heading. */
export function FeatureCardsSection({ copy, cards, values, ...section }: FeatureCardsSectionProps) {
  const { t } = useTranslation('public');
  return (
    <LandingSection {...section} heading={sectionCopy(t, copy)}>
      <FeatureGrid
        items={cards.map(({ key, Icon }) => ({
          key,
          Icon,
          title: t(`${copy}.items.${key}.title`),
          text: t(`${copy}.items.${key}.text`, values),
        }))}
      />
    </LandingSection>
  );
}
