import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-scan';
import { mixedSeed, openTimeline, seedDatabase } from './support/timeline-seed';

// The toolbar above the plot (screens.md, "Timeline layout"): one row at desktop width, the outcome checkboxes under
// "Filter", the image formats under the "Export timeline" menu, the legend under "Legend".

const filterButton = (page: Page) => page.getByRole('button', { name: /^Filter/ });
const exportButton = (page: Page) => page.getByRole('button', { name: 'Export timeline', exact: true });
const legendButton = (page: Page) => page.getByRole('button', { name: 'Legend', exact: true });
const count = (page: Page) => page.locator('.tl-count');
const bars = (page: Page, outcome: string) => page.locator(`[data-kind="call"][data-outcome="${outcome}"]`);

/** Every control of the toolbar, in the order a person meets them. */
function controls(page: Page): Locator[] {
  return [
    page.getByRole('searchbox', { name: 'Search timeline' }),
    // The first: the open Breakpoints group has a "Tool" of its own.
    page.getByRole('combobox', { name: 'Tool', exact: true }).first(),
    filterButton(page),
    count(page),
    page.getByRole('button', { name: 'Zoom in' }),
    page.getByRole('button', { name: 'Zoom out' }),
    page.getByRole('button', { name: 'Fit' }),
    page.getByRole('button', { name: 'Breakpoints' }),
    exportButton(page),
    legendButton(page),
  ];
}

type Box = { left: number; right: number; top: number; bottom: number };

async function boxes(page: Page): Promise<Box[]> {
  return Promise.all(
    controls(page).map((c) =>
      c.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    ),
  );
}

/** One row: some horizontal band crosses every control's box. */
async function expectOneRow(page: Page): Promise<void> {
  const b = await boxes(page);
  expect(b).toHaveLength(10);
  expect(Math.max(...b.map((x) => x.top))).toBeLessThan(Math.min(...b.map((x) => x.bottom)));
}

async function expectOnScreen(page: Page, el: Locator): Promise<void> {
  const { left, right, width } = await el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, width: document.documentElement.clientWidth };
  });
  expect(left).toBeGreaterThanOrEqual(0);
  expect(right).toBeLessThanOrEqual(width);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedDatabase(page, [mixedSeed()]);
  await openTimeline(page, 'Timeline mixed run');
  await expect(count(page)).toHaveText('8 calls');
});

