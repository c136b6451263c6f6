import { test, expect } from './fixtures';
import { assistantMessages, openConfiguredApp, sendMessage, waitForIdle } from './app-helpers';

type Probe = { frames: number; commitsPerFrame: number[]; longTasks: { start: number; ms: number }[]; firstUpdate: number; lastUpdate: number };

test('a fast stream reaches the page at most once per animation frame', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  const words = Array.from({ length: 3000 }, (_, i) => (i % 40 === 39 ? `w${i}\n\n` : `w${i}`)).join(' ');
  mock.script([{ kind: 'text', content: words, chunks: 3000, chunkDelayMs: 1 }]);

  // Count, per animation frame, the DOM updates of the streaming message's text (one per React commit).
  await page.evaluate(() => {
    const w = window as unknown as { __probe: Probe; __stopProbe: () => void };
    const probe: Probe = { frames: 0, commitsPerFrame: [0], longTasks: [], firstUpdate: 0, lastUpdate: 0 };
    w.__probe = probe;
    let running = true;
    const tick = () => {
      if (!running) return;
      probe.frames++;
      probe.commitsPerFrame.push(0);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const seen = new WeakSet<Node>();
    const observeLive = () => {
      const live = document.querySelector('article[aria-busy="true"]');
      if (!live || seen.has(live)) return;
      seen.add(live);
      new MutationObserver(() => {
        probe.commitsPerFrame[probe.commitsPerFrame.length - 1]! += 1;
        probe.lastUpdate = performance.now();
        if (!probe.firstUpdate) probe.firstUpdate = probe.lastUpdate;
      }).observe(live, { subtree: true, childList: true, characterData: true });
    };
    new MutationObserver(observeLive).observe(document.body, { subtree: true, childList: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, ms: Math.round(e.duration) }); })
      .observe({ type: 'longtask', buffered: false });
    w.__stopProbe = () => { running = false; };
  });

  await sendMessage(page, 'stream fast');
  await expect(assistantMessages(page).last()).toContainText('w2999', { timeout: 30_000 });
  await waitForIdle(page);
  const probe = await page.evaluate(() => {
    const w = window as unknown as { __probe: Probe; __stopProbe: () => void };
    w.__stopProbe();
    return w.__probe;
  });
  const busy = probe.commitsPerFrame.filter((n) => n > 0);
  const during = probe.longTasks.filter((t) => t.start >= probe.firstUpdate && t.start <= probe.lastUpdate).map((t) => t.ms);
  const outside = probe.longTasks.filter((t) => t.start < probe.firstUpdate || t.start > probe.lastUpdate).map((t) => t.ms);
  // Reported, not asserted: on a shared 2-core machine a long task can come from anywhere.
  test.info().annotations.push({
    type: 'streaming',
    description: `stream ${Math.round(probe.lastUpdate - probe.firstUpdate)} ms; frames with updates: ${busy.length}; max updates in one frame: ${Math.max(...busy)}; long tasks while streaming (ms): ${during.join(', ') || 'none'}; before/after: ${outside.join(', ') || 'none'}`,
  });
  expect(busy.length).toBeGreaterThan(3);
  // A MutationObserver callback runs once per commit, so more than one in a frame would mean unbatched updates.
  expect(Math.max(...busy)).toBeLessThanOrEqual(1);
});
