/**
 * Counts, per animation frame, the MutationObserver batches an element got (one batch per React commit that
 * touched it), plus long tasks and when updates started and stopped. The element is found by selector as it
 * appears, so the probe can start before the UI it watches exists.
 */
import type { Page } from '@playwright/test';

export type FrameProbe = {
  frames: number;
  batchesPerFrame: number[];
  /** How many elements matched over the probe's life (a remount shows as 2). */
  attached: number;
  longTasks: { start: number; ms: number }[];
  firstUpdate: number;
  lastUpdate: number;
};

type ProbeWindow = { __frameProbe: FrameProbe; __stopFrameProbe: () => void };

export async function startFrameProbe(page: Page, selector: string, opts: { attributes: boolean }): Promise<void> {
  await page.evaluate(
    ({ selector, attributes }) => {
      const w = window as unknown as ProbeWindow;
      const probe: FrameProbe = {
        frames: 0,
        batchesPerFrame: [0],
        attached: 0,
        longTasks: [],
        firstUpdate: 0,
        lastUpdate: 0,
      };
      w.__frameProbe = probe;
      let running = true;
      const tick = () => {
        if (!running) return;
        probe.frames++;
        probe.batchesPerFrame.push(0);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const seen = new WeakSet<Node>();
      const attach = () => {
        const el = document.querySelector(selector);
        if (!el || seen.has(el)) return;
        seen.add(el);
        probe.attached++;
        new MutationObserver(() => {
          probe.batchesPerFrame[probe.batchesPerFrame.length - 1]! += 1;
          probe.lastUpdate = performance.now();
          if (!probe.firstUpdate) probe.firstUpdate = probe.lastUpdate;
        }).observe(el, { subtree: true, childList: true, characterData: true, attributes });
      };
      new MutationObserver(attach).observe(document.body, { subtree: true, childList: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, ms: Math.round(e.duration) });
      }).observe({ type: 'longtask', buffered: false });
      w.__stopFrameProbe = () => {
        running = false;
      };
    },
    { selector, attributes: opts.attributes },
  );
}

export function stopFrameProbe(page: Page): Promise<FrameProbe> {
  return page.evaluate(() => {
    const w = window as unknown as ProbeWindow;
    w.__stopFrameProbe();
    return w.__frameProbe;
  });
}
