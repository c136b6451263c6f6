import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openApp, openConfiguredApp } from './support/configured-app';
import { sessionItems } from './support/session-list';
import { readStores, dbSnapshot } from './support/stored-rows';
import {
  dropFile,
  exportVia,
  FIXTURE_TEXT,
  FIXTURE_TITLE,
  fixtureObject,
  importDialog,
  importFixture,
  pickFile,
  confirmImport,
} from './support/import-export';

const stamp = String.raw`\d{4}-\d\d-\d\dT\d\d-\d\d`;

test('import by picker, then export: the download is the same session, valid, without a secret', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await openApp(page);
  await importFixture(page, 'picker');
  // Checked and written off the main thread.
  expect(workers.some((u) => u.includes('import-worker'))).toBe(true);
  await expect(sessionItems(page).filter({ hasText: FIXTURE_TITLE })).toHaveCount(1);

  // Hostile text from the file is shown as text, never run.
  const hostile = page
    .getByRole('article', { name: 'Your message' })
    .filter({ hasText: '<script>alert("pwned")</script>' });
  await expect(hostile).toBeVisible();
  expect(await hostile.locator('script, img').count()).toBe(0);

  const one = await exportVia(page, 'This session');
  expect(one.name).toMatch(new RegExp(`^toolscope-weather-in-paris-and-tokyo-${stamp}\\.json$`));
  const exported = JSON.parse(one.text) as Record<string, unknown>;
  const fixture = fixtureObject();
  // Imported tools arrive switched off; everything else comes back as it was.
  const tools = (fixture.tools as Record<string, unknown>[]).map((t) => ({ ...t, enabled: false }));
  expect({ ...exported, exportedAt: '', app: null }).toEqual({ ...fixture, tools, exportedAt: '', app: null });
  expect(one.text).not.toContain('sk-');

  const all = await exportVia(page, 'All sessions');
  expect(all.name).toMatch(new RegExp(`^toolscope-all-1-session-${stamp}\\.json$`));
  expect((JSON.parse(all.text) as { sessions: unknown }).sessions).toEqual(fixture.sessions);

  const openai = await exportVia(page, 'This session as OpenAI messages');
  expect(openai.name).toMatch(new RegExp(`^toolscope-weather-in-paris-and-tokyo-openai-messages-${stamp}\\.json$`));
  const messages = JSON.parse(openai.text) as { role: string; tool_call_id?: string }[];
  expect(messages.map((m) => m.role)).toEqual([
    'system',
    'user',
    'assistant',
    'tool',
    'tool',
    'assistant',
    'tool',
    'assistant',
    'user',
    'assistant',
  ]);
  expect(messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual([
    'call_pAr1s',
    'call_t0kY0',
    'call_c0nv',
  ]);
});

