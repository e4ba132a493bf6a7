import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/queryClient';
import { router } from './router';

/** Toasts follow the seed: top right, 4000 ms, at most 3 visible, Alt+T hotkey. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster
        position="top-right"
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
