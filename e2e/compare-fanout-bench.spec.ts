import { test, expect } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { startFrameProbe, stopFrameProbe } from './support/frame-probe';

test('fan-out to 5 streaming models: the comparison updates at most once per frame; long main-thread tasks reported', {
  tag: '@bench',
}, async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'Original.' }]);
  await sendMessage(page, 'Write a long answer');
  await waitForIdle(page);

  const words = (n: number) => Array.from({ length: 1500 }, (_, i) => `m${n}w${i}`).join(' ');
  mock.script(
    [1, 2, 3, 4, 5].map((n) => ({ kind: 'text' as const, content: words(n), chunks: 1500, chunkDelayMs: 1 })),
  );
  await startFrameProbe(page, 'section[aria-label="Model comparison"]', { attributes: false });
  await page.getByRole('button', { name: 'Try on other models' }).click();
  const dialog = page.getByRole('dialog', { name: 'Try on other models' });
  await dialog.getByRole('textbox', { name: 'Models' }).fill(['m-1', 'm-2', 'm-3', 'm-4', 'm-5'].join('\n'));
  await dialog.getByRole('button', { name: 'Run' }).click();
  const region = page.getByRole('region', { name: 'Model comparison' });
  await expect(region.locator('[data-outcome="done"]')).toHaveCount(5, { timeout: 60_000 });
  const probe = await stopFrameProbe(page);
  const busy = probe.batchesPerFrame.filter((n) => n > 0);
  const during = probe.longTasks
    .filter((t) => t.start >= probe.firstUpdate && t.start <= probe.lastUpdate)
    .map((t) => t.ms);
  const at = probe.longTasks.map((t) => `${t.ms} ms at ${Math.round(t.start - probe.firstUpdate)} ms`);
  // Reported, not asserted: on a shared 2-core machine a long task can come from anywhere.
  test.info().annotations.push({
    type: 'fan-out',
    description: `5 models x 1,500 chunks in ${Math.round(probe.lastUpdate - probe.firstUpdate)} ms; frames with updates: ${busy.length}; max updates in one frame: ${Math.max(...busy)}; long tasks (>50 ms) while streaming: ${during.length} (${during.join(', ') || 'none'}); longest: ${during.length ? Math.max(...during) : 0} ms; all long tasks after the first update: ${at.join(', ') || 'none'}`,
  });
  expect(busy.length).toBeGreaterThan(3);
  // Five streams share one store update per frame: more than one commit in a frame would mean unbatched updates.
  expect(Math.max(...busy)).toBeLessThanOrEqual(1);
});