test('at 1280 px every control is on one row, filtered too; at 390 px each one is on the screen', async ({ page }) => {
  await expectOneRow(page);
  // The legend waits under its button: it takes no row until opened.
  await expect(page.getByRole('group', { name: 'Legend' })).toHaveCount(0);

  // Hiding outcomes makes the button and the count longer: still one row.
  await filterButton(page).click();
  await page.getByRole('checkbox', { name: 'ok' }).uncheck();
  await page.getByRole('checkbox', { name: 'error' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(filterButton(page)).toHaveText('Filter (2 hidden)');
  await expect(count(page)).toHaveText('4 of 8 calls');
  await expectOneRow(page);
  // What opens under the row (the session's breakpoints, the legend) leaves it whole.
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  await legendButton(page).click();
  await expect(page.getByRole('group', { name: 'Breakpoints' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Legend' })).toBeVisible();
  await expectOneRow(page);
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  for (const c of controls(page)) await expectOnScreen(page, c);
  // What opens from the row stays on the screen too.
  await filterButton(page).click();
  await expectOnScreen(page, page.getByRole('group', { name: 'Outcome' }));
  await exportButton(page).click();
  await expect(page.getByRole('group', { name: 'Outcome' })).toHaveCount(0);
  await expectOnScreen(page, page.getByRole('menu', { name: 'Export timeline as' }));
});

test('Filter hides and shows outcomes, says how many are hidden, and Esc gives the cursor back', async ({ page }) => {
  await expect(filterButton(page)).toHaveText('Filter');
  await expect(filterButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('checkbox', { name: 'ok' })).toHaveCount(0);
  await expect(bars(page, 'ok')).toHaveCount(2);
  await expect(bars(page, 'denied')).toHaveCount(1);

  await filterButton(page).click();
  await expect(filterButton(page)).toHaveAttribute('aria-expanded', 'true');
  const outcomes = page.getByRole('group', { name: 'Outcome' });
  await expect(outcomes.getByRole('checkbox')).toHaveCount(7);
  await outcomes.getByRole('checkbox', { name: 'ok' }).uncheck();
  await expect(bars(page, 'ok')).toHaveCount(0);
  await expect(count(page)).toHaveText('6 of 8 calls');
  await outcomes.getByRole('checkbox', { name: 'denied' }).uncheck();
  await expect(bars(page, 'denied')).toHaveCount(0);
  await expect(count(page)).toHaveText('5 of 8 calls');
  // Other outcomes stay drawn.
  await expect(bars(page, 'error')).toHaveCount(2);
  await expect(filterButton(page)).toHaveText('Filter (2 hidden)');

  await page.keyboard.press('Escape');
  await expect(outcomes).toHaveCount(0);
  await expect(filterButton(page)).toBeFocused();
  await expect(filterButton(page)).toHaveAttribute('aria-expanded', 'false');

  // Opened by the keyboard; Tab reaches the checkboxes; the bars come back.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(outcomes.getByRole('checkbox', { name: 'ok' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(bars(page, 'ok')).toHaveCount(2);
  await outcomes.getByRole('checkbox', { name: 'denied' }).check();
  await expect(bars(page, 'denied')).toHaveCount(1);
  await expect(count(page)).toHaveText('8 calls');
  await expect(filterButton(page)).toHaveText('Filter');

  // A press outside closes it.
  await page.locator('.tl-summary').click({ position: { x: 4, y: 4 } });
  await expect(outcomes).toHaveCount(0);
});

test('the Export timeline menu works by keyboard and downloads an SVG and a PNG', async ({ page }) => {
  const menu = page.getByRole('menu', { name: 'Export timeline as' });
  const svgItem = menu.getByRole('menuitem', { name: 'SVG image' });
  const pngItem = menu.getByRole('menuitem', { name: 'PNG image' });
  await expect(exportButton(page)).toHaveAttribute('aria-haspopup', 'menu');
  await exportButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(exportButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(svgItem).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(pngItem).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(svgItem).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(pngItem).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(exportButton(page)).toBeFocused();
  await expect(exportButton(page)).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  await expect(svgItem).toBeFocused();
  const [svgDl] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(svgDl.suggestedFilename()).toMatch(/^toolscope-timeline-timeline-mixed-run-.*\.svg$/);
  const svg = await readFile((await svgDl.path())!, 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('search_web');
  await expect(menu).toHaveCount(0);
  await expect(exportButton(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(svgItem).toBeFocused();
  await page.keyboard.press('End');
  await expect(pngItem).toBeFocused();
  const [pngDl] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(pngDl.suggestedFilename()).toMatch(/^toolscope-timeline-timeline-mixed-run-.*\.png$/);
  const png = await readFile((await pngDl.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await expect(exportButton(page)).toBeFocused();
});

test('Legend opens and closes its group', async ({ page }) => {
  const legend = page.getByRole('group', { name: 'Legend' });
  await expect(legendButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(legend).toHaveCount(0);
  await legendButton(page).click();
  await expect(legendButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(legend).toBeVisible();
  await expect(legendButton(page)).toHaveAttribute('aria-controls', (await legend.getAttribute('id'))!);
  for (const phase of ['queued', 'waiting', 'streaming', 'backoff', 'approval'])
    await expect(legend.locator(`[data-legend="${phase}"]`)).toBeVisible();
  await expect(legend).toContainText('⊖ denied');
  // Open under the row, not in it: the controls keep their one row.
  await expectOneRow(page);
  await legendButton(page).press('Enter');
  await expect(legendButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(legend).toHaveCount(0);
});

test('axe finds nothing with Filter, the Export timeline menu and Legend open', async ({ page }) => {
  await legendButton(page).click();
  await filterButton(page).click();
  await page.getByRole('checkbox', { name: 'timeout' }).uncheck();
  await expect(page.getByRole('group', { name: 'Legend' })).toBeVisible();
  await expectNoAxeViolations(page, 'timeline, Filter and Legend open');
  await exportButton(page).click();
  await expect(page.getByRole('group', { name: 'Outcome' })).toHaveCount(0);
  await expect(page.getByRole('menu', { name: 'Export timeline as' })).toBeVisible();
  await expectNoAxeViolations(page, 'timeline, Export timeline menu and Legend open');
});
