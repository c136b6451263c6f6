import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether a one-line box hides part of its text: wider than the box, or more than one line (screens.md, "Calm tool
 * rows": a failed call's error is one line until opened). Measured again when the box changes size.
 */
export function useClipped(box: RefObject<HTMLElement | null>, text: string | null): boolean {
  const [clipped, setClipped] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (el === null || text === null) return;
    const lines = text.trim().includes('\n');
    const measure = () => setClipped(lines || el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => watch.disconnect();
  }, [box, text]);
  return clipped;
}
