import { useEffect } from 'react';

/** While `locked`, the page behind an overlay does not scroll (seed: mobile menu, FAQ modal). */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    document.body.classList.add('scroll-locked');
    return () => document.body.classList.remove('scroll-locked');
  }, [locked]);
}
