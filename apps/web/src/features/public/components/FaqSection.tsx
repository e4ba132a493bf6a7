import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useHydrated } from '../../../lib/prerender';
import { withSearchParam } from '../../../lib/searchParams';
import { PlusIcon } from './icons';
import { FAQ_KEYS, isFaqKey, type FaqKey } from './faq';
import { ensureNamespace, useLazyTranslation } from '../lazyNamespaces';
import { LandingSection, sectionCopy } from './LandingSection';

/**
 * The answer dialog (Radix Dialog) and the answers are fetched on first hover, focus or click of a
 * question, not with the landing page.
 */
const loadFaqDialog = () =>
  Promise.all([import('./FaqDialog'), ensureNamespace('publicFaq')]).then(([module]) => module);
const FaqDialog = lazy(loadFaqDialog);

/**
 * Eight questions; choosing one opens its answer in a modal. The open question is URL state
 * (`?faq=<key>`), so an answer can be linked to directly. Each answer is also in the page itself,
 * in a disclosure under its question: the server's HTML holds every answer (search engines, Ctrl+F,
 * a reader without JavaScript), which opens in place until the page's code runs.
 */
export function FaqSection() {
  const { t } = useLazyTranslation('publicLower');
  // Marks the list once the dialog can open (before that, a question opens in place).
  const hydrated = useHydrated();
  const { openKey, shownKey, questions, setOpen } = useOpenQuestion();
  const prefetch = () => void loadFaqDialog();

  return (
    <LandingSection
      id="faq"
      titleId="faq-title"
      className="scroll-mt-20 border-y border-border bg-surface/40 py-20 sm:py-24"
      heading={sectionCopy(t, 'faq')}
      after={
        shownKey && (
          <Suspense fallback={null}>
            <FaqDialog
              open={openKey !== null}
              faqKey={shownKey}
              onOpenChange={(open) => {
                if (!open) setOpen(null);
              }}
            />
          </Suspense>
        )
      }
    >
      <ul
        data-hydrated={hydrated || undefined}
        className="mx-auto mt-12 grid max-w-5xl items-start gap-3 md:grid-cols-2"
      >
        {FAQ_KEYS.map((key) => (
          <FaqQuestion
            key={key}
            faqKey={key}
            questionRef={(element) => {
              if (element) questions.current.set(key, element);
              else questions.current.delete(key);
            }}
            onOpen={() => setOpen(key)}
            onPrefetch={prefetch}
          />
        ))}
      </ul>
    </LandingSection>
  );
}

/**
 * The open question is URL state (`?faq=<key>`). The last answer shown stays mounted so the
 * dialog can close without its text disappearing, and focus goes back to its question.
 */
function useOpenQuestion() {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('faq');
  const openKey = isFaqKey(param) ? param : null;
  // The last answer shown stays mounted so the dialog can close without its text disappearing.
  const [shownKey, setShownKey] = useState<FaqKey | null>(openKey);
  if (openKey && openKey !== shownKey) setShownKey(openKey);

  // The shared Modal returns focus to a Radix trigger, and these questions are not one: once the
  // dialog has closed (and its focus trap is gone), focus goes back to the question by hand.
  const questions = useRef(new Map<FaqKey, HTMLElement>());
  const wasOpen = useRef<FaqKey | null>(openKey);
  useEffect(() => {
    const closed = wasOpen.current;
    wasOpen.current = openKey;
    if (!closed || openKey) return;
    const timer = setTimeout(() => questions.current.get(closed)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [openKey]);

  function setOpen(key: FaqKey | null) {
    setSearchParams((params) => withSearchParam(params, 'faq', key), {
      replace: true,
      preventScrollReset: true,
    });
  }

  return { openKey, shownKey, questions, setOpen };
}

/** A question, with its answer in a disclosure until the page's code runs (then in the dialog). */
function FaqQuestion({
  faqKey: key,
  questionRef,
  onOpen,
  onPrefetch,
}: {
  faqKey: FaqKey;
  questionRef: (element: HTMLElement | null) => void;
  onOpen: () => void;
  onPrefetch: () => void;
}) {
  const { t } = useLazyTranslation('publicLower');
  const { t: tFaq } = useLazyTranslation('publicFaq');
  return (
    <li>
      <details className="group rounded-xl border border-border bg-surface transition-colors hover:border-brand/60">
        <summary
          ref={questionRef}
          onClick={(event) => {
            // With the page's code running, the answer opens in its dialog (the seed's
            // FAQ modal); without it, the disclosure opens in place.
            event.preventDefault();
            onOpen();
          }}
          onPointerEnter={onPrefetch}
          onFocus={onPrefetch}
          className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-medium text-text [&::-webkit-details-marker]:hidden"
        >
          <span>{t(`faq.items.${key}`)}</span>
          <PlusIcon className="shrink-0 text-brand-strong" />
        </summary>
        <div className="px-5 pb-4">
          <p className="leading-relaxed text-muted">{tFaq(`answers.${key}`)}</p>
          <Link to="/contact" className="mt-3 inline-block text-brand underline underline-offset-2">
            {t('faq.contactSupport')}
          </Link>
        </div>
      </details>
    </li>
  );
}
