/**
 * docs/wire-capture.md, "Tools": an HTTP tool call's "Request and response" shows the request exactly as the tool's
 * server received it, its secret header hidden as `TOOLSCOPE_SECRET_<NAME>`; "Copy as curl", run by bash with the
 * secret in that variable, sends the same URL, body and secret. The secret is in no store but the secrets table.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test, type MockServer } from './fixtures';
import { assistantMessages, expandToolCard, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { storedTextOutside } from './support/stored-text';
import { openToolsTab, toolsPanel } from './support/tools-tab';

const run = promisify(execFile);
const SECRET = 'tool-hdr-secret-5d1e8b';
const VARIABLE = 'TOOLSCOPE_SECRET_X_TOOL_TOKEN';

/** A POST tool with a JSON body, a secret header and a plain one, made in the editor as a person would. */
async function createSecretTool(page: Page, mock: MockServer): Promise<void> {
  await openToolsTab(page);
  const panel = toolsPanel(page);
  await panel.getByRole('button', { name: 'New tool' }).click();
  await panel.getByRole('textbox', { name: 'Tool name' }).fill('city_lookup');
  await panel.getByRole('textbox', { name: 'Description' }).fill('Looks a city up');
  await panel
    .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
    .fill('{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}');
  await panel.getByRole('combobox', { name: 'Kind' }).selectOption('http');
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await panel.getByRole('textbox', { name: 'URL template' }).fill(`${mock.origin}/tools/header-names?from={city}`);
  await panel.getByRole('textbox', { name: 'Body template (JSON)' }).fill('{"city": {{city}}, "units": "metric"}');
  const headers = panel.getByRole('group', { name: 'Headers' });
  await headers.getByRole('button', { name: 'Add header' }).click();
  await headers.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Tool-Token');
  await headers.getByRole('checkbox', { name: 'Secret' }).check();
  await headers.getByLabel('Header 1 secret value').fill(SECRET);
  await headers.getByRole('button', { name: 'Add header' }).click();
  await headers.getByRole('textbox', { name: 'Header 2 name' }).fill('X-Plain');
  await headers.getByRole('textbox', { name: 'Header 2 value' }).fill('visible');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('heading', { name: 'Try it' })).toBeVisible();
  await page.getByRole('tab', { name: 'Chat' }).click();
}

const toolPosts = (mock: MockServer, from: string) =>
  mock.allRequests.filter((r) => r.method === 'POST' && r.path === '/tools/header-names' && r.query.from === from);

test("an HTTP tool call's Request and response shows what its server received; Copy as curl sends the same with the secret", async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await createSecretTool(page, mock);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call-1', name: 'city_lookup', arguments: { city: 'Lima' } }] },
    { kind: 'text', content: 'Lima looked up.' },
  ]);
  await sendMessage(page, 'look Lima up');
  await expect(assistantMessages(page).last()).toContainText('Lima looked up.');
  await waitForIdle(page);
  const received = toolPosts(mock, 'Lima');
  expect(received).toHaveLength(1);
  const sent = received[0]!;
  expect(sent.headers['x-tool-token']).toBe(SECRET);

  const card = toolCard(page, 'call-1');
  await expandToolCard(card);
  // The call's own actions: "Request and response" sits with "Remember" behind "More call actions".
  await card.getByRole('button', { name: 'More call actions' }).click();
  await card.getByRole('group', { name: 'Call actions' }).getByRole('button', { name: 'Request and response' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request and response' });
  await expect(dialog).toBeVisible();
  const request = dialog.getByRole('region', { name: 'Request' });
  await expect(request.getByRole('textbox', { name: 'Request body' })).toHaveValue(sent.rawBody);
  await expect(request).toContainText(`POST ${mock.origin}/tools/header-names?from=Lima`);
  const headerList = request.getByRole('list', { name: 'Request headers' });
  await expect(headerList).toContainText(`x-tool-token: $${VARIABLE} (hidden)`);
  await expect(headerList).toContainText('x-plain: visible');
  await expect(dialog).not.toContainText(SECRET);
  const response = dialog.getByRole('region', { name: 'Response' });
  await expect(response).toContainText('Status 200');
  await expect(response).toContainText('x-tool-token');

  await request.getByRole('button', { name: 'Copy as curl' }).click();
  const command = await dialog.getByRole('textbox', { name: 'Command' }).inputValue();
  expect(command).not.toContain(SECRET);
  expect(command).toContain(`$${VARIABLE}`);
  await run('bash', ['-c', command], { env: { ...process.env, [VARIABLE]: SECRET } });
  const replayed = toolPosts(mock, 'Lima');
  expect(replayed).toHaveLength(2);
  expect(replayed[1]!.rawBody).toBe(sent.rawBody);
  expect(replayed[1]!.headers['x-tool-token']).toBe(SECRET);
  expect(replayed[1]!.headers['x-plain']).toBe('visible');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The same exchange from the call's timeline details.
  await card.getByRole('button', { name: 'Show in timeline' }).click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByLabel('Arguments')).toContainText('Lima');
  await details.getByRole('button', { name: 'Request and response' }).click();
  await expect(
    dialog.getByRole('region', { name: 'Request' }).getByRole('textbox', { name: 'Request body' }),
  ).toHaveValue(sent.rawBody);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The secret is in no store but the secrets table.
  expect(await storedTextOutside(page, /secret|key/)).not.toContain(SECRET);
});
