import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../lib/config';
import { ContactForm } from './ContactForm';
import { HeadingWords } from './SectionHeading';

interface ContactSectionProps {
  /** The landing section carries the #contact anchor; the /contact page is the same block. */
  id?: string;
  headingLevel?: 'h1' | 'h2';
}

/** Seed: 'Get in touch with us' with the contact form. */
export function ContactSection({ id, headingLevel = 'h2' }: ContactSectionProps) {
  const { t } = useTranslation('public');
  return (
    <section id={id} aria-labelledby="contact-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[2fr_3fr] lg:px-8">
        <div>
          <HeadingWords
            id="contact-title"
            as={headingLevel}
            eyebrow={t('contact.eyebrow')}
            title={t('contact.title')}
            text={t('contact.text')}
          />
          <p className="mt-6 text-sm text-muted">
            {t('contact.emailUs')}{' '}
            <a
              href={`mailto:${appConfig.supportEmail}`}
              className="font-medium text-brand-strong underline-offset-4 hover:underline"
            >
              {appConfig.supportEmail}
            </a>
          </p>
        </div>
        <div className="rounded-2xl border border-border bg-surface p-6 sm:p-8">
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
