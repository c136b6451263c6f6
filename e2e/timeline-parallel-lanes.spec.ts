/**
 * A turn that calls current_time (a few ms) and a js_eval that busy-waits 300 ms at once, run for real through the
 * mock model server. Each call has a row of its own, named by its tool in the gutter, so the short call is never
 * drawn under the long one: each bar is seen apart and opens its own details, at fit and zoomed out.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openConfiguredApp } from './support/configured-app';
import { sendMessage, waitForIdle } from './support/chat-run';

const bar = (page: Page, callId: string) => page.locator(`[data-kind="call"][data-call-id="${callId}"]`);

async function expectApart(a: Locator, b: Locator) {
  const [ra, rb] = [await a.boundingBox(), await b.boundingBox()];
  expect(ra).not.toBeNull();
  expect(rb).not.toBeNull();
  if (!ra || !rb) return;
  // The bar's group holds its rectangle, its name or icon and its hit area: two of them must not meet.
  const meet = ra.x < rb.x + rb.width && rb.x < ra.x + ra.width && ra.y < rb.y + rb.height && rb.y < ra.y + ra.height;
  expect(meet, `bars drawn over each other: ${JSON.stringify({ ra, rb })}`).toBe(false);
}

/** Each call sits in its own row, and the row's name in the gutter is the call's tool. */
async function expectOwnRows(page: Page) {
  const rows: string[] = [];
  for (const [callId, name] of [
    ['call_time', 'current_time'],
    ['call_busy', 'js_eval'],
  ] as const) {
    const row = page.locator('[data-row-kind="call"]').filter({ has: bar(page, callId) });
    await expect(row).toHaveCount(1);
    await expect(row.locator('.tl-row-label')).toHaveText(name);
    rows.push((await row.getAttribute('data-row-index')) ?? '');
  }
  expect(rows[0]).not.toBe(rows[1]);
}

async function expectEachOpens(page: Page) {
  const details = page.getByRole('complementary', { name: 'Details' });
  for (const [callId, name] of [
    ['call_time', 'current_time'],
    ['call_busy', 'js_eval'],
  ] as const) {
    await expect(bar(page, callId)).toContainText(name);
    await bar(page, callId).click();
    await expect(bar(page, callId)).toHaveAttribute('data-selected', 'true');
    await expect(details.getByRole('heading', { level: 2 })).toContainText(name);
  }
}

test('a 3 ms call and a 300 ms call started together: both bars seen and opened, at fit and zoomed out', async ({
  page,
  mock,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openConfiguredApp(page, mock);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_time', name: 'current_time', arguments: {} },
        {
          id: 'call_busy',
          name: 'js_eval',
          arguments: { expression: 'const t0 = Date.now(); while (Date.now() - t0 < 300) {} "waited"' },
        },
      ],
    },
    { kind: 'text', content: 'It is late.' },
  ]);
  await sendMessage(page, 'what time is it, slowly');
  await waitForIdle(page);
  await page.getByRole('tab', { name: 'Timeline' }).click();

  const quick = bar(page, 'call_time');
  const slow = bar(page, 'call_busy');
  await expect(slow).toHaveAttribute('data-outcome', 'ok');
  // The long call lasted its 300 ms; the short one is the thin bar.
  const ms = async (l: Locator) =>
    Number(await l.getAttribute('data-end')) - Number(await l.getAttribute('data-start'));
  expect(await ms(slow)).toBeGreaterThanOrEqual(300);
  expect(await ms(quick)).toBeLessThan(await ms(slow));

  await expectApart(quick, slow);
  await expectOwnRows(page);
  await expectEachOpens(page);

  const chart = page.getByRole('region', { name: 'Timeline' });
  for (let i = 0; i < 2; i++) {
    const before = await chart.getAttribute('data-view-end');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(chart).not.toHaveAttribute('data-view-end', before ?? '');
  }
  await expectApart(quick, slow);
  await expectOwnRows(page);
  await expectEachOpens(page);
});
