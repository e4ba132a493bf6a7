import { useEffect, useState } from 'react';

/**
 * Whether the element scrolls sideways now (its content wider than its box), kept current as it
 * resizes. A box that scrolls must be reachable by keyboard (tabIndex 0) so it can be scrolled
 * without a mouse; one that does not scroll should not add a stop to the Tab order. `ref` is a
 * callback ref, so an element that mounts later (after loading) is measured too.
 */
export function useScrollsSideways<E extends HTMLElement>() {
  const [element, ref] = useState<E | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const child = element.firstElementChild;
    if (child) observer.observe(child);
    return () => observer.disconnect();
  }, [element]);
  return { ref, scrolls };
}
