/**
 * Settings for Claude and Gemini: the presets pick their own API, "Test connection" and the model list ask each
 * format's own model list with its own key header, a wrong key is said as a key problem, the thinking settings are
 * checked in words, and everything chosen is there again after a reload.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openConfiguredApp, TEST_KEY } from './support/configured-app';
import { newSession } from './support/session-list';

const MODELS = ['claude-mock-a', 'gemini-mock-b'];

const openSettings = async (page: Page): Promise<Locator> => {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('Anthropic and Google Gemini: presets, Test connection, model lists, a wrong key, and choices kept on reload', async ({
  page,
  mock,
}) => {
  mock.configure({ apiKey: TEST_KEY, models: MODELS });
  await openConfiguredApp(page, mock);
  await newSession(page);

  // Anthropic: the preset chooses the Anthropic Messages API for this session.
  let dialog = await openSettings(page);
  const api = dialog.getByRole('combobox', { name: 'API' });
  const baseURL = dialog.getByRole('textbox', { name: 'Base URL' });
  const key = dialog.getByRole('textbox', { name: 'API key' });
  const budget = dialog.getByRole('spinbutton', { name: 'Thinking budget (tokens)' });
  const maxOutput = dialog.getByRole('spinbutton', { name: 'Max output tokens' });
  const cache = dialog.getByRole('checkbox', { name: 'Cache the prompt' });
  const connected = dialog.getByRole('status').filter({ hasText: '✓' });
  const refused = dialog.getByRole('status').filter({ hasText: '✗' });
  const models = dialog.getByRole('combobox', { name: 'Available models' });
  await expect(budget).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Provider preset' }).selectOption({ label: 'Anthropic' });
  await expect(baseURL).toHaveValue('https://api.anthropic.com');
  await expect(api.locator('option:checked')).toHaveText('Anthropic Messages');
  await expect(budget).toBeVisible();
  await expect(maxOutput).toBeVisible();
  await expect(cache).not.toBeChecked();

  // Pointed at the mock server, which answers Anthropic's model list to a request carrying x-api-key.
  await baseURL.fill(mock.url);
  await key.fill(TEST_KEY);
  await expect(api.locator('option:checked')).toHaveText('Anthropic Messages');
  let from = mock.allRequests.length;
  await expect(models.locator('option')).toHaveText(['Choose from 2 models…', ...MODELS]);
  await models.selectOption('claude-mock-a');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(connected).toHaveText(`✓ Connected to ${new URL(mock.url).host}. Model "claude-mock-a" is available.`);
  const anthropicAsks = mock.allRequests.slice(from).filter((r) => r.method === 'GET' && r.path === '/v1/models');
  // The key went in x-api-key, never as Authorization (the model list may also have asked while the key was typed).
  expect(anthropicAsks.filter((r) => r.headers['x-api-key'] === TEST_KEY).length).toBeGreaterThan(0);
  for (const r of anthropicAsks) {
    expect(r.headers['anthropic-version']).toBe('2023-06-01');
    expect(r.headers.authorization).toBeUndefined();
  }
  // Nothing probed the OpenAI APIs (POST /chat/completions, /responses) on an Anthropic endpoint.
  expect(mock.allRequests.slice(from).filter((r) => r.method === 'POST')).toEqual([]);

  // A wrong key is the key's problem, in words.
  await key.fill('sk-ant-wrong-key');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(refused).toContainText('rejected the API key (HTTP 401)');
  await key.fill(TEST_KEY);

  // The thinking settings are checked as typed; Save is refused until they fit.
  await budget.fill('1000');
  await expect(dialog.getByText('The thinking budget must be a whole number of at least 1024 tokens')).toBeVisible();
  await budget.fill('9000');
  await maxOutput.fill('8192');
  await expect(dialog.getByText('The thinking budget must be below the max output tokens (8192)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(budget).toBeFocused();
  await expect(dialog).toBeVisible();
  await budget.fill('2048');
  await expect(budget).toHaveAttribute('aria-invalid', 'false');
  await cache.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  dialog = await openSettings(page);
  await expect(baseURL).toHaveValue(mock.url);
  await expect(api.locator('option:checked')).toHaveText('Anthropic Messages');
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('claude-mock-a');
  await expect(budget).toHaveValue('2048');
  await expect(maxOutput).toHaveValue('8192');
  await expect(cache).toBeChecked();

  // Google Gemini: its preset chooses the Gemini API; prompt caching is Anthropic's only.
  await dialog.getByRole('combobox', { name: 'Provider preset' }).selectOption({ label: 'Google Gemini' });
  await expect(baseURL).toHaveValue('https://generativelanguage.googleapis.com');
  await expect(api.locator('option:checked')).toHaveText('Gemini');
  await expect(cache).toHaveCount(0);
  await expect(budget).toHaveValue('2048');
  // Gemini's paths start at the server's root (/v1beta/…).
  const geminiBase = mock.url.replace(/\/v1$/, '');
  await baseURL.fill(geminiBase);
  await key.fill(TEST_KEY);
  from = mock.allRequests.length;
  await expect(models.locator('option')).toHaveText(['Choose from 2 models…', ...MODELS]);
  await models.selectOption('gemini-mock-b');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(connected).toHaveText(`✓ Connected to ${new URL(mock.url).host}. Model "gemini-mock-b" is available.`);
  // Only Gemini's own list was asked (and the browser's CORS preflights for its key header).
  expect(new Set(mock.allRequests.slice(from).map((r) => r.path))).toEqual(new Set(['/v1beta/models']));
  const geminiAsks = mock.allRequests.slice(from).filter((r) => r.method === 'GET');
  expect(geminiAsks.filter((r) => r.headers['x-goog-api-key'] === TEST_KEY).length).toBeGreaterThan(0);
  for (const r of geminiAsks) expect(r.headers.authorization).toBeUndefined();

  await key.fill('AIza-wrong-key');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(refused).toContainText('rejected the API key (HTTP 400)');
  await key.fill(TEST_KEY);
  await maxOutput.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  dialog = await openSettings(page);
  await expect(baseURL).toHaveValue(geminiBase);
  await expect(api.locator('option:checked')).toHaveText('Gemini');
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('gemini-mock-b');
  await expect(budget).toHaveValue('2048');
  await expect(maxOutput).toHaveValue('');
  await expect(cache).toHaveCount(0);
});
