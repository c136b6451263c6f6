import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mixedSeed, openTimeline, seedDatabase } from './support/timeline-seed';

const ART = 'e2e/artifacts';

type Span = { start: number; end: number; lane: number | null; outcome: string | null; row: number };

async function span(bar: Locator): Promise<Span> {
  return bar.evaluate((el) => {
    const row = el.closest('[data-row-index]');
    const lane = el.getAttribute('data-lane');
    return {
      start: Number(el.getAttribute('data-start')),
      end: Number(el.getAttribute('data-end')),
      lane: lane === null ? null : Number(lane),
      outcome: el.getAttribute('data-outcome'),
      row: Number(row?.getAttribute('data-row-index')),
    };
  });
}

/** The drawn phases of a bar, left to right as they sit in the DOM. */
async function segments(bar: Locator): Promise<{ kind: string | null; x: number; width: number }[]> {
  return bar.locator('[data-segment]').evaluateAll((els) =>
    els.map((el) => ({
      kind: el.getAttribute('data-segment'),
      x: Number(el.getAttribute('x')),
      width: Number(el.getAttribute('width')),
    })),
  );
}

const call = (page: Page, id: string) => page.locator(`[data-kind="call"][data-call-id="${id}"]`);
const chart = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const viewSpan = async (page: Page) => {
  const [s, e] = await Promise.all([
    chart(page).getAttribute('data-view-start'),
    chart(page).getAttribute('data-view-end'),
  ]);
  return { start: Number(s), end: Number(e) };
};

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await seedDatabase(page, [mixedSeed()]);
  await openTimeline(page, 'Timeline mixed run');
});

