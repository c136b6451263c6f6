/**
 * The context ledger and the cost on other models (architecture.md, "Context ledger"), end to end: a run of a model
 * the app has a tokenizer for (gpt-4o-mini, o200k_base) with two MCP servers added through the Tools view. The model
 * turn's table "Context" is checked against the request the mock server received, counted here with the same
 * tokenizer, row by row; the run's table "Cost on other models" against two prices typed into Settings. axe scans
 * both tables at phone and desktop width.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Locator, Page } from '@playwright/test';
import { PRICE_TABLE } from '../src/domain/model-prices';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { expectNoAxeViolations } from './support/axe-scan';
import { expect, test } from './support/mcp-pair';
import { addMcpServer } from './support/mcp-tools-tab';
import { typeTokenPrices } from './support/token-prices';

type WireTool = { function: { name: string; description?: string; parameters?: unknown } };
type WireMessage = {
  role: string;
  content?: string | null;
  tool_calls?: { function: { name: string; arguments: string } }[];
};

/** Role framing per message, as the app's counters add it (domain/token-heuristic.ts). */
const FRAMING = 4;
const count = (text: string) => countTokens(text, { disallowedSpecial: new Set() });

/** The rows the ledger should show for a request body the server received, counted with the model's tokenizer. */
function expectedRows(body: { messages: WireMessage[]; tools?: WireTool[] }): [string, number][] {
  const system = body.messages.filter((m) => m.role === 'system');
  const rest = body.messages.filter((m) => m.role !== 'system');
  const groups = new Map<string, { name: string; description?: string; parameters?: unknown }[]>();
  for (const t of body.tools ?? []) {
    const server = /^(modern|legacy)__/.exec(t.function.name)?.[1];
    const label = `Tool definitions: ${server ?? 'Built-in tools'}`;
    groups.set(label, [
      ...(groups.get(label) ?? []),
      { name: t.function.name, description: t.function.description, parameters: t.function.parameters },
    ]);
  }
  const text = (m: WireMessage) =>
    (m.content ?? '') + (m.tool_calls ?? []).map((c) => c.function.name + c.function.arguments).join('');
  const sum = (ms: WireMessage[]) => ms.reduce((s, m) => s + count(text(m)) + FRAMING, 0);
  const lastUser = rest.map((m) => m.role).lastIndexOf('user');
  return [
    ['System prompt', sum(system)],
    ...[...groups].map(([label, tools]): [string, number] => [label, count(JSON.stringify(tools))]),
    ['History', sum(rest.filter((m, i) => m.role !== 'tool' && i !== lastUser))],
    ['Tool results', sum(rest.filter((m) => m.role === 'tool'))],
    ["This turn's input", sum(rest.filter((_, i) => i === lastUser))],
  ];
}

const num = (s: string) => Number(s.replace(/[^\d.]/g, ''));

async function cellTexts(rows: Locator): Promise<string[][]> {
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
}

async function openTimelineBar(page: Page, selector: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.locator(selector).click();
  return page.getByRole('complementary', { name: 'Details' });
}

