import { appConfig } from '../../../lib/config';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useLazyTranslation } from '../lazyNamespaces';
import { RiskWarning } from './RiskWarning';

interface ContentSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
}

interface ContentPageProps {
  /** The page's key in the pages namespace: about, terms, privacy, risk. */
  page: 'about' | 'terms' | 'privacy' | 'risk';
  /** Shows the risk warning under the introduction. */
  withRiskWarning?: boolean;
}

/** A plain reading page (title, introduction, headed sections) from the lazily loaded texts. */
export function ContentPage({ page, withRiskWarning = false }: ContentPageProps) {
  const { t } = useLazyTranslation('publicPages');
  const brand = appConfig.brandName;

  const raw: unknown = t(`${page}.sections`, { returnObjects: true, brand });
  const sections = Array.isArray(raw) ? (raw as ContentSection[]) : [];
  const title = t(`${page}.title`, { brand });

  useDocumentTitle(title);

  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-semibold tracking-tight text-balance text-text sm:text-5xl">
        {title}
      </h1>
      <p className="mt-5 text-lg leading-relaxed text-muted">{t(`${page}.intro`, { brand })}</p>
      {withRiskWarning && <RiskWarning className="mt-8" />}
      {sections.length > 1 && (
        <nav
          aria-labelledby="toc-title"
          className="mt-10 rounded-2xl border border-border bg-surface p-5"
        >
          <h2 id="toc-title" className="text-sm font-semibold text-muted">
            {t('onThisPage')}
          </h2>
          <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.heading}>
                <a
                  href={`#section-${index + 1}`}
                  className="rounded text-text underline-offset-4 hover:text-brand-strong hover:underline"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="mt-12 flex flex-col gap-10">
        {sections.map((section, index) => (
          <section
            key={section.heading}
            id={`section-${index + 1}`}
            aria-labelledby={`section-${index + 1}-title`}
            className="scroll-mt-24"
          >
            <h2
              id={`section-${index + 1}-title`}
              className="text-2xl font-semibold tracking-tight text-text"
            >
              {section.heading}
            </h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-relaxed text-muted">
                {paragraph}
              </p>
            ))}
            {section.list && (
              <ul className="mt-4 flex flex-col gap-3">
                {section.list.map((item) => (
                  <li key={item} className="flex gap-3 leading-relaxed text-muted">
                    <span
                      aria-hidden="true"
                      className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-strong"
                    />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
