import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/queryClient';
import { router } from './router';

/**
 * Below the 64 px top bar (public and signed-in alike), so a toast never covers the account
 * button or Login at the top right.
 */
export const TOAST_OFFSET = { top: 76, right: 24 } as const;
export const TOAST_MOBILE_OFFSET = { top: 72, right: 16, left: 16 } as const;

/** Toasts follow the seed: top right, 4000 ms, at most 3 visible, Alt+T hotkey. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
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
    </QueryClientProvider>
  );
}
