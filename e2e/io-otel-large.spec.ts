/**
 * Speed figure for `npm run bench`: importing a 2,000-call OpenTelemetry trace through the worker, as a ratio to
 * importing our own export of the same sessions in the same run (the trace path adds the OTLP checks and the
 * conversion to the same write). Times are reported, never asserted: the machines here are shared.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { importDialog, pickFile } from './support/import-export';
import { bigOtlpTrace } from '../src/io/testing/big-otlp-trace';

/** Milliseconds from picking the file to "valid", plus from the Import click to "Imported". */
async function timedImport(page: Page, name: string, text: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __t: { picked: number; valid: number } };
    w.__t = { picked: performance.now(), valid: 0 };
    new MutationObserver(() => {
      const s = document.querySelector('dialog[aria-label="Import sessions"]')?.textContent ?? '';
      if (!w.__t.valid && s.includes('The file is valid')) w.__t.valid = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await pickFile(page, name, text);
  const dialog = importDialog(page);
  await expect(dialog).toContainText('The file is valid: 1 session', { timeout: 120_000 });
  const clicked = await page.evaluate(() => performance.now());
  await dialog.getByRole('button', { name: 'Import sessions' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/Imported 1 session/, { timeout: 120_000 });
  const done = await page.evaluate(() => performance.now());
  const t = await page.evaluate(() => (window as unknown as { __t: { picked: number; valid: number } }).__t);
  await dialog.getByRole('button', { name: 'Close' }).click();
  return t.valid - t.picked + (done - clicked);
}

for (const shape of ['runs', 'one-trace'] as const) {
  test(`a 2,000-call OpenTelemetry trace (${shape}) imports; time as a ratio to our own export of the same session`, {
    tag: '@bench',
  }, async ({ page, browser }) => {
    test.setTimeout(300_000);
    const trace = JSON.stringify(bigOtlpTrace(2_000, shape));
    await openApp(page);
    const traceMs = await timedImport(page, 'trace.json', trace);
    await page
      .getByRole('button', { name: /^Imported trace: invoke_agent Agent/ })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await expect(page.getByRole('button', { name: /^fetch_url, ok, / }).first()).toBeVisible();

    // The baseline: the same session as our own file, imported into a fresh profile.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'All sessions', exact: true }).click(),
    ]);
    const own = readFileSync(await download.path(), 'utf8');
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await openApp(fresh);
    const ownMs = await timedImport(fresh, 'own.json', own);
    await context.close();

    const line = `trace ${(trace.length / 1e6).toFixed(2)} MB in ${(traceMs / 1000).toFixed(2)} s; own export ${(own.length / 1e6).toFixed(2)} MB in ${(ownMs / 1000).toFixed(2)} s; ratio ${(traceMs / ownMs).toFixed(2)}`;
    test.info().annotations.push({ type: 'measure', description: line });
    console.log(`[otel-import-${shape}] ${line}`);
  });
}
