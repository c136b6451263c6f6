/**
 * The tool editor by hand: editing a saved tool changes what runs, Try it shows a duration, a runaway run can be
 * stopped and the sandbox still works afterwards, and a disabled tool is not offered to the model.
 */
import { expect, test } from './fixtures';
import { openApp, openConfiguredApp } from './support/configured-app';
import { sendMessage, waitForIdle } from './support/chat-run';
import { readStores } from './support/stored-rows';
import { createCodeTool, openToolsTab, toolsPanel, tryIt } from './support/tools-tab';

test('editing a saved tool changes the code and schema that Try it uses, and the result shows a duration', async ({
  page,
}) => {
  await openApp(page);
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'versioned',
    code: 'return "v1:" + args.word;',
    parameters: {
      type: 'object',
      properties: { word: { type: 'string' } },
      required: ['word'],
      additionalProperties: false,
    },
  });
  expect(await tryIt(page, { word: 'hi' })).toEqual({ ok: true, text: 'v1:hi' });
  await expect(toolsPanel(page).getByRole('region', { name: 'Result' })).toContainText(/\d+ ms/);

  const panel = toolsPanel(page);
  await expect(panel.getByRole('form', { name: 'Edit versioned' })).toBeVisible();
  await panel.getByRole('textbox', { name: 'Code', exact: true }).fill('return "v2:" + args.n * 2;');
  await panel.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill(
    JSON.stringify({
      type: 'object',
      properties: { n: { type: 'number' } },
      required: ['n'],
      additionalProperties: false,
    }),
  );
  await panel.getByRole('button', { name: 'Save' }).click();
  // Wait for the stored row: the check is about what was saved, not what the form shows.
  await expect
    .poll(async () => (await readStores(page, ['tools'])).tools?.find((t) => t.name === 'versioned')?.code)
    .toBe('return "v2:" + args.n * 2;');

  // The old arguments no longer fit the new schema, and the new ones run the new code.
  const args = panel.getByRole('textbox', { name: 'Arguments (JSON)' });
  await args.fill('{"word": "hi"}');
  await expect(panel.getByRole('alert').filter({ hasText: "must have required property 'n'" })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  expect(await tryIt(page, { n: 21 })).toEqual({ ok: true, text: 'v2:42' });
  await expect(panel.getByRole('region', { name: 'Result' })).toContainText(/OK · \d+ ms/);

  // The edit is what is stored: it survives a reload.
  await page.reload();
  await openToolsTab(page);
  await page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: 'versioned' }).click();
  expect(await tryIt(page, { n: 5 })).toEqual({ ok: true, text: 'v2:10' });
});

test('Stop tool cancels an endless loop, and the next run works', async ({ page }) => {
  await openApp(page);
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'maybe_spin',
    code: 'if (args.spin) { for (;;) {} } return "finished";',
    parameters: { type: 'object', properties: { spin: { type: 'boolean' } }, required: ['spin'] },
  });
  const panel = toolsPanel(page);
  await panel.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"spin": true}');
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Running…' })).toBeVisible();
  await panel.getByRole('button', { name: 'Stop tool' }).click();
  const result = panel.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible();
  await expect(result.getByTestId('tool-result-content')).toHaveText(/^Cancelled\b/);
  await expect(result).not.toContainText('OK');
  await expect(panel.getByRole('button', { name: 'Stop tool' })).toHaveCount(0);

  expect(await tryIt(page, { spin: false })).toEqual({ ok: true, text: 'finished' });
});

test('a disabled tool is left out of the tools offered to the model', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await openToolsTab(page);
  await createCodeTool(page, { name: 'kept_on', code: 'return 1;' });
  await createCodeTool(page, { name: 'switched_off', code: 'return 2;' });
  const panel = toolsPanel(page);
  await panel.getByRole('checkbox', { name: 'Enabled', exact: true }).uncheck();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('checkbox', { name: 'Offer switched_off to the model' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Offer kept_on to the model' })).toBeChecked();

  await page.getByRole('tab', { name: 'Chat' }).click();
  await sendMessage(page, 'which tools do you have?');
  await waitForIdle(page);
  const offered = (mock.requests[0]?.body.tools ?? []).map((t) => t.function?.name);
  expect(offered).toContain('kept_on');
  expect(offered).not.toContain('switched_off');

  // Switched back on from the list, it is offered on the next request.
  await openToolsTab(page);
  // The list toggle writes to the database and the checkbox follows the live query, so click, then wait.
  await page.getByRole('checkbox', { name: 'Offer switched_off to the model' }).click();
  await expect(page.getByRole('checkbox', { name: 'Offer switched_off to the model' })).toBeChecked();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await sendMessage(page, 'and now?');
  await waitForIdle(page);
  expect((mock.requests[1]?.body.tools ?? []).map((t) => t.function?.name)).toEqual(
    expect.arrayContaining(['kept_on', 'switched_off']),
  );
});

test('switching the open tool off in the list keeps the edits typed into its editor, and saving keeps the switch', async ({
  page,
}) => {
  await openApp(page);
  await openToolsTab(page);
  await createCodeTool(page, { name: 'drafty', code: 'return 1;' });
  const panel = toolsPanel(page);
  const code = panel.getByRole('textbox', { name: 'Code', exact: true });
  await code.fill('return 2; // not saved yet');

  // The switch is drawn from the stored row, so it flips once the write lands: click, then wait for it.
  await panel.getByRole('checkbox', { name: 'Offer drafty to the model' }).click();
  await expect
    .poll(async () => (await readStores(page, ['tools'])).tools?.find((t) => t.name === 'drafty')?.enabled)
    .toBe(false);
  await expect(code).toHaveValue('return 2; // not saved yet');
  await expect(panel.getByRole('checkbox', { name: 'Enabled', exact: true })).not.toBeChecked();

  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect
    .poll(async () => {
      const row = (await readStores(page, ['tools'])).tools?.find((t) => t.name === 'drafty');
      return row && { code: row.code, enabled: row.enabled };
    })
    .toEqual({ code: 'return 2; // not saved yet', enabled: false });
  await expect(panel.getByRole('checkbox', { name: 'Offer drafty to the model' })).not.toBeChecked();
});
