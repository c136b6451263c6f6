import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

// Reasoning models can think for a long while before the first word of the answer. The reasoning stays
// collapsed, so the live message has to show that thinking is going on and growing.
test('while a model reasons the message says it is thinking and the collapsed reasoning counts up; then it answers', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const reasoning = Array.from({ length: 60 }, (_, i) => `step${i}`).join(' ');
  // The reasoning stops twice, after 5 words and after all 60 before the answer, each time until the test has looked:
  // a stream that ran on by itself was over on a loaded machine before the count was read (the hold step,
  // e2e/server/types.ts). Events: the role chunk, then one per reasoning word.
  mock.script([
    {
      kind: 'hold',
      gate: 'think',
      afterChunks: [6, 61],
      step: { kind: 'text', reasoning, content: 'The answer is 42.' },
    },
  ]);
  await sendMessage(page, 'think first');

  const live = assistantMessages(page).last();
  await expect(live).toHaveAttribute('data-status', 'streaming');
  await expect(live.getByText('thinking…')).toBeVisible();
  const summary = live.locator('details.reasoning summary');
  const counted = async () => Number(/\((\d+) words\)/.exec((await summary.textContent()) ?? '')?.[1] ?? -1);
  await expect.poll(counted).toBe(5);

  mock.release('think');
  await mock.waitForHold('think');
  await expect.poll(counted).toBe(60);
  await expect(live).toHaveAttribute('data-status', 'streaming');
  await expect(live.getByText('thinking…')).toBeVisible();

  mock.release('think');
  await waitForIdle(page);
  const done = assistantMessages(page).last();
  await expect(done).toContainText('The answer is 42.');
  await expect(done.locator('details.reasoning summary')).toHaveText('Reasoning');
  await done.locator('details.reasoning summary').click();
  await expect(done.locator('details.reasoning')).toContainText('step59');
});
