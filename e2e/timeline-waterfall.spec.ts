/**
 * The timeline as a waterfall (docs/screens.md, "Timeline layout"), on a trace imported through the real file input:
 * every call is a row named by its tool under its turn, two calls that start together are two rows at the same x, a
 * span under a tool's span is indented under it with a connector, and runs and turns fold by mouse and by keyboard;
 * a call asked for inside a folded turn (the address, find-next) unfolds it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { confirmImport, importDialog, pickFile } from './support/import-export';
import { otlpSpans } from '../src/io/testing/otlp-spans';

const LONG_NAME = 'lookup_customer_orders_by_region_and_quarter';

function traceFile() {
  const { kv, span } = otlpSpans('7');
  const chat = [kv('gen_ai.operation.name', 'chat'), kv('gen_ai.request.model', 'gpt-4o')];
  const tool = (name: string, id: string) => [
    kv('gen_ai.operation.name', 'execute_tool'),
    kv('gen_ai.tool.name', name),
    kv('gen_ai.tool.call.id', id),
  ];
  return {
    resourceSpans: [
      {
        resource: { attributes: [kv('service.name', 'waterfall-agent')] },
        scopeSpans: [
          {
            scope: { name: 'x' },
            spans: [
              span('1', 'invoke_agent Waterfall', 0, 2000, [kv('gen_ai.operation.name', 'invoke_agent')]),
              span('2', 'chat gpt-4o', 10, 300, chat, '1'),
              // Two calls started at the same instant; a database span ran inside the first.
              span('3', 'execute_tool search', 310, 900, tool('search', 'call_s'), '1'),
              span('4', `execute_tool ${LONG_NAME}`, 310, 700, tool(LONG_NAME, 'call_l'), '1'),
              span('5', 'SELECT orders', 350, 600, [kv('db.system', 'postgresql')], '3'),
              span('6', 'chat gpt-4o', 1000, 1900, chat, '1'),
            ],
          },
        ],
      },
    ],
  };
}

const bar = (page: Page, callId: string) => page.locator(`[data-kind="call"][data-call-id="${callId}"]`);
const rowOf = (page: Page, callId: string) => page.locator('g.tl-row').filter({ has: bar(page, callId) });
const box = async (l: Locator) => l.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
const fold = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Timeline' }).getByRole('button', { name, exact: true });

async function openTrace(page: Page): Promise<string> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await pickFile(page, 'waterfall.json', JSON.stringify(traceFile()));
  await expect(importDialog(page)).toContainText('The file is valid: 1 session');
  await confirmImport(page, /Imported 1 session/);
  await page
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('button', { name: 'Imported trace: invoke_agent Waterfall', exact: true })
    .click();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(bar(page, 'call_s')).toBeVisible();
  const id = /#\/s\/([^/?]+)/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id ?? '';
}

test('calls are rows named by their tools, parallel calls a row each at one x, a child span indented with a connector', async ({
  page,
}) => {
  await openTrace(page);
  const labels = page.locator('g.tl-row .tl-row-label');
  await expect(labels).toHaveCount(6);
  const names = await labels.allTextContents();
  // Under Turn 1: the two calls in start order (they tie), the span right under its call; then Turn 2.
  expect(names.slice(0, 2)).toEqual(['Run 1', 'Turn 1']);
  expect(names[5]).toBe('Turn 2');
  expect(names.indexOf('SELECT orders')).toBe(names.indexOf('search') + 1);
  expect(names.filter((n) => /^lookup_cust\w*…$/.test(n))).toHaveLength(1);

  // Two calls that started together: a row each, their bars starting at the same x.
  const [rowS, rowL] = [
    await rowOf(page, 'call_s').getAttribute('data-row-index'),
    await rowOf(page, 'call_l').getAttribute('data-row-index'),
  ];
  expect(rowS).not.toBe(rowL);
  const [xs, xl] = [
    await box(bar(page, 'call_s').locator('.tl-rect')),
    await box(bar(page, 'call_l').locator('.tl-rect')),
  ];
  expect(Math.abs(xs.left - xl.left)).toBeLessThan(0.5);
  expect(Math.abs(xs.top - xl.top)).toBeGreaterThanOrEqual(20);

  // Indented by depth: a call under its turn, the span under its call, joined to it by a connector.
  const turnLabel = await box(labels.nth(1));
  const callLabel = await box(rowOf(page, 'call_s').locator('.tl-row-label'));
  const child = page.locator('g.tl-row').filter({ has: page.locator('[data-span="true"]') });
  const childLabel = await box(child.locator('.tl-row-label'));
  expect(callLabel.left).toBeGreaterThan(turnLabel.left + 5);
  expect(childLabel.left).toBeGreaterThan(callLabel.left + 5);
  await expect(rowOf(page, 'call_s').locator('[data-connector]')).toHaveCount(0);
  const connector = await box(child.locator('[data-connector]'));
  expect(connector.left).toBeGreaterThanOrEqual(callLabel.left - 1);
  expect(connector.right).toBeLessThanOrEqual(childLabel.left);
  expect(connector.top).toBeLessThanOrEqual(childLabel.top);
  expect(connector.bottom).toBeGreaterThan(childLabel.top);

  // The long name is cut inside the gutter, whole in its title; no text of the chart leaves the svg's box.
  const longRow = rowOf(page, 'call_l');
  expect((await box(longRow.locator('.tl-row-label'))).right).toBeLessThanOrEqual(
    (await box(longRow.locator('svg'))).left,
  );
  await expect(longRow.locator('.tl-row-name > title')).toHaveText(LONG_NAME);
  const outside = await page.locator('svg.tl-rows').evaluate((svg) => {
    const frame = svg.getBoundingClientRect();
    return [...svg.querySelectorAll('text')]
      .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < frame.left - 0.5 || r.right > frame.right + 0.5))
      .map(({ text }) => text);
  });
  expect(outside).toEqual([]);
});

test('runs and turns fold and unfold by mouse and by keyboard; the arrows skip a folded turn', async ({ page }) => {
  await openTrace(page);
  const turn1 = fold(page, 'Turn 1');
  await expect(turn1).toHaveAttribute('aria-expanded', 'true');
  await turn1.click();
  await expect(turn1).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('[data-kind="call"]')).toHaveCount(0);
  await expect(page.locator('g.tl-row .tl-row-label')).toHaveText(['Run 1', 'Turn 1', 'Turn 2']);
  // Folded calls are tucked away, not filtered out: the count still has them.
  await expect(page.getByText('3 calls', { exact: true })).toBeVisible();

  // On a bar, down from the folded turn's request goes to the next turn's.
  const request1 = page.locator('[data-kind="request"][data-turn="1"]');
  await request1.click();
  await request1.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-kind="request"][data-turn="2"]')).toBeFocused();
  await page.keyboard.press('Escape');

  await turn1.click();
  await expect(turn1).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-kind="call"]')).toHaveCount(3);

  // By keyboard: Tab from the search box reaches the fold buttons (one Tab stop), arrows move between them.
  await page.getByRole('searchbox', { name: 'Search timeline' }).focus();
  for (let i = 0; i < 30; i++) {
    if (await page.evaluate(() => document.activeElement?.classList.contains('tl-fold') === true)) break;
    await page.keyboard.press('Tab');
  }
  // The fold buttons' Tab stop is the one last used (Turn 1, clicked above).
  const run1 = fold(page, 'Run 1');
  await expect(turn1).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(run1).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(turn1).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(turn1).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('[data-kind="call"]')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(turn1).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-kind="call"]')).toHaveCount(3);
  await page.keyboard.press('ArrowUp');
  await expect(run1).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(run1).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('g.tl-row .tl-row-label')).toHaveText(['Run 1']);
  await expect(run1).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.locator('g.tl-row .tl-row-label')).toHaveCount(6);
});

test('a call asked for inside a folded turn unfolds it: by the address and by find-next', async ({ page }) => {
  const sessionId = await openTrace(page);
  const turn1 = fold(page, 'Turn 1');
  await turn1.click();
  await expect(bar(page, 'call_l')).toHaveCount(0);
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/s/${sessionId}/timeline/call_l`);
  await expect(turn1).toHaveAttribute('aria-expanded', 'true');
  await expect(bar(page, 'call_l')).toHaveAttribute('data-selected', 'true');

  await turn1.click();
  await expect(bar(page, 'call_s')).toHaveCount(0);
  const search = page.getByRole('searchbox', { name: 'Search timeline' });
  await search.fill('search');
  await search.press('Enter');
  await expect(turn1).toHaveAttribute('aria-expanded', 'true');
  await expect(bar(page, 'call_s')).toHaveAttribute('data-selected', 'true');
  await expect(search).toBeFocused();
});
