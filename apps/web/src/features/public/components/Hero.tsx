import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { CheckBullet } from './CheckBullet';
import { useSignedInHome } from '../hooks/useSignedInHome';
import { PriceTicker } from './PriceTicker';

export function Hero() {
  const { t } = useTranslation('public');
  // A signed-in reader invests from /plans; a visitor signs up first.
  const home = useSignedInHome();
  const steps = t('hero.steps', { returnObjects: true }) as string[];
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_20%_-10%,color-mix(in_oklab,var(--color-brand)_22%,transparent),transparent),radial-gradient(40rem_24rem_at_90%_10%,color-mix(in_oklab,#38bdf8_12%,transparent),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-[size:56px_56px] opacity-30"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-10 sm:px-6 sm:pt-20 lg:grid-cols-[3fr_2fr] lg:px-8 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand/30 bg-brand/10 px-3 py-1 text-sm font-medium text-brand-strong">
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance text-text sm:text-5xl lg:text-6xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted">{t('hero.text')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={home ? '/plans' : '/register'} className={buttonClasses('primary', 'lg')}>
              {t('hero.investNow')}
            </Link>
            <Link to="/#about" className={buttonClasses('secondary', 'lg')}>
              {t('hero.learnMore')}
            </Link>
          </div>
        </div>
        <aside
          aria-labelledby="hero-card-title"
          className="rounded-2xl border border-border bg-surface/80 p-6 shadow-2xl shadow-black/30 backdrop-blur"
        >
          <h2 id="hero-card-title" className="text-sm font-semibold text-muted">
            {t('hero.cardTitle')}
          </h2>
          <p className="mt-3 rounded-xl bg-bg/60 px-4 py-3 font-mono text-sm text-brand-strong">
            {t('hero.formula')}
          </p>
          <ol className="mt-5 flex flex-col gap-4">
            {(Array.isArray(steps) ? steps : []).map((step) => (
              <li key={step} className="flex gap-3 text-sm leading-relaxed text-text">
                <CheckBullet className="mt-0.5 size-5" iconSize={14} />
                {step}
              </li>
            ))}
          </ol>
        </aside>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <PriceTicker />
      </div>
    </section>
  );
}
