/**
 * Built-in tools work out of the box: a first-time user who never opens the Tools view still gets them offered to
 * the model, and the model's call to one runs.
 */
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

test('the built-in tools are offered and run before the Tools view was ever opened', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_eval', name: 'js_eval', arguments: { expression: '6 * 7' } }] },
    { kind: 'text', content: 'It is 42.' },
  ]);
  await sendMessage(page, 'what is 6 times 7?');
  await waitForIdle(page);

  const offered = (mock.requests[0]?.body.tools ?? []).map((t) => t.function?.name);
  expect(offered).toEqual(expect.arrayContaining(['js_eval', 'fetch_url', 'current_time']));
  await expandToolCard(toolCard(page, 'call_eval'));
  await expect(toolCard(page, 'call_eval').getByLabel('Result', { exact: true })).toHaveText('42');
  await expect(assistantMessages(page).last()).toContainText('It is 42.');
});
