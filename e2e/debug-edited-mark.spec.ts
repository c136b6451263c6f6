/**
 * The mark of an answer whose request was edited at a pause (architecture.md, "Breakpoints"): its role line reads
 * "Assistant · edited", two words on screen and for a screen reader. Against the project's mock server.
 */
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

test('an answer to an edited request says "Assistant · edited" on screen and in the accessibility tree', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  await page
    .getByRole('group', { name: 'Breakpoints' })
    .getByRole('checkbox', { name: 'Before each model request' })
    .check();

  mock.script([{ kind: 'text', content: 'An answer to the edited question.' }]);
  await sendMessage(page, 'the question as typed');
  const paused = page.getByRole('group', { name: 'Paused before model request' });
  await paused.getByRole('button', { name: 'Edit request' }).click();
  const body = paused.getByRole('textbox', { name: 'Request' });
  const request = JSON.parse(await body.inputValue()) as { messages: { role: string; content: string }[] };
  request.messages = [...request.messages.slice(0, -1), { role: 'user', content: 'the question as edited' }];
  await body.fill(JSON.stringify(request));
  await paused.getByRole('button', { name: 'Continue', exact: true }).click();
  await waitForIdle(page);

  const answer = assistantMessages(page).last();
  await expect(answer).toContainText('An answer to the edited question.');
  const role = answer.locator('.message-role');
  // On screen: the text as laid out (innerText follows the CSS); for a screen reader: the accessibility tree.
  await expect.poll(() => role.evaluate((el) => (el as HTMLElement).innerText)).toBe('Assistant · edited');
  await expect(role).toHaveText('Assistant · edited');
  expect(await answer.ariaSnapshot()).toContain('Assistant · edited');
});