test('parallel calls overlap, each in its own row named by its tool; retry, error, timeout, cancel and approval show as they should', async ({
  page,
}) => {
  const search = await span(call(page, 'call_search'));
  const fetch = await span(call(page, 'call_fetch'));
  const slow = await span(call(page, 'call_slow'));
  expect([search.outcome, fetch.outcome, slow.outcome]).toEqual(['ok', 'error', 'timeout']);
  // Parallel: each pair overlaps in time and sits in a row of its own.
  for (const [a, b] of [
    [search, fetch],
    [search, slow],
    [fetch, slow],
  ] as const) {
    expect(a.start < b.end && b.start < a.end).toBe(true);
    expect(a.lane).not.toBe(b.lane);
    expect(a.row).not.toBe(b.row);
  }
  expect(new Set([search.lane, fetch.lane, slow.lane])).toEqual(new Set([0, 1, 2]));

  // The retry: attempt 1 failed and is marked retrying, then a backoff gap, then attempt 2 ok, in that order on one row.
  const failed = await span(page.locator('[data-kind="request"][data-turn="1"][data-attempt="1"][data-run="0"]'));
  const backoff = await span(page.locator('[data-kind="backoff"][data-turn="1"][data-run="0"]'));
  const retried = await span(page.locator('[data-kind="request"][data-turn="1"][data-attempt="2"][data-run="0"]'));
  expect(failed.outcome).toBe('retrying');
  expect(retried.outcome).toBe('ok');
  expect([failed.row, backoff.row]).toEqual([retried.row, retried.row]);
  expect(failed.end).toBeLessThanOrEqual(backoff.start);
  expect(backoff.end).toBeLessThanOrEqual(retried.start);
  await expect(
    page.getByRole('button', { name: /Turn 1 model request attempt 1, failed, retrying \(server 503\)/ }),
  ).toBeVisible();
  // A retried request has no queue of its own (the backoff is its wait): waiting, then streaming.
  expect(await segments(page.locator('[data-kind="request"][data-turn="1"][data-attempt="2"][data-run="0"]'))).toEqual([
    expect.objectContaining({ kind: 'waiting' }),
    expect.objectContaining({ kind: 'streaming' }),
  ]);
  // Turn 2's request was queued from the end of turn 1's last call (search_web) until it was sent, then waited, then streamed.
  const req2 = page.locator('[data-kind="request"][data-turn="2"][data-run="0"]');
  const phases = await segments(req2);
  expect(phases.map((p) => p.kind)).toEqual(['queued', 'waiting', 'streaming']);
  for (let i = 1; i < phases.length; i++)
    expect(phases[i]!.x).toBeGreaterThanOrEqual(phases[i - 1]!.x + phases[i - 1]!.width - 0.5);
  expect((await span(req2)).start).toBe(search.end);
  await expect(req2).toHaveAttribute(
    'aria-label',
    /^model · tool_calls, Turn 2 model request, ok, .*, queued 0\.01 s$/,
  );
  await page.getByRole('button', { name: 'Legend', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Legend' })).toContainText('queued');

  // Tools start after the model request that asked for them; turn rows come in order with their calls' rows under them.
  expect(search.start).toBeGreaterThanOrEqual(retried.end);
  expect(retried.row).toBeLessThan(search.row);
  const turn2 = await span(page.locator('[data-kind="request"][data-turn="2"][data-run="0"]'));
  expect(turn2.row).toBeGreaterThan(Math.max(search.row, fetch.row, slow.row));

  // Approval wait is its own segment, before the execution.
  const del = call(page, 'call_delete');
  await expect(del.locator('[data-segment="approval"]')).toHaveCount(1);
  await expect(del).toHaveAttribute('aria-label', /delete_file, ok, .* waited 0\.8 s for approval/);

  // Denied at the approval: only the approval wait is drawn, it never ran.
  const drop = call(page, 'call_drop');
  await expect(drop).toHaveAttribute('data-outcome', 'denied');
  await expect(drop.locator('[data-segment="approval"]')).toHaveCount(1);
  await expect(drop.locator('[data-segment="execution"]')).toHaveCount(0);

  // Second run: the cancelled call, after the first run on the axis.
  const cancelled = await span(call(page, 'call_long'));
  expect(cancelled.outcome).toBe('cancelled');
  expect(cancelled.start).toBeGreaterThan(search.end);
  await expect(page.locator('[data-kind="run"]')).toHaveCount(3);
  await expect(page.locator('[data-kind="run"][data-run="1"]')).toHaveAttribute('data-outcome', 'cancelled');

  // Third run: the page closed mid-call and no run_finished was written; the run and its open call are interrupted.
  const crashed = await span(call(page, 'call_crash'));
  expect(crashed.outcome).toBe('interrupted');
  expect(crashed.start).toBeGreaterThan(cancelled.end);
  await expect(page.locator('[data-kind="run"][data-run="2"]')).toHaveAttribute('data-outcome', 'interrupted');
  await expect(page.getByRole('button', { name: /^Run 3 · .*interrupted, \d/ })).toBeVisible();

  // Outcome never by colour alone: the accessible names and visible icons carry it.
  await expect(page.getByRole('button', { name: 'search_web, ok, 1.2 s, starts at 0.4 s' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^fetch_url, error, / })).toBeVisible();
  await expect(page.getByRole('button', { name: /^slow_tool, timeout, / })).toBeVisible();
  await expect(page.getByRole('button', { name: /^long_task, cancelled, / })).toBeVisible();
  await expect(page.getByRole('button', { name: /^drop_table, denied, .* waited 0\.6 s for approval$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^read_file, interrupted, / })).toBeVisible();
  // Each outcome's own icon is drawn with the bar (inside it or just after it).
  const icons: [string, string][] = [
    ['call_search', '✓'],
    ['call_fetch', '✕'],
    ['call_slow', '◔'],
    ['call_long', '⊘'],
    ['call_drop', '⊖'],
    ['call_crash', '↯'],
  ];
  for (const [id, icon] of icons) await expect(call(page, id), id).toContainText(icon);
  // Bars too thin for their name carry it just after them when the lane has room, so a glance tells which tool it was.
  await expect(call(page, 'call_fetch')).toContainText('✕ fetch_url');
  await expect(call(page, 'call_calc')).toContainText('✕ calc');

  // Summary: every outcome counted with its icon and word; the last run's stop is interrupted.
  const summary = page.getByLabel('Timeline summary');
  await expect(summary).toContainText('Turns5');
  await expect(page.getByTestId('tl-calls')).toHaveText(
    '8 (✓ 2 ok, ✕ 2 error, ◔ 1 timeout, ⊘ 1 cancelled, ⊖ 1 denied, ↯ 1 interrupted)',
  );
  await expect(page.getByTestId('tl-stop')).toHaveText('interrupted');
  await expect(summary).toContainText('1150 in / 250 out');

  await page.screenshot({ path: `${ART}/timeline-mixed.png` });
});

test('hover shows name, duration and start; click opens details; Show in chat dispatches the jump', async ({
  page,
}) => {
  await call(page, 'call_search').hover();
  const tip = page.getByRole('tooltip');
  await expect(tip).toContainText('search_web');
  await expect(tip).toContainText('duration 1.2 s');
  await expect(tip).toContainText('starts at 0.4 s');

  await call(page, 'call_search').click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details).toContainText('search_web');
  await expect(details.getByLabel('Arguments')).toContainText('"query": "toolscope timeline"');
  const result = details.getByLabel('Result', { exact: true });
  await expect(result).toContainText('"hits": [');
  const cut = (await result.textContent())?.length ?? 0;
  await details.getByRole('button', { name: /Show all/ }).click();
  expect((await result.textContent())?.length ?? 0).toBeGreaterThan(cut);
  await expect(details).toContainText('Tokens this turn: 120 in, 40 out');
  await expect(details.locator('xpath=.//dt[normalize-space()="Duration"]/following-sibling::dd[1]')).toHaveText(
    '1.2 s',
  );
  await page.screenshot({ path: `${ART}/timeline-details.png` });

  // A call with bad arguments shows its validation errors.
  await call(page, 'call_calc').click();
  await expect(details.getByRole('listitem')).toContainText('must be number');
  await call(page, 'call_fetch').click();
  await expect(details.getByLabel('Error')).toContainText('HTTP 500');
  await expect(details.getByLabel('Logs')).toContainText('server said 500');

  await page.evaluate(() => {
    const w = window as unknown as { __chatJumps: unknown[] };
    w.__chatJumps = [];
    window.addEventListener('toolscope:show-in-chat', (e) => w.__chatJumps.push((e as CustomEvent).detail));
  });
  await details.getByRole('button', { name: 'Show in chat' }).click();
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __chatJumps: unknown[] }).__chatJumps))
    .toEqual([{ sessionId: 'tl-mixed', messageId: 'm1', callId: 'call_fetch' }]);
});

