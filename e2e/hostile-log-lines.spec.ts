/**
 * A tool that floods its log: 100,000 empty lines, or one 10 MB line. The log is bounded in the sandbox worker by
 * entries (1,000) and bytes (64 KB), with an entry saying how much was dropped, so Try it draws it at once.
 */
import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { LONGEST_TASK_LIMIT_MS, longestTask, watchLongTasks } from './support/long-tasks';
import { runTry, createCodeTool, openToolsTab } from './support/tools-tab';

test('100,000 empty console.log() lines: 1,000 are kept and the rest are counted', async ({ page }) => {
  await openApp(page);
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'chatty',
    code: 'for (let i = 0; i < 100000; i++) console.log(); return "done";',
    timeoutMs: 20_000,
  });
  await watchLongTasks(page);
  const { result, headline, text } = await runTry(page, {});
  expect(headline).toBe('OK');
  expect(text).toBe('done');
  const logs = result.getByRole('region', { name: 'Logs' });
  await expect(logs.getByRole('heading')).toHaveText('Logs (1,000 of 100,000 kept)');
  await expect(logs.getByRole('listitem')).toHaveCount(1_001);
  await expect(logs.getByRole('listitem').last()).toHaveText(
    '[warn] …[99000 more log entries dropped: the log is limited to 1000 entries]',
  );
  expect(await longestTask(page, '100,000 empty log lines')).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});

test('a 10 MB one-line log entry is cut at 64 KB with the marker', async ({ page }) => {
  await openApp(page);
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'shouty',
    code: 'console.log("L".repeat(10000000)); console.log("after"); return "done";',
    timeoutMs: 20_000,
  });
  await watchLongTasks(page);
  const { result, headline } = await runTry(page, {});
  expect(headline).toBe('OK');
  const entries = result.getByRole('region', { name: 'Logs' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  const first = (await entries.first().textContent()) ?? '';
  expect(first).toBe(`[log] ${'L'.repeat(64 * 1024)}\n…[output truncated: ${10_000_000 - 64 * 1024} bytes omitted]`);
  await expect(entries.last()).toHaveText('[warn] …[1 more log entry dropped: the log is limited to 64 KB]');
  expect(await longestTask(page, '10 MB log line')).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});
