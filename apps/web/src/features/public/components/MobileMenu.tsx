import clsx from 'clsx';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { CloseIcon } from '../../../ui/icons';
import { useScrollLock } from '../hooks/useScrollLock';
import { Logo } from './Logo';
import { NAV_LINKS } from './navigation';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  /** Gets focus back when the menu closes (the button that opened it). */
  returnFocusRef: RefObject<HTMLElement | null>;
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * The slide-in menu for small screens: a modal panel with the same links as the top bar. While it
 * is open the page does not scroll, Escape closes it, and Tab cycles inside it. It stays mounted
 * (hidden with `invisible`) so it can slide in and out.
 */
export function MobileMenu({ open, onClose, returnFocusRef }: MobileMenuProps) {
  const { t } = useTranslation('public');
  const panelRef = useRef<HTMLDivElement>(null);
  useScrollLock(open);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const returnTo = returnFocusRef.current;
    // Escape closes the menu wherever focus happens to be.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      returnTo?.focus();
    };
  }, [open, onClose, returnFocusRef]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className={clsx('fixed inset-0 z-50 md:hidden', !open && 'pointer-events-none')}>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={clsx(
          'absolute inset-0 bg-black/60 backdrop-blur-sm transition-opacity duration-200',
          open ? 'opacity-100' : 'opacity-0',
        )}
      />
      <div
        ref={panelRef}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        onKeyDown={onKeyDown}
        className={clsx(
          'absolute inset-y-0 right-0 flex w-[min(20rem,85vw)] flex-col border-l border-border bg-surface shadow-2xl',
          'duration-200 ease-out motion-reduce:transition-none',
          // Visibility flips at once on opening (so focus can move in) and after the slide on closing.
          open
            ? 'visible translate-x-0 transition-transform'
            : 'invisible translate-x-full transition-[transform,visibility]',
        )}
      >
        <div className="flex h-16 items-center justify-between border-b border-border px-4">
          <Logo onClick={onClose} />
          <button
            type="button"
            onClick={onClose}
            aria-label={t('nav.closeMenu')}
            className="flex size-11 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-text"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto p-4">
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.key}>
                <Link
                  to={link.to}
                  onClick={onClose}
                  className="flex h-12 items-center rounded-lg px-3 text-base font-medium text-text hover:bg-surface-2"
                >
                  {t(`nav.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-border p-4">
          <Link to="/login" onClick={onClose} className={buttonClasses('primary', 'lg', true)}>
            {t('nav.login')}
          </Link>
        </div>
      </div>
    </div>
  );
}
