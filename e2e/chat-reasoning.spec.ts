import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

// Reasoning models can think for a long while before the first word of the answer. The reasoning stays
// collapsed, so the live message has to show that thinking is going on and growing.
test('while a model reasons the message says it is thinking and the collapsed reasoning counts up; then it answers', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  const reasoning = Array.from({ length: 60 }, (_, i) => `step${i}`).join(' ');
  mock.script([{ kind: 'text', reasoning, content: 'The answer is 42.', chunkDelayMs: 40 }]);
  await sendMessage(page, 'think first');

  const live = assistantMessages(page).last();
  await expect(live).toHaveAttribute('data-status', 'streaming');
  await expect(live.getByText('thinking…')).toBeVisible();
  const summary = live.locator('details.reasoning summary');
  const counted = async () => Number(/\((\d+) words\)/.exec((await summary.textContent()) ?? '')?.[1] ?? -1);
  await expect.poll(counted).toBeGreaterThan(0);
  const first = await counted();
  await expect.poll(counted).toBeGreaterThan(first);

  await waitForIdle(page);
  const done = assistantMessages(page).last();
  await expect(done).toContainText('The answer is 42.');
  await expect(done.locator('details.reasoning summary')).toHaveText('Reasoning');
  await done.locator('details.reasoning summary').click();
  await expect(done.locator('details.reasoning')).toContainText('step59');
});
