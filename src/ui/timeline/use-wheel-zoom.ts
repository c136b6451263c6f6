import { useEffect, type RefObject } from 'react';
import { panBy, zoomAt, type Viewport } from '../../timeline/viewport';

type Props = {
  scrollRef: RefObject<HTMLElement | null>;
  setViewport: (update: (vp: Viewport) => Viewport) => void;
  /** Where the plot starts in the scroll box, and how wide it is (px). */
  gutter: number;
  plotW: number;
  total: number;
};

/**
 * The chart's wheel: ctrl/cmd zooms around the pointer, horizontal or shift pans time, plain vertical scrolls rows
 * natively. A passive React handler could not prevent the page's own zoom, so the listener is added by hand.
 */
export function useWheelZoom({ scrollRef, setViewport, gutter, plotW, total }: Props): void {
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const rect = el.getBoundingClientRect();
      const px = e.clientX - rect.left - gutter;
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const factor = Math.exp(e.deltaY * 0.0015);
        setViewport((v) => zoomAt(v, factor, v.start + (Math.max(0, px) / plotW) * (v.end - v.start), total));
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        const d = e.shiftKey && e.deltaX === 0 ? e.deltaY : e.deltaX;
        setViewport((v) => panBy(v, (d / plotW) * (v.end - v.start), total));
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [scrollRef, setViewport, gutter, plotW, total]);
}
