/**
 * The Traces view comes back on the source last chosen on this device after a reload, with its traces listed
 * (docs/traces.md, "Trace inbox").
 */
import { test, expect } from './fixtures';
import { openApp } from './support/configured-app';
import {
  addFolderSource,
  openTraces,
  traceFolder,
  traceIdOf,
  traceLines,
  traceRows,
  tracesView,
} from './support/trace-inbox';

/** A folder named `name` holding one Collector file of the fixture's trace. */
const folderOf = (name: string, fixture: string) =>
  traceFolder({ 'data.json': `${traceLines(fixture).join('\n')}\n` }, name);

test('two sources: the second chosen, a reload shows it again with its traces listed', async ({ page }) => {
  await openApp(page);
  await openTraces(page);
  await addFolderSource(page, folderOf('collector-a', 'ai-sdk-generate-text'));
  await expect(traceRows(page)).toHaveCount(1);
  await addFolderSource(page, folderOf('collector-b', 'openinference-openai'));
  const sourcePicker = tracesView(page).getByRole('combobox', { name: 'Source' });
  await sourcePicker.selectOption({ label: 'Folder collector-a' });
  await expect(traceRows(page).first()).toHaveAttribute('data-trace-id', traceIdOf('ai-sdk-generate-text'));
  await sourcePicker.selectOption({ label: 'Folder collector-b' });
  await expect(traceRows(page)).toHaveCount(1);
  await expect(traceRows(page).first()).toHaveAttribute('data-trace-id', traceIdOf('openinference-openai'));

  await page.reload();
  await openTraces(page);
  await expect(sourcePicker.locator('option:checked')).toHaveText('Folder collector-b');
  await expect(traceRows(page)).toHaveCount(1);
  await expect(traceRows(page).first()).toHaveAttribute('data-trace-id', traceIdOf('openinference-openai'));
  await expect(traceRows(page).first().getByRole('button')).toHaveText('weather-agent');
});