test('show-in-timeline from the chat selects, scrolls to and focuses the call', async ({ page }) => {
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.evaluate(() => {
    window.dispatchEvent(
      new CustomEvent('toolscope:show-in-timeline', { detail: { sessionId: 'tl-mixed', callId: 'call_long' } }),
    );
  });
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  const bar = call(page, 'call_long');
  await expect(bar).toHaveAttribute('data-selected', 'true');
  await expect(bar).toBeFocused();
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('long_task');

  // Hidden by a filter: the request clears the filter so the call can be shown.
  await page.getByRole('searchbox', { name: 'Search timeline' }).fill('fetch_url');
  await expect(call(page, 'call_search')).toHaveCount(0);
  await page.evaluate(() => {
    window.dispatchEvent(
      new CustomEvent('toolscope:show-in-timeline', { detail: { sessionId: 'tl-mixed', callId: 'call_search' } }),
    );
  });
  await expect(call(page, 'call_search')).toHaveAttribute('data-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search timeline' })).toHaveValue('');
});

test('filters by search text, tool name and outcome', async ({ page }) => {
  const calls = page.locator('[data-kind="call"]');
  await expect(calls).toHaveCount(8);
  await page.getByRole('searchbox', { name: 'Search timeline' }).fill('example.invalid');
  // Matches arguments (fetch_url) and results (search_web hits, fetch_url error).
  await expect(calls).toHaveCount(2);
  // Enter steps through the matches in time order (Shift+Enter back), zooming to each; focus stays in the box.
  const box = page.getByRole('searchbox', { name: 'Search timeline' });
  const fitted = await viewSpan(page);
  await box.press('Enter');
  await expect(call(page, 'call_search')).toHaveAttribute('data-selected', 'true');
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('search_web');
  const zoomed = await viewSpan(page);
  expect(zoomed.end - zoomed.start).toBeLessThan(fitted.end - fitted.start);
  await box.press('Enter');
  await expect(call(page, 'call_fetch')).toHaveAttribute('data-selected', 'true');
  await box.press('Shift+Enter');
  await expect(call(page, 'call_search')).toHaveAttribute('data-selected', 'true');
  await expect(box).toBeFocused();
  await page.getByRole('searchbox', { name: 'Search timeline' }).fill('');
  await page.getByLabel('Tool', { exact: true }).selectOption('slow_tool');
  await expect(calls).toHaveCount(1);
  await expect(calls.first()).toHaveAttribute('data-call-id', 'call_slow');
  await page.getByLabel('Tool', { exact: true }).selectOption('');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('checkbox', { name: 'ok' }).uncheck();
  await expect(calls).toHaveCount(6);
  await expect(page.locator('[data-kind="call"][data-outcome="ok"]')).toHaveCount(0);
  // A row per remaining call, named by its tool: the filtered-out calls leave no rows behind.
  await expect(page.locator('[data-row-kind="call"]')).toHaveCount(6);
  const rowNames = await page.locator('[data-row-kind="call"] .tl-row-label').allTextContents();
  const barNames = await page
    .locator('[data-kind="call"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')?.split(',')[0]));
  expect(rowNames).toEqual(barNames);
  expect(rowNames).not.toContain('search_web');
  await expect(page.getByText('6 of 8 calls')).toBeVisible();
  await page.getByRole('checkbox', { name: 'denied' }).uncheck();
  await page.getByRole('checkbox', { name: 'interrupted' }).uncheck();
  await expect(calls).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Filter (3 hidden)' })).toBeVisible();
  await expect(
    page.locator('[data-kind="call"][data-outcome="denied"], [data-kind="call"][data-outcome="interrupted"]'),
  ).toHaveCount(0);
});

