import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How many of the tabs, in order, fit in `room` px (architecture.md, "Narrow screens"): all of them when they fit
 * side by side, else as many as fit beside the "More" button that holds the rest. `gap` is the space between two
 * neighbours (tab or More).
 */
export function fittingCount(widths: readonly number[], gap: number, moreWidth: number, room: number): number {
  const all = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (all <= room) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const w of widths) {
    if (used + gap + w > room) break;
    used += gap + w;
    count += 1;
  }
  return count;
}

const width = (el: Element | null | undefined) => el?.getBoundingClientRect().width ?? 0;

/**
 * The number of tabs that fit in `box`, measured and kept up to date by a ResizeObserver on the box, every tab and
 * the More button (a font arriving late or a zoom changes their widths too). Tabs past the count are still laid out,
 * out of the flow and unseen, so their widths stay known.
 */
export function useFittingTabs(
  box: RefObject<HTMLElement | null>,
  tabs: RefObject<(HTMLElement | null)[]>,
  more: RefObject<HTMLElement | null>,
  total: number,
): number {
  const [count, setCount] = useState(total);
  useLayoutEffect(() => {
    const root = box.current;
    if (!root) return;
    const measure = () => {
      const gap = Number.parseFloat(getComputedStyle(root).columnGap) || 0;
      setCount(fittingCount(tabs.current.map(width), gap, width(more.current), root.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const el of [root, more.current, ...tabs.current]) if (el) observer.observe(el);
    return () => observer.disconnect();
  }, [box, tabs, more]);
  return count;
}
