/**
 * A code tool that keeps allocating 1 MB strings. The sandbox's memory has a hard 64 MB bound, so the run ends as
 * "memory limit" (it used to run on to ~2 GB and fail after ~20 s). The tool's timeout is far longer than filling
 * 64 MB takes even on a busy machine, so the outcome says which bound stopped it, not how fast the machine was.
 */
import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { LONGEST_TASK_LIMIT_MS, longestTask, watchLongTasks } from './support/long-tasks';
import { runTry, createCodeTool, openToolsTab } from './support/tools-tab';

test('filling memory fails as "memory limit", not as a timeout', async ({ page }) => {
  await openApp(page);
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'hoarder',
    code: 'const keep = []; for (;;) keep.push("x".repeat(1000000) + keep.length);',
    timeoutMs: 30_000,
  });
  await watchLongTasks(page);
  const { result, headline, text } = await runTry(page, {});
  expect(headline).toBe('Failed: memory limit');
  console.log(
    `[memory limit] the run took ${(await result.locator('p span').first().textContent()) ?? '?'} (tool timeout 30000 ms)`,
  );
  expect(text).toMatch(/^Out of memory: the sandbox is limited to 64 MB\./);
  // The next run gets a fresh engine.
  const again = await runTry(page, {});
  expect(again.headline).toBe('Failed: memory limit');
  expect(await longestTask(page, 'memory limit')).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});
