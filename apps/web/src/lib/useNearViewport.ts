import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element is within `margin` of the viewport (and from then on): for parts below
 * the fold whose code and data can wait until the reader scrolls towards them. Without
 * IntersectionObserver, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near) return;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}

/**
 * True once the browser is idle after the first render (at most `timeoutMs` later): for parts
 * that must not hold up the first paint but should not wait for a scroll either (a page looked
 * at without scrolling, a screenshot, still shows them).
 */
export function useWhenIdle(timeoutMs = 1_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), Math.min(timeoutMs, 200));
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
