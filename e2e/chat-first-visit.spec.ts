import { test, expect } from './fixtures';
import { assistantMessages, messageBox, waitForIdle } from './support/chat-run';
import { configureSettings, openApp, TEST_KEY } from './support/configured-app';
import { conversation, roles } from './support/sent-requests';

test('first visit without a key: settings, then a streamed answer through the real openai SDK', async ({
  page,
  mock,
}) => {
  mock.configure({ apiKey: TEST_KEY });
  mock.script([
    {
      kind: 'text',
      content: 'Hello from the **mock** model.\n\n```js\nconsole.log(1)\n```',
      chunkDelayMs: 30,
      reasoning: 'Greeting the user.',
    },
  ]);
  await openApp(page);
  await expect(page.getByText('Welcome to Toolscope')).toBeVisible();

  // Sending without a key opens Settings and says why.
  await messageBox(page).fill('Hi there');
  await page.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Add your API key')).toBeVisible();
  // The key is what is missing, so typing goes straight into it.
  await expect(dialog.getByRole('textbox', { name: 'API key' })).toBeFocused();
  await expect(dialog.getByRole('checkbox', { name: 'Remember on this device' })).not.toBeChecked();
  await configureSettings(page, mock);

  await expect(messageBox(page)).toHaveValue('Hi there');
  await messageBox(page).press('Enter');
  const answer = assistantMessages(page).last();
  await expect(answer).toContainText('Hello from the mock model.');
  await waitForIdle(page);
  await expect(answer.locator('strong')).toHaveText('mock');
  await expect(answer.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
  await expect(answer.locator('details summary')).toHaveText('Reasoning');
  await expect(answer.locator('details')).not.toHaveAttribute('open', '');
  await expect(page.getByText(/Turn 1: \d+ tokens/)).toBeVisible();
  await expect(page.getByLabel('Session usage')).toContainText('tokens');

  // The session took its title from the message and shows its status as text.
  const item = page.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem').first();
  await expect(item).toContainText('Hi there');
  await expect(item).toContainText('finished');

  // The key went only as the Authorization header to the configured endpoint.
  const sent = mock.whereSent(TEST_KEY);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.every((s) => s.where === 'authorization' && s.path.startsWith('/v1/'))).toBe(true);
  const req = mock.requests.at(-1);
  expect(req?.body.model).toBe('mock-gpt');
  expect(conversation(req).at(-1)).toMatchObject({ role: 'user', content: 'Hi there' });
  await page.screenshot({ path: 'e2e/artifacts/chat-streamed-answer.png' });
});

test('Shift+Enter adds a new line, Enter sends; a follow-up continues the conversation', async ({ page, mock }) => {
  await openApp(page);
  await configureSettings(page, mock);
  mock.script([
    { kind: 'text', content: 'First answer.' },
    { kind: 'text', content: 'Second answer.' },
  ]);
  const box = messageBox(page);
  await box.fill('line one');
  await box.press('Shift+Enter');
  await box.pressSequentially('line two');
  await expect(box).toHaveValue('line one\nline two');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(assistantMessages(page).last()).toContainText('First answer.');
  await waitForIdle(page);
  await box.fill('and again');
  await box.press('Enter');
  await expect(assistantMessages(page).last()).toContainText('Second answer.');
  const second = await mock.waitForRequest(1);
  expect(roles(second)).toEqual(['user', 'assistant', 'user']);
  expect(conversation(second)[0]?.content).toBe('line one\nline two');
});
