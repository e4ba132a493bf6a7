import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appConfig } from '../../../lib/config';
import { ArrowUpRightIcon } from '../../../ui/icons';
import { CheckBullet } from './CheckBullet';
import { SectionHeading } from './SectionHeading';

export function AboutSection() {
  const { t } = useTranslation('public');
  const brand = appConfig.brandName;
  const points = t('about.points', { returnObjects: true }) as string[];
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="scroll-mt-20 border-y border-border bg-surface/40 py-20 sm:py-24"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <SectionHeading
            id="about-title"
            align="left"
            eyebrow={t('about.eyebrow')}
            title={t('about.title', { brand })}
            text={t('about.text', { brand })}
          />
          <Link
            to="/about"
            className="mt-6 inline-flex items-center gap-1 rounded font-medium text-brand-strong underline-offset-4 hover:underline"
          >
            {t('about.more')}
            <ArrowUpRightIcon width={16} height={16} />
          </Link>
        </div>
        <ul className="flex flex-col gap-4 self-center">
          {(Array.isArray(points) ? points : []).map((point) => (
            <li
              key={point}
              className="flex gap-4 rounded-2xl border border-border bg-surface p-5 text-text"
            >
              <CheckBullet className="size-8" iconSize={16} />
              <span className="leading-relaxed">{point}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
