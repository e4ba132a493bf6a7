import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';

/**
 * Below the 64 px top bar (public and signed-in alike), so a toast never covers the account
 * button or Login at the top right.
 */
export const TOAST_OFFSET = { top: 76, right: 24 } as const;
export const TOAST_MOBILE_OFFSET = { top: 72, right: 16, left: 16 } as const;

/** Toasts follow the seed: top right, 4000 ms, at most 3 visible, Alt+T hotkey. */
function Toasts() {
  return (
    <Toaster
      position="top-right"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      duration={4000}
      visibleToasts={3}
      gap={14}
      hotkey={['altKey', 'KeyT']}
      theme="dark"
      richColors
      closeButton
    />
  );
}

/**
 * The toaster lives in a root of its own, mounted once the page is up: its code stays out of the
 * first load, and a toast raised before it mounts still shows (sonner hands a late toaster every
 * active toast).
 */
export function mountToasts(): void {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<Toasts />);
}