test('import by drop; the same session again comes in as a copy, or replaces when asked', async ({ page }) => {
  await openApp(page);
  await importFixture(page, 'drop');
  await expect(sessionItems(page)).toHaveCount(1);

  await dropFile(page, 'again.json', FIXTURE_TEXT);
  const dialog = importDialog(page);
  const clash = dialog.getByRole('group', { name: `Session “${FIXTURE_TITLE}” is already here` });
  await expect(clash.getByRole('radio', { name: 'Import as a copy' })).toBeChecked();
  await confirmImport(page, /Imported 1 session/);
  await expect(sessionItems(page)).toHaveCount(2);
  await expect(sessionItems(page).filter({ hasText: `${FIXTURE_TITLE} (copy)` })).toHaveCount(1);

  const changed = fixtureObject() as { sessions: { session: { title: string } }[] };
  changed.sessions[0]!.session.title = 'Weather, replaced';
  await pickFile(page, 'changed.json', JSON.stringify(changed));
  await dialog
    .getByRole('group', { name: `Session “${FIXTURE_TITLE}” is already here` })
    .getByRole('radio', { name: 'Replace the stored session' })
    .check();
  await confirmImport(page, /Imported 1 session/);
  await expect(sessionItems(page)).toHaveCount(2);
  await expect(sessionItems(page).filter({ hasText: 'Weather, replaced' })).toHaveCount(1);

  // Export a chosen set: both sessions.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Choose sessions…' }).click();
  const menu = page.getByRole('dialog', { name: 'Export sessions' }).getByRole('group', { name: 'Sessions to export' });
  // Same-titled sessions are told apart by size and date.
  await expect(menu.getByRole('checkbox', { name: 'Weather, replaced' })).toHaveAccessibleName(
    /^Weather, replaced · 9 messages · \S+$/,
  );
  await menu.getByRole('checkbox', { name: 'Weather, replaced' }).check();
  await menu.getByRole('checkbox', { name: `${FIXTURE_TITLE} (copy)` }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog', { name: 'Export sessions' }).getByRole('button', { name: 'Export selected (2)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^toolscope-2-sessions-${stamp}\\.json$`));
  const chosen = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    sessions: { session: { title: string } }[];
  };
  expect(chosen.sessions.map((e) => e.session.title).sort()).toEqual([`${FIXTURE_TITLE} (copy)`, 'Weather, replaced']);
});

test('a tool that differs from the stored one: keep, or import under a new name', async ({ page }) => {
  await openApp(page);
  await importFixture(page);
  const edited = fixtureObject() as { tools: { description: string }[] };
  edited.tools[0]!.description = 'A different converter.';
  await pickFile(page, 'edited.json', JSON.stringify(edited));
  const group = importDialog(page).getByRole('group', {
    name: 'Tool “convert_temperature” differs from the stored one',
  });
  await expect(group.getByRole('radio', { name: 'Keep the stored tool' })).toBeChecked();
  // The choice is informed: what differs, which side is newer, and the name a rename gives.
  await expect(group).toContainText('Different: description.');
  await expect(group).toContainText('Both were last changed');
  await group.getByRole('radio', { name: 'Import under a new name (“convert_temperature_2”)' }).check();
  await importDialog(page).getByRole('button', { name: 'Import sessions' }).click();
  await expect(importDialog(page).getByRole('status')).toContainText(
    'Tool “convert_temperature” was imported as “convert_temperature_2”',
  );
  await importDialog(page).getByRole('button', { name: 'Close' }).click();
  // The built-in tools are seeded at start; this test is about the imported ones.
  const tools = (await dbSnapshot(page))
    .tools!.map((t) => JSON.parse(t) as { name: string; description: string; kind: string })
    .filter((t) => t.kind !== 'builtin');
  expect(tools.map((t) => [t.name, t.description]).sort()).toEqual([
    ['convert_temperature', 'Converts Celsius to Fahrenheit.'],
    ['convert_temperature_2', 'A different converter.'],
    ['get_weather', 'Current weather for a city.'],
  ]);
});

test('no export holds the API key, even when the provider echoes it in an error and it is remembered', async ({
  page,
  mock,
}) => {
  const key = 'sk-live-SECRET-4f9c2e71b3';
  await openConfiguredApp(page, mock, { apiKey: key, remember: true });
  mock.script([{ kind: 'text', content: 'Stored answer.' }]);
  await sendMessage(page, 'First question');
  await expect(assistantMessages(page).first()).toContainText('Stored answer.');
  await waitForIdle(page);
  // Providers put the key they refused into the message (OpenAI: "Incorrect API key provided: sk-...").
  mock.script([
    {
      kind: 'http_error',
      status: 401,
      message: `Incorrect API key provided: ${key}. You can find your API key at https://example.test.`,
    },
  ]);
  await sendMessage(page, 'Second question');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await waitForIdle(page);
  // The key really was used and remembered: it went out as the Authorization header and sits in its own store.
  expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${key}`);
  const secrets = await readStores(page, ['secrets']);
  expect(JSON.stringify(secrets.secrets)).toContain(key);
  await expect(page.locator('body')).not.toContainText(key);

  const files = [
    await exportVia(page, 'This session'),
    await exportVia(page, 'All sessions'),
    await exportVia(page, 'This session as OpenAI messages'),
  ];
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const memories = page.getByRole('menuitemcheckbox', { name: 'Include memories' });
  await memories.click();
  // It toggles without closing the menu.
  await expect(memories).toHaveAttribute('aria-checked', 'true');
  const [withMemories] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'All sessions', exact: true }).click(),
  ]);
  files.push({
    name: withMemories.suggestedFilename(),
    text: readFileSync(await withMemories.path(), 'utf8'),
    download: withMemories,
  });
  for (const f of files) {
    expect(f.text.length).toBeGreaterThan(100);
    expect(f.text).not.toContain(key);
    expect(f.text).not.toContain('SECRET-4f9c');
  }
  // The provider's message itself did reach the export, with the key masked.
  expect(files[0]!.text).toContain('Incorrect API key provided');
});
