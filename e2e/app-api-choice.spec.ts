/**
 * Choosing the wire format: Test connection says which APIs the endpoint accepts, the choice is kept per endpoint
 * (a preset shows its own), and the provider tools' settings reach the Responses request.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

const settings = async (page: Page) => {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('Test connection says which APIs the endpoint accepts, and warns when the chosen one is missing', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const dialog = await settings(page);
  const verdict = dialog.getByRole('status').filter({ hasText: 'Connected to' });
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(verdict).toContainText('It accepts both APIs: Chat Completions and Responses.');
  // The probe ran no model: nothing reached the scripted chat routes.
  expect(mock.requests).toHaveLength(0);
  expect(
    mock.allRequests
      .filter((r) => r.method === 'POST')
      .map((r) => `${r.path} ${r.status ?? ''}`)
      .sort(),
  ).toEqual(['/v1/chat/completions 400', '/v1/responses 400']);

  mock.configure({ apis: ['chat'] });
  await dialog.getByRole('combobox', { name: 'API' }).selectOption({ label: 'Responses' });
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(verdict).toContainText('It accepts the Chat Completions API only (no Responses API there).');
  await expect(dialog.getByRole('alert')).toContainText(
    'The API chosen below (Responses) is not served at this base URL',
  );
  await dialog.getByRole('combobox', { name: 'API' }).selectOption({ label: 'Chat Completions' });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('the API is chosen per endpoint: presets show their own, and a new session on an endpoint uses its choice', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  let dialog = await settings(page);
  const api = dialog.getByRole('combobox', { name: 'API' });
  const baseURL = dialog.getByRole('textbox', { name: 'Base URL' });
  await expect(api).toHaveValue('chat');
  await dialog.getByRole('combobox', { name: 'Provider preset' }).selectOption({ label: 'OpenAI' });
  await expect(api).toHaveValue('responses');
  await dialog.getByRole('combobox', { name: 'Provider preset' }).selectOption({ label: 'Groq' });
  await expect(api).toHaveValue('chat');
  await baseURL.fill(mock.url);
  await api.selectOption({ label: 'Responses' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Another endpoint has its own choice; coming back shows this one's.
  dialog = await settings(page);
  await expect(api).toHaveValue('responses');
  await baseURL.fill('http://127.0.0.1:9/v1');
  await expect(api).toHaveValue('chat');
  await baseURL.fill(mock.url);
  await expect(api).toHaveValue('responses');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  mock.scriptResponses([{ kind: 'responses', text: 'Answered through Responses.' }]);
  await sendMessage(page, 'hello');
  await waitForIdle(page);
  expect(mock.requests.at(-1)?.path).toBe('/v1/responses');
});

test('provider tools: the remote MCP server URL and vector store id are asked for and sent', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'First answer, over Chat Completions.' }]);
  await sendMessage(page, 'first');
  await waitForIdle(page);

  const dialog = await settings(page);
  await dialog.getByRole('combobox', { name: 'API' }).selectOption({ label: 'Responses' });
  await dialog.getByRole('checkbox', { name: 'File search' }).check();
  await dialog.getByRole('checkbox', { name: 'Remote MCP' }).check();
  const url = dialog.getByRole('textbox', { name: 'Remote MCP server URL' });
  const store = dialog.getByRole('textbox', { name: 'Vector store ID' });
  await expect(url).toHaveAccessibleDescription('Remote MCP is left out of requests until a server URL is given.');
  await expect(store).toHaveAccessibleDescription(
    'File search is left out of requests until a vector store ID is given.',
  );
  await url.fill('mcp.example.com/mcp');
  await expect(url).toHaveAccessibleDescription(/starting with https:\/\//);
  // Not saved while the address is one the provider could not call.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await url.fill('https://mcp.example.com/mcp');
  await store.fill('vs_docs_1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  mock.scriptResponses([{ kind: 'responses', text: 'Second answer, over Responses.' }]);
  await sendMessage(page, 'second');
  await waitForIdle(page);
  const body = mock.requests.at(-1)?.body as { tools?: { type: string }[] } | undefined;
  expect(mock.requests.at(-1)?.path).toBe('/v1/responses');
  expect(body?.tools).toEqual(
    expect.arrayContaining([
      { type: 'file_search', vector_store_ids: ['vs_docs_1'] },
      expect.objectContaining({ type: 'mcp', server_url: 'https://mcp.example.com/mcp', require_approval: 'never' }),
    ]),
  );

  // Kept with the session: the fields show them again.
  const again = await settings(page);
  await expect(again.getByRole('textbox', { name: 'Remote MCP server URL' })).toHaveValue(
    'https://mcp.example.com/mcp',
  );
  await expect(again.getByRole('textbox', { name: 'Vector store ID' })).toHaveValue('vs_docs_1');
});
