import { test, expect } from './fixtures';
import { assistantMessages, configureSettings, openApp, openConfiguredApp, sendMessage, TEST_KEY, waitForIdle, newSession } from './app-helpers';

test('settings: models listed from the endpoint, key shown/hidden, host warning, test connection verdicts', async ({ page, mock }) => {
  mock.configure({ apiKey: TEST_KEY, models: ['alpha-model', 'beta-model'] });
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const key = dialog.getByRole('textbox', { name: 'API key' });
  await key.fill(TEST_KEY);
  await expect(key).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show key' }).click();
  await expect(key).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Hide key' }).click();
  await expect(key).toHaveAttribute('type', 'password');

  // A known provider gets no warning; any other host is named.
  await dialog.getByRole('combobox', { name: 'Provider preset' }).selectOption({ label: 'OpenAI' });
  await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toHaveValue('https://api.openai.com/v1');
  await expect(dialog.getByRole('note')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(mock.url);
  const host = new URL(mock.url).host;
  await expect(dialog.getByRole('note')).toContainText(`Your API key will be sent to ${host}`);

  // The model list comes from GET /models.
  const models = dialog.getByRole('combobox', { name: 'Available models' });
  await expect(models.locator('option')).toHaveText(['Choose from 2 models…', 'alpha-model', 'beta-model']);
  await models.selectOption('beta-model');
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('beta-model');

  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Connected' })).toContainText('Model "beta-model" is available');
  await page.screenshot({ path: 'e2e/artifacts/app-settings.png' });

  await dialog.getByRole('textbox', { name: 'Model' }).fill('gamma-model');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'no model named' })).toContainText('"gamma-model"');

  await key.fill('sk-bad');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: '✗' })).toContainText('rejected the API key');
  // Listing failed: the free-text Model field is still there to type into.
  await expect(dialog.getByText('Could not list models')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toBeEditable();
});

test('the key is forgotten on reload unless remembered; "Forget key" removes a remembered key', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await page.reload();
  await expect(page.getByText('Welcome to Toolscope')).toBeVisible();

  await configureSettings(page, mock, { remember: true });
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'API key' })).toHaveValue('sk-test-0123456789');
  await expect(dialog.getByRole('checkbox', { name: 'Remember on this device' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Forget key' }).click();
  await expect(dialog.getByRole('textbox', { name: 'API key' })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByText('Welcome to Toolscope')).toBeVisible();
});

test('each session keeps its own model and limits', async ({ page, mock }) => {
  await openConfiguredApp(page, mock, { model: 'mock-gpt' });
  mock.script([{ kind: 'text', content: 'from gpt' }, { kind: 'text', content: 'from mini' }, { kind: 'text', content: 'gpt again' }]);
  await sendMessage(page, 'first session');
  await expect(assistantMessages(page).last()).toContainText('from gpt');
  await waitForIdle(page);
  await newSession(page);
  await configureSettings(page, mock, { model: 'mock-gpt-mini', maxTurns: 7 });
  await sendMessage(page, 'second session');
  await expect(assistantMessages(page).last()).toContainText('from mini');
  await waitForIdle(page);
  expect(mock.requests[1]?.body.model).toBe('mock-gpt-mini');

  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'first session', exact: true }).click();
  await sendMessage(page, 'back to the first');
  await expect(assistantMessages(page).last()).toContainText('gpt again');
  await waitForIdle(page);
  expect(mock.requests[2]?.body.model).toBe('mock-gpt');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('mock-gpt');
  await expect(dialog.getByRole('spinbutton', { name: 'Max turns' })).toHaveValue('25');
});