test('a model turn shows what filled its request by source, and the run its cost on every priced model', async ({
  page,
  mock,
  mcpPair: { modern, legacy },
}) => {
  test.setTimeout(150_000);
  await openConfiguredApp(page, mock, { model: 'gpt-4o-mini' });
  await addMcpServer(page, { url: modern.url, name: 'modern' }, '2026-07-28');
  await addMcpServer(page, { url: legacy.url, name: 'legacy' }, '2025-11-25');
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_m', name: 'modern__echo', arguments: { text: 'ledger' } },
        { id: 'call_l', name: 'legacy__echo', arguments: { message: 'ledger too' } },
      ],
      usage: { prompt_tokens: 100_000, completion_tokens: 2_000, total_tokens: 102_000 },
    },
    {
      kind: 'text',
      content: 'Both echoed.',
      usage: { prompt_tokens: 150_000, completion_tokens: 3_000, total_tokens: 153_000 },
    },
  ]);
  await sendMessage(page, 'Echo "ledger" on both servers, please.');
  await expect(assistantMessages(page).last()).toContainText('Both echoed.', { timeout: 30_000 });
  await waitForIdle(page);
  const sent = mock.requests[1]!.body as { messages: WireMessage[]; tools?: WireTool[] };
  const expected = expectedRows(sent);
  // The request carried both servers' tools and both results: each has a row of its own.
  expect(expected.map(([label]) => label)).toEqual(
    expect.arrayContaining(['Tool definitions: modern', 'Tool definitions: legacy']),
  );
  expect(expected.find(([label]) => label === 'Tool results')![1]).toBeGreaterThan(2 * FRAMING);

  // The second model turn: its request carried the history, the calls and their results.
  const details = await openTimelineBar(page, '[data-kind="request"][data-turn="2"]');
  const ledger = details.getByRole('table', { name: 'Context' });
  const body = ledger.locator('tbody tr');
  // Shown at once from estimates, then redone once the tokenizer's worker has counted: poll to the exact figures.
  await expect
    .poll(async () => (await cellTexts(body)).map(([label, tokens]) => [label, num(tokens!)]))
    .toEqual(expected);
  await expect(details).toContainText("Counted with the model's tokenizer (o200k_base) on the request as it was sent.");
  const total = expected.reduce((s, [, t]) => s + t, 0);
  const shares = (await cellTexts(body)).map((cells) => cells[2]);
  expect(shares).toEqual(expected.map(([, t]) => `${((t / total) * 100).toFixed(1)} %`));
  // The rows add up to the total shown; beside it, the provider's own count and the model's window.
  const foot = await cellTexts(ledger.locator('tfoot tr'));
  expect(foot).toEqual([
    ['Total', total.toLocaleString('en-US'), '100.0 %'],
    ['Provider reported', '150,000', ''],
    ['Context window', '128,000', `${((total / 128_000) * 100).toFixed(1)} % used`],
  ]);
  await expectNoAxeViolations(page, 'context ledger');

  // Two prices of one's own, typed into Settings as a person does.
  await typeTokenPrices(page, 'cheap-model: 0.1 - 0.4\ndear-model: 30 - 120');

  const requestsBefore = mock.requests.length;
  await details.getByRole('button', { name: 'Close details' }).click();
  // Every row count the table is drawn with, from before it first shows: it must never list the built-in prices
  // alone while the person's are still being read.
  await page.evaluate(() => {
    const drawn: number[] = [];
    (window as unknown as { costRowsDrawn: number[] }).costRowsDrawn = drawn;
    new MutationObserver(() => {
      for (const table of document.querySelectorAll('table[aria-labelledby]')) {
        if (
          document.getElementById(table.getAttribute('aria-labelledby') ?? '')?.textContent !== 'Cost on other models'
        )
          continue;
        const n = table.querySelectorAll('tbody tr').length;
        if (drawn.at(-1) !== n) drawn.push(n);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  const runDetails = await openTimelineBar(page, '[data-kind="run"]');
  const costs = runDetails.getByRole('table', { name: 'Cost on other models' });
  await expect(costs.getByRole('columnheader')).toHaveText(['Model', 'Cost']);
  // The run's 250,000 tokens in and 5,000 out: $0.1 / $0.4 per million is $0.027, $30 / $120 is $8.10, and
  // gpt-4o-mini's built-in $0.15 / $0.6 is $0.0405. Every priced model is a row, cheapest first.
  const rowCount = Object.keys(PRICE_TABLE.prices).length + 2;
  // The person's prices are read from the database after the details open: poll the rows to them.
  await expect.poll(async () => (await cellTexts(costs.locator('tbody tr'))).length).toBe(rowCount);
  expect(
    await page.evaluate(() => (window as unknown as { costRowsDrawn: number[] }).costRowsDrawn),
    'row counts the table was drawn with',
  ).toEqual([rowCount]);
  const rows = await cellTexts(costs.locator('tbody tr'));
  const costOf = (model: string) => rows.find(([m]) => m === model)?.[1];
  expect(costOf('cheap-model')).toBe('$0.03');
  expect(costOf('dear-model')).toBe('$8.10');
  expect(costOf('gpt-4o-mini')).toBe('$0.04');
  const order = rows.map(([m]) => m);
  expect(order.indexOf('cheap-model')).toBeLessThan(order.indexOf('gpt-4o-mini'));
  expect(order.indexOf('gpt-4o-mini')).toBeLessThan(order.indexOf('dear-model'));
  expect(order.at(-1)).toBe('dear-model');
  const usd = rows.map(([, c]) => num(c!));
  expect(usd).toEqual([...usd].sort((a, b) => a - b));
  await expect(runDetails).toContainText(
    "Priced from this run's recorded tokens (250,000 in, 5,000 out); nothing is sent.",
  );
  // Priced from what was recorded: no request went to any model.
  expect(mock.requests.length).toBe(requestsBefore);
  await expectNoAxeViolations(page, 'cost on other models');
});
