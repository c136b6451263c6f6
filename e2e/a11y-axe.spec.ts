/**
 * axe-core over every view and state a person meets: the chat (empty, streaming, waiting for approval, with tool
 * rows open), the timeline with a call's details open, the Tools view, Settings, the Tests view with a suite and its
 * Edit checks dialog, the import dialog, the Export menu and its session chooser, Compare; each in light and dark and
 * at 390 and 1280 px. Any violation fails.
 */
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-scan';
import { sendMessage, waitForIdle } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { openConfiguredApp } from './support/configured-app';
import { FIXTURE_TEXT, importDialog, pickFile } from './support/import-export';
import { currentSessionId, newSession } from './support/session-list';

test('every view and state passes axe in both schemes at phone and desktop width', async ({ page, mock }) => {
  test.setTimeout(180_000);
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    {
      name: 'get_weather',
      urlTemplate: `${mock.origin}/tools/weather?city={city}`,
      parameters: cityParams,
      needsApproval: true,
    },
  ]);
  await expectNoAxeViolations(page, 'chat empty');

  // Streaming: the answer hangs after its first words until Stop.
  mock.script([
    { kind: 'hang', afterChunks: 2, step: { kind: 'text', content: 'Streaming words that keep coming for a while.' } },
  ]);
  await sendMessage(page, 'stream please');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeEnabled();
  await expect(page.locator('article[aria-label="Assistant message"]').last()).toContainText('Streaming');
  await expectNoAxeViolations(page, 'chat streaming');
  await page.getByRole('button', { name: 'Stop' }).click();
  await waitForIdle(page);

  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_b', name: 'current_time', arguments: {} },
      ],
    },
    { kind: 'text', content: 'It is sunny in Paris.' },
  ]);
  await sendMessage(page, 'weather please');
  const approval = page.getByRole('group', { name: 'Approve get_weather?' });
  await expect(approval).toBeVisible();
  await expectNoAxeViolations(page, 'chat approval');
  await approval.getByRole('button', { name: 'Approve', exact: true }).click();
  await waitForIdle(page);
  // The turn's two finished calls are one summary row, icon and words; opened, each call is its own calm row.
  const turnRow = page.getByRole('button', { name: /^2 tools, all ok, \d/ });
  await expect(turnRow).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('.tool-card[data-call-id="call_a"]')).toBeHidden();
  await expectNoAxeViolations(page, 'chat tool rows folded');
  await turnRow.click();
  await expect(page.locator('.tool-card[data-call-id="call_a"]')).toBeVisible();
  for (const card of await page.locator('.tool-card').all()) {
    const expand = card.getByRole('button', { expanded: false }).first();
    if (await expand.count()) await expand.click();
  }
  await expect(page.locator('.tool-card[data-call-id="call_a"]').getByLabel('Result', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'chat tool rows open');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const bar = page.locator('[data-kind="call"][data-call-id="call_a"]');
  await bar.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /details/i }).or(page.locator('.tl-details'))).toBeVisible();
  await expectNoAxeViolations(page, 'timeline details');

  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('list', { name: 'Tool list' })).toBeVisible();
  await expectNoAxeViolations(page, 'tools');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await expectNoAxeViolations(page, 'settings');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();

  // The Tests view with a suite in it: the answer above saved as a case, then its "Edit checks" dialog.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page
    .locator('article[aria-label="Assistant message"]')
    .last()
    .getByRole('button', { name: 'Save as test case' })
    .click();
  const saveCase = page.getByRole('dialog', { name: 'Save as test case' });
  await saveCase.getByRole('button', { name: 'Save case' }).click();
  await expect(saveCase).toBeHidden();
  await page.getByRole('tab', { name: 'Tests' }).click();
  const editChecks = page.getByRole('button', { name: /^Edit checks of / });
  await expect(editChecks).toBeVisible();
  await expectNoAxeViolations(page, 'tests view');
  await editChecks.click();
  await expect(page.getByRole('dialog', { name: 'Edit checks' }).getByRole('group', { name: 'Checks' })).toBeVisible();
  await expectNoAxeViolations(page, 'edit checks', [
    { scheme: 'light', width: 1280 },
    { scheme: 'dark', width: 1280 },
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Edit checks' })).toBeHidden();

  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, 'export menu', [
    { scheme: 'light', width: 1280 },
    { scheme: 'dark', width: 1280 },
  ]);
  await page.getByRole('menuitem', { name: 'Choose sessions…' }).click();
  await expect(page.getByRole('group', { name: 'Sessions to export' })).toBeVisible();
  await expectNoAxeViolations(page, 'export chooser', [
    { scheme: 'light', width: 1280 },
    { scheme: 'dark', width: 1280 },
  ]);
  await page.keyboard.press('Escape');

  await pickFile(page, 'export-v1.json', FIXTURE_TEXT);
  await expect(importDialog(page)).toContainText('The file is valid');
  await expectNoAxeViolations(page, 'import dialog');
  await importDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(importDialog(page)).toBeHidden();

  const a = await currentSessionId(page);
  await newSession(page);
  mock.script([{ kind: 'text', content: 'Second answer.' }]);
  await sendMessage(page, 'second');
  await waitForIdle(page);
  const b = await currentSessionId(page);
  await page.goto(`/#/compare/${a}/${b}`);
  await expect(page.getByRole('table', { name: 'Comparison' })).toBeVisible();
  await expectNoAxeViolations(page, 'compare');
});
