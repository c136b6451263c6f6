import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { startFrameProbe, stopFrameProbe, type FrameProbe } from './support/frame-probe';
import { openSession } from './support/session-list';
import { seedSessions, sessionSeed, unbrokenText } from './support/hostile-seed';
import { LONGEST_TASK_LIMIT_MS } from './support/long-tasks';

const MB = 1 << 20;

function longest(probe: FrameProbe): number {
  return Math.max(0, ...probe.longTasks.map((t) => t.ms));
}

// An OpenAI model name, so the exact tokenizer counts the context; a window big enough that 1 MB needs no compaction.
const MODEL = 'gpt-4o';
const settings = { contextLimit: 2_000_000 };

test('a session holding a 1 MB unbroken tool error opens after a reload and runs again, the page never stalling', async ({
  page,
  mock,
}) => {
  test.setTimeout(120_000);
  // Remembered, so the key is still there after the reload that loads the seeded session.
  await openConfiguredApp(page, mock, { model: MODEL, remember: true });
  const big = unbrokenText(MB);
  const seed = sessionSeed('hostile-1mb', 'Huge build log', {
    model: MODEL,
    question: 'Why did the build fail?',
    toolResult: big,
    answer: 'The log is one long line.',
  });
  seed.session.settings = settings;
  await seedSessions(page, [seed]);

  await startFrameProbe(page, 'section.chat', { attributes: false });
  await openSession(page, 'hostile-1mb');
  const card = toolCard(page, 'call_big');
  await expect(card.locator('.status')).toHaveText('error');
  // Folded: the start of the error and how long it is.
  await expect(card.getByLabel('Result', { exact: true })).toHaveText(`${big.slice(0, 280)}…`);
  await card.getByRole('button', { name: 'Show more (1,048,576 characters)' }).click();
  // Stored before tool output was limited: only what the display allows, a page at a time, and a marker for the rest.
  await expect(card.getByText('Showing 60,000 of 66,560 characters.')).toBeVisible();
  await expect(
    card.getByText('…[982,016 more characters not shown: over the 66,560-character display limit for a tool result]'),
  ).toBeVisible();
  expect((await card.getByLabel('Result', { exact: true }).textContent())?.length).toBe(60_000);
  await card.getByRole('button', { name: 'Show more', exact: true }).click();
  expect(await card.getByLabel('Result', { exact: true }).textContent()).toBe(big.slice(0, 66_560));
  await expect(card.getByRole('button', { name: 'Show more', exact: true })).toHaveCount(0);
  // Its button gone, focus moved to the text it revealed rather than falling to the page.
  expect(await page.evaluate(() => document.activeElement?.classList.contains('text-piece'))).toBe(true);
  const meter = page.getByRole('status', { name: 'Context usage' });
  await expect(meter).toContainText(/Context: [\d,]+ \/ 2,000,000 tokens/);
  const opened = await stopFrameProbe(page);
  console.log(`1 MB session opened after reload: longest main-thread task ${longest(opened)} ms`);
  expect(longest(opened)).toBeLessThan(LONGEST_TASK_LIMIT_MS);

  // A run in the same session: the whole history (with the megabyte) is counted and sent.
  mock.script([{ kind: 'text', content: 'It failed at the linker step.' }]);
  await startFrameProbe(page, 'section.chat', { attributes: false });
  await sendMessage(page, 'Summarise the error.');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('It failed at the linker step.');
  const sent = mock.requests[0]?.body.messages ?? [];
  expect(sent.some((m) => m.role === 'tool' && m.content === big)).toBe(true);
  await expect(meter).toContainText(/Context: [\d,]+ \/ 2,000,000 tokens/);
  const ran = await stopFrameProbe(page);
  console.log(`run in the 1 MB session: longest main-thread task ${longest(ran)} ms`);
  expect(longest(ran)).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});

test('a 1 MB one-line reply streams in and reopens after a reload as plain text, a page at a time', async ({
  page,
  mock,
}) => {
  test.setTimeout(120_000);
  await openConfiguredApp(page, mock, { model: MODEL });
  const line = unbrokenText(MB);
  mock.script([{ kind: 'text', content: line, chunks: 64 }]);
  await startFrameProbe(page, 'section.chat', { attributes: false });
  await sendMessage(page, 'Print the blob.');
  await waitForIdle(page);
  const msg = assistantMessages(page).last();
  await expect(msg).toHaveAttribute('data-status', 'complete');
  const streamed = await stopFrameProbe(page);
  console.log(`1 MB one-line reply streamed: longest main-thread task ${longest(streamed)} ms`);
  expect(longest(streamed)).toBeLessThan(LONGEST_TASK_LIMIT_MS);

  const sessionId = await page
    .locator('nav[aria-label="Sessions"] li[data-current="true"]')
    .getAttribute('data-session-id');
  await page.reload();
  await startFrameProbe(page, 'section.chat', { attributes: false });
  await openSession(page, sessionId ?? '');
  const reopened = assistantMessages(page).last();
  await expect(reopened.getByText('Too long to format (1,048,576 characters): shown as plain text.')).toBeVisible();
  await expect(reopened.getByText('Showing 60,000 of 1,048,576 characters.')).toBeVisible();
  expect(await reopened.locator('.text-piece').evaluateAll((els) => els.map((e) => e.textContent ?? '').join(''))).toBe(
    line.slice(0, 60_000),
  );
  // No line is wider than the message: the unbroken text wraps.
  expect(await reopened.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await reopened.getByRole('button', { name: 'Show more' }).click();
  await expect(reopened.getByText('Showing 120,000 of 1,048,576 characters.')).toBeVisible();
  const opened = await stopFrameProbe(page);
  console.log(`1 MB one-line reply reopened: longest main-thread task ${longest(opened)} ms`);
  expect(longest(opened)).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});
