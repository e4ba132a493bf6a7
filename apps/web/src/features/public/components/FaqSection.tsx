import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PlusIcon } from './icons';
import { FAQ_KEYS, isFaqKey, loadFaqDialog, type FaqKey } from './faq';
import { useLazyTranslation } from '../lazyNamespaces';
import { SectionHeading } from './SectionHeading';
import { HydratedFieldset } from '../../../ui/HydratedFieldset';

const FaqDialog = lazy(loadFaqDialog);

/**
 * Eight questions; choosing one opens its answer in a modal. The open question is URL state
 * (`?faq=<key>`), so an answer can be linked to directly.
 */
export function FaqSection() {
  const { t } = useLazyTranslation('publicLower');
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('faq');
  const openKey = isFaqKey(param) ? param : null;
  // The last answer shown stays mounted so the dialog can close without its text disappearing.
  const [shownKey, setShownKey] = useState<FaqKey | null>(openKey);
  if (openKey && openKey !== shownKey) setShownKey(openKey);

  // The shared Modal returns focus to a Radix trigger, and these buttons are not one: once the
  // dialog has closed (and its focus trap is gone), focus goes back to the question by hand.
  const buttons = useRef(new Map<FaqKey, HTMLButtonElement>());
  const wasOpen = useRef<FaqKey | null>(openKey);
  useEffect(() => {
    const closed = wasOpen.current;
    wasOpen.current = openKey;
    if (!closed || openKey) return;
    const timer = setTimeout(() => buttons.current.get(closed)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [openKey]);

  function setOpen(key: FaqKey | null) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (key) next.set('faq', key);
        else next.delete('faq');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const prefetch = () => void loadFaqDialog();

  return (
    <section
      id="faq"
      aria-labelledby="faq-title"
      className="scroll-mt-20 border-y border-border bg-surface/40 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="faq-title"
          eyebrow={t('faq.eyebrow')}
          title={t('faq.title')}
          text={t('faq.text')}
        />
        <HydratedFieldset>
          <ul className="mx-auto mt-12 grid max-w-5xl gap-3 md:grid-cols-2">
            {FAQ_KEYS.map((key) => (
              <li key={key}>
                <button
                  ref={(element) => {
                    if (element) buttons.current.set(key, element);
                    else buttons.current.delete(key);
                  }}
                  type="button"
                  onClick={() => setOpen(key)}
                  onPointerEnter={prefetch}
                  onFocus={prefetch}
                  aria-haspopup="dialog"
                  className="flex w-full items-center justify-between gap-4 rounded-xl border border-border bg-surface px-5 py-4 text-left font-medium text-text transition-colors hover:border-brand/60"
                >
                  <span>{t(`faq.items.${key}`)}</span>
                  <PlusIcon className="shrink-0 text-brand-strong" />
                </button>
              </li>
            ))}
          </ul>
        </HydratedFieldset>
      </div>
      {shownKey && (
        <Suspense fallback={null}>
          <FaqDialog
            open={openKey !== null}
            faqKey={shownKey}
            onOpenChange={(open) => {
              if (!open) setOpen(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
