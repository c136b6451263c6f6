import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { openApp, openConfiguredApp } from './support/configured-app';
import { exportVia, importDialog, pickFile, confirmImport } from './support/import-export';

test('a session recorded by the app round-trips: export, import into an empty browser profile, export again', async ({
  page,
  mock,
  browser,
}) => {
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_b', name: 'get_weather', arguments: { city: 'Oslo' } },
      ],
    },
    { kind: 'text', content: 'Paris and Oslo, done.', reasoning: 'Both answered.' },
  ]);
  await sendMessage(page, 'Weather in Paris and Oslo?');
  await expect(assistantMessages(page).last()).toContainText('Paris and Oslo, done.');
  await waitForIdle(page);
  const first = await exportVia(page, 'This session');
  // No stored field had to be dropped to fit the format.
  const status = page.getByRole('status').filter({ hasText: 'Exported 1 session' });
  await expect(status).toBeVisible();
  await expect(status).not.toContainText('Warning');
  // The note floats over the session list; it can be dismissed at once.
  await status.getByRole('button', { name: 'Dismiss' }).click();
  await expect(status).toHaveCount(0);
  const firstFile = JSON.parse(first.text) as {
    sessions: { messages: unknown[]; toolCalls: unknown[]; events: unknown[] }[];
    tools: { name: string }[];
  };
  expect(firstFile.sessions[0]!.toolCalls).toHaveLength(2);
  expect(firstFile.tools.map((t) => t.name)).toEqual(['get_weather']);

  // A fresh context has its own, empty IndexedDB.
  const context = await browser.newContext();
  const other = await context.newPage();
  await openApp(other);
  await pickFile(other, first.name, first.text);
  await expect(importDialog(other)).toContainText('The file is valid: 1 session, 1 tool definition');
  await confirmImport(other, /Imported 1 session/);
  const second = await exportVia(other, 'This session');
  await context.close();

  const strip = (text: string) => ({ ...(JSON.parse(text) as Record<string, unknown>), exportedAt: '' });
  // The one intended change: imported tools arrive switched off until a person turns them on.
  const firstTools = (JSON.parse(first.text) as { tools: Record<string, unknown>[] }).tools.map((t) => ({
    ...t,
    enabled: false,
  }));
  expect(strip(second.text)).toEqual({ ...strip(first.text), tools: firstTools });
});
