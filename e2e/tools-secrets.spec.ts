/**
 * A secret header typed in the tool editor: it reaches the server the tool calls, it survives renaming the header
 * (before and after saving), and neither the stored tool row nor an export holds it. The route answers header
 * names only, so the secret cannot come back through the tool's result; the server's record shows the values.
 */
import { expect, test, type MockServer } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { exportVia } from './support/import-export';
import { readStores } from './support/stored-rows';
import { openToolsTab, toolsPanel, tryIt } from './support/tools-tab';

const SECRET = 'hdr-secret-7f3a9c21';

async function storedTool(page: Parameters<typeof readStores>[0], name: string) {
  return (await readStores(page, ['tools'])).tools?.find((t) => t.name === name);
}

/** The headers the server received on GET requests the tool made with ?from=`from`. */
function echoHeaders(mock: Pick<MockServer, 'allRequests'>, from: string) {
  return mock.allRequests
    .filter((r) => r.method === 'GET' && r.path === '/tools/header-names' && r.query.from === from)
    .map((r) => r.headers);
}

test('a secret header reaches the server, survives renames, and is neither in the tool row nor in an export', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await openToolsTab(page);
  const panel = toolsPanel(page);
  await panel.getByRole('button', { name: 'New tool' }).click();
  await panel.getByRole('textbox', { name: 'Tool name' }).fill('secret_echo');
  await panel.getByRole('textbox', { name: 'Description' }).fill('Echoes what it was sent');
  await panel
    .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
    .fill('{"type": "object", "properties": {"from": {"type": "string"}}, "required": ["from"]}');
  await panel.getByRole('combobox', { name: 'Kind' }).selectOption('http');
  await panel.getByRole('textbox', { name: 'URL template' }).fill(`${mock.origin}/tools/header-names?from={from}`);
  const headers = panel.getByRole('group', { name: 'Headers' });
  await headers.getByRole('button', { name: 'Add header' }).click();
  await headers.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Api-Ke');
  await headers.getByRole('checkbox', { name: 'Secret' }).check();
  await headers.getByLabel('Header 1 secret value').fill(SECRET);
  // Fixing a typo in the name after typing the secret must not drop the secret.
  await headers.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Api-Key');
  await headers.getByRole('button', { name: 'Add header' }).click();
  await headers.getByRole('textbox', { name: 'Header 2 name' }).fill('X-Plain');
  await headers.getByRole('textbox', { name: 'Header 2 value' }).fill('visible');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('heading', { name: 'Try it' })).toBeVisible();

  const first = await tryIt(page, { from: 'first' });
  expect(first.ok).toBe(true);
  expect((JSON.parse(first.text) as { headerNames: string[] }).headerNames).toEqual(
    expect.arrayContaining(['x-api-key', 'x-plain']),
  );
  expect(first.text).not.toContain(SECRET);
  expect(echoHeaders(mock, 'first')).toEqual([expect.objectContaining({ 'x-api-key': SECRET, 'x-plain': 'visible' })]);

  const row = await storedTool(page, 'secret_echo');
  expect(JSON.stringify(row)).not.toContain(SECRET);
  expect((row?.http as { headers: unknown } | undefined)?.headers).toEqual([
    { name: 'X-Api-Key', value: '', secret: true },
    { name: 'X-Plain', value: 'visible', secret: false },
  ]);
  // The editor never shows the stored value back.
  await expect(headers.getByLabel('Header 1 secret value')).toHaveValue('');

  // Renaming the saved header, without typing the secret again, keeps it.
  await headers.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Token');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(
      async () =>
        ((await storedTool(page, 'secret_echo'))?.http as { headers: { name: string }[] } | undefined)?.headers[0]
          ?.name,
    )
    .toBe('X-Token');
  expect((await tryIt(page, { from: 'renamed' })).ok).toBe(true);
  const renamed = echoHeaders(mock, 'renamed');
  expect(renamed).toEqual([expect.objectContaining({ 'x-token': SECRET })]);
  expect(renamed[0]).not.toHaveProperty('x-api-key');
  expect((await readStores(page, ['secrets'])).secrets?.filter((s) => s.value === SECRET)).toHaveLength(1);

  // The model calls it in a session (the same path), and the session's export carries the tool without the secret.
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_echo', name: 'secret_echo', arguments: { from: 'agent' } }] },
    { kind: 'text', content: 'Echoed.' },
  ]);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await sendMessage(page, 'echo please');
  await expect(assistantMessages(page).last()).toContainText('Echoed.');
  await waitForIdle(page);
  expect(echoHeaders(mock, 'agent')).toEqual([expect.objectContaining({ 'x-token': SECRET })]);

  const exported = await exportVia(page, 'This session');
  const file = JSON.parse(exported.text) as { tools: { name: string; http: { headers: unknown } }[] };
  expect(file.tools.find((t) => t.name === 'secret_echo')?.http.headers).toEqual([
    { name: 'X-Token', value: '', secret: true },
    { name: 'X-Plain', value: 'visible', secret: false },
  ]);
  expect(exported.text).not.toContain(SECRET);
});
