import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { BrandMark, CloseIcon } from '../../../ui';
import { useBodyScrollLock } from '../hooks/useLayoutEffects';
import type { MenuItem } from '../menus';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavMenu } from './NavMenu';

/** Below 770px the sidebar becomes this slide-in panel; the page behind is scroll-locked. */
export function MobileMenu({
  open,
  onOpenChange,
  items,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: MenuItem[];
}) {
  const { t } = useTranslation('shell');
  useBodyScrollLock(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 transition-opacity starting:opacity-0 min-[770px]:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(300px,85vw)] flex-col border-r border-border bg-surface shadow-2xl transition-transform duration-200 ease-out outline-none starting:-translate-x-full min-[770px]:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-border px-4">
            <Dialog.Title asChild>
              <span>
                <BrandMark />
                <span className="sr-only">{t('menuTitle')}</span>
              </span>
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('closeMenu')}
              className="flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-text"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <NavMenu items={items} onNavigate={() => onOpenChange(false)} />
          <LanguageSwitcher />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