test('zoom and pan with keyboard, wheel, drag and buttons; Fit restores', async ({ page }) => {
  const fit = await viewSpan(page);
  await chart(page).focus();
  await page.keyboard.press('+');
  let v = await viewSpan(page);
  expect(v.end - v.start).toBeCloseTo((fit.end - fit.start) / 2, 0);
  await page.keyboard.press('ArrowRight');
  const panned = await viewSpan(page);
  expect(panned.start).toBeGreaterThan(v.start);
  await page.keyboard.press('0');
  expect(await viewSpan(page)).toEqual(fit);

  const box = (await page.locator('.tl-rows').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + 30);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -400);
  await page.keyboard.up('Control');
  await expect
    .poll(async () => {
      const s = await viewSpan(page);
      return s.end - s.start;
    })
    .toBeLessThan(fit.end - fit.start);
  v = await viewSpan(page);

  await page.mouse.move(box.x + box.width * 0.7, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + 10, { steps: 5 });
  await page.mouse.up();
  const dragged = await viewSpan(page);
  expect(dragged.start).toBeGreaterThan(v.start);
  expect(dragged.end - dragged.start).toBeCloseTo(v.end - v.start, 0);
  await page.screenshot({ path: `${ART}/timeline-zoomed.png` });

  // A horizontal wheel pans time forward without zooming; shift + vertical wheel pans too (back here).
  await page.mouse.move(box.x + box.width * 0.5, box.y + 30);
  await page.mouse.wheel(150, 0);
  await expect.poll(async () => (await viewSpan(page)).start).toBeGreaterThan(dragged.start);
  const wheeled = await viewSpan(page);
  expect(wheeled.end - wheeled.start).toBeCloseTo(dragged.end - dragged.start, 0);
  await page.keyboard.down('Shift');
  await page.mouse.wheel(0, -150);
  await page.keyboard.up('Shift');
  await expect.poll(async () => (await viewSpan(page)).start).toBeLessThan(wheeled.start);
  const shifted = await viewSpan(page);
  expect(shifted.end - shifted.start).toBeCloseTo(dragged.end - dragged.start, 0);

  await page.getByRole('button', { name: 'Fit' }).click();
  expect(await viewSpan(page)).toEqual(fit);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  v = await viewSpan(page);
  expect(v.end - v.start).toBeLessThan(fit.end - fit.start);
});

test('exports the chart as SVG and PNG', async ({ page }) => {
  await page.getByRole('button', { name: 'Export timeline' }).click();
  const [svgDl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'SVG image' }).click(),
  ]);
  // Named and headed after the session's title and the time, not its id.
  expect(svgDl.suggestedFilename()).toMatch(/^toolscope-timeline-timeline-mixed-run-\d{4}-\d\d-\d\dT\d\d-\d\d\.svg$/);
  const svg = await readFile((await svgDl.path())!, 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toMatch(/>Toolscope timeline · Timeline mixed run · exported \d{4}-\d\d-\d\d \d\d:\d\d UTC</);
  expect(svg).not.toContain('tl-mixed');
  for (const name of ['search_web', 'fetch_url', 'slow_tool', 'long_task', 'Turn 1']) expect(svg).toContain(name);
  // The failed attempt keeps its red under a band of its phases, as on screen.
  const failed =
    /<title>[^<]*Turn 1 model request attempt 1, failed[^<]*<\/title><rect [^>]*height="(\d+)"[^>]*fill="#d0393e"\/><rect [^>]*height="(\d+)"/.exec(
      svg,
    );
  expect(failed).not.toBeNull();
  expect(Number(failed![2])).toBeLessThan(Number(failed![1]));

  await page.getByRole('button', { name: 'Export timeline' }).click();
  const [pngDl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'PNG image' }).click(),
  ]);
  expect(pngDl.suggestedFilename()).toMatch(/^toolscope-timeline-timeline-mixed-run-.*\.png$/);
  const png = await readFile((await pngDl.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.length).toBeGreaterThan(5000);
});
