import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings, openApp, openConfiguredApp, TEST_KEY } from './support/configured-app';
import { newSession } from './support/session-list';

test('settings: models listed from the endpoint, key shown/hidden, host warning, test connection verdicts', async ({
  page,
  mock,
}) => {
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
  await expect(dialog.getByRole('status').filter({ hasText: 'Connected' })).toContainText(
    'Model "beta-model" is available',
  );
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

test('the key is forgotten on reload unless remembered; "Forget key" removes a remembered key', async ({
  page,
  mock,
}) => {
  // The mock server is on this machine, where a key is optional: the chat does not ask for one, so read the field.
  const keyAfterReload = async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const value = await page
      .getByRole('dialog', { name: 'Settings' })
      .getByRole('textbox', { name: 'API key' })
      .inputValue();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Cancel' }).click();
    return value;
  };
  await openConfiguredApp(page, mock);
  expect(await keyAfterReload()).toBe('');

  await configureSettings(page, mock, { remember: true });
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'API key' })).toHaveValue('sk-test-0123456789');
  await expect(dialog.getByRole('checkbox', { name: 'Remember on this device' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Forget key' }).click();
  await expect(dialog.getByRole('textbox', { name: 'API key' })).toHaveValue('');
  // Nothing left to forget.
  await expect(dialog.getByRole('button', { name: 'Forget key' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await keyAfterReload()).toBe('');
});

test('each session keeps its own model and limits', async ({ page, mock }) => {
  await openConfiguredApp(page, mock, { model: 'mock-gpt' });
  mock.script([
    { kind: 'text', content: 'from gpt' },
    { kind: 'text', content: 'from mini' },
    { kind: 'text', content: 'gpt again' },
  ]);
  await sendMessage(page, 'first session');
  await expect(assistantMessages(page).last()).toContainText('from gpt');
  await waitForIdle(page);
  await newSession(page);
  await configureSettings(page, mock, { model: 'mock-gpt-mini', maxTurns: 7 });
  await sendMessage(page, 'second session');
  await expect(assistantMessages(page).last()).toContainText('from mini');
  await waitForIdle(page);
  expect(mock.requests[1]?.body.model).toBe('mock-gpt-mini');

  await page
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('button', { name: 'first session', exact: true })
    .click();
  await sendMessage(page, 'back to the first');
  await expect(assistantMessages(page).last()).toContainText('gpt again');
  await waitForIdle(page);
  expect(mock.requests[2]?.body.model).toBe('mock-gpt');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('mock-gpt');
  await expect(dialog.getByRole('spinbutton', { name: 'Max turns' })).toHaveValue('25');
});

test('test connection names a wrong base URL and an endpoint that does not allow browsers (CORS)', async ({
  page,
  mock,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'API key' }).fill(TEST_KEY);
  const verdict = dialog.getByRole('status').filter({ hasText: '✗' });

  // No scheme: said plainly, with no request sent.
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(new URL(mock.url).host + '/v1');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(verdict).toContainText('must be a full address starting with http:// or https://');

  // Something answers, but not an OpenAI-compatible API at that path.
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(`${mock.url}/nope`);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(verdict).toContainText(`Nothing answered at ${mock.url}/nope/models (HTTP 404)`);
  await expect(verdict).toContainText('Check the base URL');

  // The server answers without CORS headers: all the page sees is a failed fetch, and it says what to do.
  mock.configure({ cors: false });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(mock.url);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(verdict).toContainText(`Could not reach ${mock.url}`);
  await expect(verdict).toContainText('must allow requests from a web page (CORS)');
  await expect(verdict).toContainText('OpenAI, OpenRouter, Groq and Together do');
  // The browser asked (a preflight, for the Authorization header), got no permission, and never sent the GET.
  const toModels = mock.allRequests.filter((r) => r.path === '/v1/models');
  expect(toModels.some((r) => r.method === 'OPTIONS')).toBe(true);
  expect(
    toModels.filter(
      (r) => r.method === 'GET' && r.receivedAt > (toModels.find((o) => o.method === 'OPTIONS')?.receivedAt ?? 0),
    ),
  ).toEqual([]);
});

test('temperature and system prompt from Settings reach the request', async ({ page, mock }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('spinbutton', { name: 'Temperature' }).fill('0.3');
  await dialog.getByRole('textbox', { name: 'System prompt' }).fill('Answer like a pirate.');
  await configureSettings(page, mock);
  mock.script([{ kind: 'text', content: 'Arr.' }]);
  await sendMessage(page, 'hello');
  await expect(assistantMessages(page).last()).toContainText('Arr.');
  await waitForIdle(page);
  const body = mock.requests[0]!.body;
  expect(body.temperature).toBe(0.3);
  const system = body.messages?.find((m) => m.role === 'system');
  expect(String(system?.content)).toContain('Answer like a pirate.');
  expect(body.messages?.[0]?.role).toBe('system');
});

test('reopening Settings with the same base URL and key uses the cached model list', async ({ page, mock }) => {
  mock.configure({ models: ['alpha-model', 'beta-model'] });
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'API key' }).fill(TEST_KEY);
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(mock.url);
  await expect(dialog.getByRole('combobox', { name: 'Available models' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Model' }).fill('alpha-model');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const listings = () => mock.allRequests.filter((r) => r.method === 'GET' && r.path === '/v1/models').length;
  expect(listings()).toBeGreaterThan(0);
  const before = listings();

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Available models' }).locator('option')).toHaveText([
    'Choose from 2 models…',
    'alpha-model',
    'beta-model',
  ]);
  await expect(dialog.getByText('Loading models…')).toHaveCount(0);
  expect(listings()).toBe(before);

  // A different key is a different listing: it is fetched again.
  await dialog.getByRole('textbox', { name: 'API key' }).fill('sk-another-key-000');
  await expect.poll(listings).toBe(before + 1);
});

test('typing the key and base URL lists models once they settle, never with half a key or to a half-typed address', async ({
  page,
  mock,
}) => {
  mock.configure({ models: ['alpha-model', 'beta-model'] });
  await page.clock.install();
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const baseURL = dialog.getByRole('textbox', { name: 'Base URL' });
  await baseURL.fill('');
  // A person types faster than the settle time; a busy machine's keystrokes can be seconds apart in real time.
  // The page's clock stands still while typing, as if each keystroke followed the last at once, then runs on.
  await page.clock.pauseAt(Date.now() + 1_000);
  await baseURL.pressSequentially(mock.url);
  await dialog.getByRole('textbox', { name: 'API key' }).pressSequentially(TEST_KEY);
  await page.clock.resume();
  await expect(dialog.getByRole('combobox', { name: 'Available models' }).locator('option')).toHaveText([
    'Choose from 2 models…',
    'alpha-model',
    'beta-model',
  ]);

  // Every listing that reached the server went to the whole address with the whole key (each keystroke
  // used to send one: /models, /v/models, and the key a character at a time).
  const listings = mock.allRequests.filter((r) => r.method === 'GET' && r.path.endsWith('/models'));
  expect(listings.length).toBeGreaterThan(0);
  for (const r of listings) {
    expect(r.path).toBe('/v1/models');
    expect(r.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
  }
});

test('a click into the Model field just as the model list arrives keeps exactly what is typed there', async ({
  page,
  mock,
}) => {
  mock.configure({ models: ['alpha-model', 'beta-model'] });
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const model = dialog.getByRole('textbox', { name: 'Model' });
  await model.fill('');
  await model.blur();
  // The person's click lands in the same moment the list is drawn: focus moves in while the page is still taking
  // the list in (a mutation observer fires before the page's own follow-up work of that update).
  await dialog.evaluate((el) => {
    const box = [...el.querySelectorAll('label')].find((l) => l.textContent === 'Model')?.control;
    const seen = new MutationObserver(() => {
      if (!el.querySelector('select[aria-label="Available models"]')) return;
      seen.disconnect();
      if (box instanceof HTMLInputElement) box.focus();
    });
    seen.observe(el, { childList: true, subtree: true });
  });
  await dialog.getByRole('textbox', { name: 'API key' }).fill(TEST_KEY);
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(mock.url);
  await expect(dialog.getByRole('combobox', { name: 'Available models' })).toBeVisible();
  await expect(model).toBeFocused();
  await page.keyboard.type('my-model');
  await expect(model).toHaveValue('my-model');
});

test('a first visit does not ask a hosted provider for models without a key; it says the key comes first', async ({
  page,
  mock,
}) => {
  mock.configure({ models: ['alpha-model'] });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/models')) asked.push(r.url());
  });
  await openApp(page);
  await page.getByRole('button', { name: 'Open settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toHaveValue('https://api.openai.com/v1');
  await expect(dialog.getByText("Enter the API key to list this provider's models")).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refresh models' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: '✗' })).toContainText('Enter your API key first');

  // Another host may need no key (a local server): it is listed without one.
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(mock.url);
  await expect(dialog.getByRole('combobox', { name: 'Available models' })).toBeVisible();
  await expect(dialog.getByText("Enter the API key to list this provider's models")).toHaveCount(0);
  await expect(dialog.getByText('Could not list models')).toHaveCount(0);
  expect(asked.filter((u) => u.includes('api.openai.com'))).toEqual([]);
});

test('Save refuses a base URL without http:// or https:// and points at the field', async ({ page, mock }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'API key' }).fill(TEST_KEY);
  const baseURL = dialog.getByRole('textbox', { name: 'Base URL' });
  await baseURL.fill(`${new URL(mock.url).host}/v1`);
  await dialog.getByRole('textbox', { name: 'Model' }).fill('mock-gpt');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Saved, it used to fail every message later as "The network connection was lost".
  await expect(dialog).toBeVisible();
  await expect(baseURL).toBeFocused();
  await expect(baseURL).toHaveAttribute('aria-invalid', 'true');
  await expect(baseURL).toHaveAccessibleDescription('Enter a full URL starting with http:// or https://.');

  await baseURL.fill(mock.url);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  mock.script([{ kind: 'text', content: 'Reached.' }]);
  await sendMessage(page, 'hello');
  await expect(assistantMessages(page).last()).toContainText('Reached.');
});
