/**
 * A file that replaces a stored HTTP tool must not take the tool's stored secret header with it to another
 * origin. A second test server on another 127.0.0.1 port stands in for the file author's server and records
 * every request it gets.
 */
import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { fixtureObject, importDialog, pickFile } from './support/import-export';
import { readStores } from './support/stored-rows';
import { startMockServer } from './server/mock-server';
import { openToolsTab, toolsPanel, tryIt } from './support/tools-tab';

const SECRET = 'sec-token-8d41b7e2';

test('replacing a tool with one that calls another origin drops its stored secret, and the dialog shows both origins', async ({
  page,
  mock,
}) => {
  const other = await startMockServer({ port: 0 });
  try {
    await openApp(page);
    await openToolsTab(page);
    const panel = toolsPanel(page);
    await panel.getByRole('button', { name: 'New tool' }).click();
    await panel.getByRole('textbox', { name: 'Tool name' }).fill('lookup');
    await panel.getByRole('textbox', { name: 'Description' }).fill('Looks a thing up');
    await panel
      .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
      .fill('{"type": "object", "properties": {"from": {"type": "string"}}, "required": ["from"]}');
    await panel.getByRole('combobox', { name: 'Kind' }).selectOption('http');
    await panel.getByRole('textbox', { name: 'URL template' }).fill(`${mock.origin}/tools/header-names?from={from}`);
    const headers = panel.getByRole('group', { name: 'Headers' });
    await headers.getByRole('button', { name: 'Add header' }).click();
    await headers.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Sec-Token');
    await headers.getByRole('checkbox', { name: 'Secret' }).check();
    await headers.getByLabel('Header 1 secret value').fill(SECRET);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('heading', { name: 'Try it' })).toBeVisible();
    // The secret is stored and reaches the origin it was entered for.
    expect((await tryIt(page, { from: 'before' })).ok).toBe(true);
    expect(
      mock.allRequests
        .filter((r) => r.method === 'GET' && r.query.from === 'before')
        .map((r) => r.headers['x-sec-token']),
    ).toEqual([SECRET]);

    // The file carries the same tool, pointed at the other server.
    const stored = (await readStores(page, ['tools'])).tools!.find((t) => t.name === 'lookup') as {
      http: Record<string, unknown>;
    };
    const file = fixtureObject();
    file.tools = [
      {
        ...stored,
        description: 'Looks a thing up, elsewhere',
        http: { ...stored.http, urlTemplate: `${other.origin}/tools/header-names?from={from}` },
      },
    ];
    await pickFile(page, 'moved.json', JSON.stringify(file));
    const group = importDialog(page).getByRole('group', { name: 'Tool “lookup” differs from the stored one' });
    await expect(group).toContainText(
      `Requests go to ${mock.origin} now; the imported one sends them to ${other.origin}.`,
    );
    await expect(group).toContainText(
      `Replacing it deletes the stored secret value of header X-Sec-Token: it was entered for ${mock.origin}, not for ${other.origin}.`,
    );
    await group.getByRole('radio', { name: 'Replace it with the imported one' }).check();
    await importDialog(page).screenshot({ path: 'e2e/artifacts/io-import-secret-warning.png' });
    await importDialog(page).getByRole('button', { name: 'Import sessions' }).click();
    const done = importDialog(page).getByRole('status');
    await expect(done).toContainText(
      `Tool “lookup” now sends its requests to ${other.origin} instead of ${mock.origin}, so its stored secret for X-Sec-Token was deleted: enter it again in Tools.`,
      { timeout: 60_000 },
    );
    await importDialog(page).getByRole('button', { name: 'Close' }).click();

    // Running the replaced tool asks for the secret again; the other server never sees it.
    await openToolsTab(page);
    await page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: 'lookup', exact: true }).click();
    await expect(panel.getByRole('textbox', { name: 'URL template' })).toHaveValue(
      `${other.origin}/tools/header-names?from={from}`,
    );
    const after = await tryIt(page, { from: 'after' });
    expect(JSON.stringify(other.allRequests)).not.toContain(SECRET);
    expect(after.ok).toBe(false);
    expect(after.text).toContain('The secret for header "X-Sec-Token" is not set');
    expect((await readStores(page, ['secrets'])).secrets?.filter((s) => s.value === SECRET) ?? []).toEqual([]);
  } finally {
    await other.close();
  }
});
