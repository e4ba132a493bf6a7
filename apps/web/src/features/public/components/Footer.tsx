import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../lib/config';
import { LanguageSwitcher } from '../../../ui/LanguageSwitcher';
import { LinkList } from './LinkList';
import { Logo } from './Logo';
import { FOOTER_LINKS } from './navigation';
import { RiskWarning } from './RiskWarning';

export function Footer() {
  const { t } = useTranslation('public');
  return (
    <footer className="border-t border-border bg-surface/60">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[2fr_1fr_1fr]">
          <div className="max-w-sm">
            <Logo />
            <p className="mt-3 text-sm leading-relaxed text-muted">{t('footer.tagline')}</p>
          </div>
          <FooterLinks id="footer-site" title={t('footer.links')} links={FOOTER_LINKS.site} />
          <FooterLinks id="footer-legal" title={t('footer.legal')} links={FOOTER_LINKS.legal} />
        </div>
        <RiskWarning className="mt-10" />
        <div className="mt-8 flex flex-col gap-4 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            {t('footer.rights', { year: new Date().getFullYear(), brand: appConfig.brandName })}
          </p>
          <LanguageSwitcher />
        </div>
      </div>
    </footer>
  );
}

/** One titled column of footer links. */
function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: (typeof FOOTER_LINKS)[keyof typeof FOOTER_LINKS];
}) {
  const { t } = useTranslation('public');
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-text">
        {title}
      </h2>
      <LinkList
        links={links}
        label={(key) => t(`footer.${key}`)}
        className="mt-3 flex flex-col gap-2"
        linkClassName="rounded text-sm text-muted transition-colors hover:text-text"
      />
    </nav>
  );
}
