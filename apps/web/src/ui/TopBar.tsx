import clsx from 'clsx';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../lib/prerender';
import { MenuIcon } from './icons';
import { MobileMenu, type MenuVariant } from './MobileMenu';

/**
 * The public site's bar is fixed, centred and keeps its menu button at the end; the signed-in
 * app's is sticky beside the sidebar and starts with its menu button.
 */
const LOOKS: Record<MenuVariant, { header: string; row?: string; button: string; icon: number }> = {
  site: {
    header: 'fixed inset-x-0 top-0 z-40 border-b border-border/70 bg-bg/85 backdrop-blur-md',
    row: 'mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8',
    button: 'size-11 text-text hover:bg-surface-2 md:hidden',
    icon: 22,
  },
  app: {
    header:
      'sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-bg/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-bg/70 sm:px-6',
    button: 'size-10 shrink-0 text-muted hover:bg-surface-2 hover:text-text min-[770px]:hidden',
    icon: 20,
  },
};

export interface TopBarMenu {
  /** The menu button's name ("Open menu"), the panel's ("Menu") and its close button's. */
  openLabel: string;
  label: string;
  closeLabel: string;
  /** The brand at the top of the panel; `close` shuts the menu (for a link home). */
  brand: (close: () => void) => ReactNode;
  /** The panel's links; `close` shuts the menu when one is followed. */
  content: (close: () => void) => ReactNode;
}

/**
 * The one top bar of the public site and the signed-in app: the frame's own items (`children`,
 * then `end`), a menu button below the breakpoint and the slide-in menu it opens. The menu is a
 * sibling of the header: the header's backdrop filter would otherwise become the containing block
 * of the menu's fixed positioning.
 */
export function TopBar({
  variant,
  menu,
  children,
  end,
}: {
  variant: MenuVariant;
  menu: TopBarMenu;
  children: ReactNode;
  end?: ReactNode;
}) {
  const look = LOOKS[variant];
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const hydrated = useHydrated();

  const button = (
    <button
      ref={buttonRef}
      type="button"
      onClick={() => setOpen(true)}
      disabled={!hydrated}
      aria-label={menu.openLabel}
      aria-expanded={open}
      aria-controls={menuId}
      className={clsx('flex items-center justify-center rounded-lg', look.button)}
    >
      <MenuIcon width={look.icon} height={look.icon} />
    </button>
  );

  const items =
    variant === 'site' ? (
      <>
        {children}
        <div className="flex items-center gap-2">
          {end}
          {button}
        </div>
      </>
    ) : (
      <>
        {button}
        {children}
        {end}
      </>
    );

  return (
    <>
      <header className={look.header}>
        {look.row ? <div className={look.row}>{items}</div> : items}
      </header>
      <MobileMenu
        variant={variant}
        id={menuId}
        open={open}
        onClose={close}
        returnFocusRef={buttonRef}
        label={menu.label}
        closeLabel={menu.closeLabel}
        brand={menu.brand(close)}
      >
        {menu.content(close)}
      </MobileMenu>
    </>
  );
}
