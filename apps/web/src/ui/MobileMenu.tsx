import clsx from 'clsx';
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from './icons';
import { useScrollLock } from './useScrollLock';

/**
 * Where the two frames differ: the public site's menu slides in from the right below `md`; the
 * signed-in app's from the left below 770px, where its sidebar goes.
 */
export type MenuVariant = 'site' | 'app';

const LOOKS: Record<
  MenuVariant,
  { root: string; overlay: string; panel: string; hidden: string; close: string }
> = {
  site: {
    root: 'md:hidden',
    overlay: 'backdrop-blur-sm',
    panel: 'right-0 w-[min(20rem,85vw)] border-l',
    hidden: 'translate-x-full',
    close: 'size-11',
  },
  app: {
    root: 'min-[770px]:hidden',
    overlay: '',
    panel: 'left-0 w-[min(300px,85vw)] border-r',
    hidden: '-translate-x-full',
    close: 'size-10',
  },
};

interface MobileMenuProps {
  variant: MenuVariant;
  id: string;
  open: boolean;
  onClose: () => void;
  /** Gets focus back when the menu closes (the button that opened it). */
  returnFocusRef: RefObject<HTMLElement | null>;
  /** The dialog's accessible name. */
  label: string;
  closeLabel: string;
  /** The brand at the top of the panel, beside the close button. */
  brand: ReactNode;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled])';

/**
 * The slide-in menu for small screens, the same for the public site and the signed-in app: a
 * modal panel (brand and close button, then the frame's links). While it is open the page does
 * not scroll, Escape closes it, and Tab cycles inside it; closing gives focus back to the button
 * that opened it. It stays mounted (hidden with `invisible`) so it can slide in and out, and so a
 * prerendered public page carries it in its HTML.
 */
export function MobileMenu({
  variant,
  id,
  open,
  onClose,
  returnFocusRef,
  label,
  closeLabel,
  brand,
  children,
}: MobileMenuProps) {
  const look = LOOKS[variant];
  const { panelRef, onKeyDown } = useMenuFocus(open, onClose, returnFocusRef);

  return (
    <div className={clsx('fixed inset-0 z-50', look.root, !open && 'pointer-events-none')}>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={clsx(
          'absolute inset-0 bg-black/60 transition-opacity duration-200',
          look.overlay,
          open ? 'opacity-100' : 'opacity-0',
        )}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={clsx(
          'absolute inset-y-0 flex flex-col border-border bg-surface shadow-2xl',
          look.panel,
          'duration-200 ease-out motion-reduce:transition-none',
          // Visibility flips at once on opening (so focus can move in) and after the slide on closing.
          open
            ? 'visible translate-x-0 transition-transform'
            : clsx('invisible transition-[transform,visibility]', look.hidden),
        )}
      >
        <MenuHeader
          brand={brand}
          closeLabel={closeLabel}
          closeClass={look.close}
          onClose={onClose}
        />
        {children}
      </div>
    </div>
  );
}

/**
 * The menu's keyboard and focus: the page does not scroll while it is open, focus moves to its
 * first link, Escape closes it from anywhere, Tab cycles inside the panel, and closing gives focus
 * back to `returnFocusRef`.
 */
function useMenuFocus(
  open: boolean,
  onClose: () => void,
  returnFocusRef: RefObject<HTMLElement | null>,
) {
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

  return { panelRef, onKeyDown };
}

/** The top of the panel: the brand, and the close button. */
function MenuHeader({
  brand,
  closeLabel,
  closeClass,
  onClose,
}: {
  brand: ReactNode;
  closeLabel: string;
  closeClass: string;
  onClose: () => void;
}) {
  return (
    <div className="flex h-16 items-center justify-between border-b border-border px-4">
      {brand}
      <button
        type="button"
        onClick={onClose}
        aria-label={closeLabel}
        className={clsx(
          'flex items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-text',
          closeClass,
        )}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
