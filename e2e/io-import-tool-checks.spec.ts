/**
 * Tool definitions in an imported file get the tool editor's checks: an invalid one is refused with its reasons,
 * the valid ones are shown in the review (kind, what they reach, approval) and arrive switched off, so the model
 * is not offered them until a person turns them on in Tools.
 */
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { newSession } from './support/session-list';
import { openConfiguredApp } from './support/configured-app';
import { fixtureObject, importDialog, pickFile } from './support/import-export';
import { readStores } from './support/stored-rows';
import { openToolsTab } from './support/tools-tab';

type FileTool = Record<string, unknown> & { name: string };

test('an imported tool with a bad name and a huge timeout is refused; the valid ones are listed and arrive switched off', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const file = fixtureObject() as { tools: FileTool[] };
  const [convert, weather] = file.tools as [FileTool, FileTool];
  file.tools = [
    convert,
    { ...weather, needsApproval: true },
    { ...convert, id: 'tool_bad', name: 'run it now!', timeoutMs: 8.64e15 },
  ];
  await pickFile(page, 'tools.json', JSON.stringify(file));
  const dialog = importDialog(page);
  await expect(dialog).toContainText('The file is valid: 1 session, 3 tool definitions');

  const listed = dialog.getByRole('list', { name: 'Tools in the file' }).getByRole('listitem');
  await expect(listed).toHaveText([
    'convert_temperature (Code: no network; runs without asking)',
    'get_weather (HTTP: GET https://weather.example.com/v1/current?city={city}; asks for approval before each call)',
  ]);
  await expect(dialog).toContainText(
    'Imported tools arrive switched off: look each one over in Tools and turn on the ones you trust.',
  );
  const refused = dialog.getByRole('list', { name: 'Refused tools' }).getByRole('listitem');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('“run it now!” ($.tools[2])');
  await expect(refused).toContainText('Name: Use 1–64 letters, digits, "_" or "-" (no spaces).');
  await expect(refused).toContainText(
    'Timeout: Timeout must be a whole number of milliseconds between 100 and 600000.',
  );
  await dialog.screenshot({ path: 'e2e/artifacts/io-import-tool-review.png' });

  await dialog.getByRole('button', { name: 'Import sessions' }).click();
  const done = dialog.getByRole('status');
  await expect(done).toContainText('Imported 1 session', { timeout: 60_000 });
  await expect(done).toContainText(
    'Imported tools arrive switched off (turn them on in Tools once you have checked them): “convert_temperature”, “get_weather”.',
  );
  await expect(done).toContainText('Not imported, because the tool editor would refuse them: “run it now!”.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const stored = (await readStores(page, ['tools'])).tools!.filter((t) => t.kind !== 'builtin');
  expect(stored.map((t) => [t.name, t.enabled]).sort()).toEqual([
    ['convert_temperature', false],
    ['get_weather', false],
  ]);
  await openToolsTab(page);
  await expect(page.getByRole('checkbox', { name: 'Offer convert_temperature to the model' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Offer get_weather to the model' })).not.toBeChecked();
  await expect(page.getByRole('list', { name: 'Tool list' })).not.toContainText('run it now!');

  // A run offers the model none of them until a person turns one on.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await newSession(page);
  mock.script([{ kind: 'text', content: 'No tools needed.' }]);
  await sendMessage(page, 'Hello');
  await expect(assistantMessages(page).last()).toContainText('No tools needed.');
  await waitForIdle(page);
  const offered = (mock.requests[0]!.body.tools ?? []).map((t) => t.function?.name);
  expect(offered).not.toContain('convert_temperature');
  expect(offered).not.toContain('get_weather');
  expect(offered).not.toContain('run it now!');
});
