/**
 * The repeated-call guard (architecture.md, "Repeated-call guard"): the third call of the same tool with the same
 * arguments in a run waits on "Repeated call: <tool>"; "Continue" runs it, a reload while it waits leaves the session
 * usable, and "Stop run" answers it as stopped so the next request's history is valid. The timeline numbers repeats
 * and shows step stats (architecture.md, "Step stats"), which the OpenTelemetry export carries too.
 */
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { historyProblems, wireHistory } from './support/history-check';
import { openConfiguredApp } from './support/configured-app';
import { exportVia } from './support/import-export';

const weather = (id: string) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name: 'get_weather', arguments: { city: 'Paris' } }],
});

test('the third identical call pauses: Continue runs it, a reload mid-pause is sane, Stop run keeps the history valid; step stats show and export', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: 'Settings' }).getByRole('spinbutton', { name: 'Repeated call limit' }),
  ).toHaveValue('3');
  await page.keyboard.press('Escape');
  const toolHits = () => mock.allRequests.filter((r) => r.path.startsWith('/tools/weather')).length;

  // Continue.
  mock.script([
    weather('w1'),
    weather('w2'),
    weather('w3'),
    { kind: 'text', content: 'Sunny, three times.', chunks: 3, chunkDelayMs: 20, usage: { completion_tokens: 12 } },
  ]);
  await sendMessage(page, 'weather, again and again');
  const pause = page.getByRole('group', { name: 'Repeated call: get_weather' });
  await expect(pause).toBeVisible();
  expect(toolHits()).toBe(2);
  await pause.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(assistantMessages(page).last()).toContainText('Sunny, three times.');
  await waitForIdle(page);
  expect(toolHits()).toBe(3);

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const bar = (id: string) => page.locator(`[data-kind="call"][data-call-id="${id}"]`);
  await expect(bar('w3')).toHaveAttribute('data-repeat', '3');
  await expect(bar('w2')).toHaveAttribute('data-repeat', '2');
  await expect(bar('w1')).not.toHaveAttribute('data-repeat', /.*/);

  // Step stats: a model turn's details and a tool call's details.
  const details = page.getByRole('complementary', { name: 'Details' });
  const row = (name: string) =>
    details.locator('.tl-dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');
  await page.locator('[data-kind="request"][data-turn="4"]').click();
  await expect(row('Time to first token')).toHaveText(/^\d[\d.,]* (ms|s)$/);
  await expect(row('Output tokens per second')).toHaveText(/^\d[\d.,]* tokens\/s$/);
  await bar('w2').click();
  await expect(row('Duration')).toHaveText(/^\d[\d.,]* (ms|s)$/);
  const { text } = await exportVia(page, 'This session as OpenTelemetry trace');
  type Span = { name: string; attributes: { key: string; value: Record<string, unknown> }[] };
  const spans = (JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] }).resourceSpans.flatMap(
    (r) => r.scopeSpans.flatMap((x) => x.spans),
  );
  const keys = (name: string) => spans.filter((x) => x.name === name).flatMap((x) => x.attributes.map((a) => a.key));
  expect(keys('chat mock-gpt')).toEqual(
    expect.arrayContaining(['gen_ai.response.time_to_first_chunk', 'toolscope.response.output_tokens_per_second']),
  );
  expect(keys('execute_tool get_weather')).toContain('toolscope.tool.duration_ms');
  await page.getByRole('tab', { name: 'Chat' }).click();

  // A reload while it waits: the call is answered as interrupted and the session takes a new message.
  mock.script([weather('r1'), weather('r2'), weather('r3')]);
  await sendMessage(page, 'once more');
  await expect(pause).toBeVisible();
  await page.reload();
  await expect(toolCard(page, 'r3')).toBeVisible();
  await expect(pause).toHaveCount(0);
  await expect(toolCard(page, 'r3').locator('.status')).toHaveText(/interrupted|cancelled/);
  expect(toolHits()).toBe(5);

  // Stop run: the call is answered as stopped, never runs, and the next request's history is valid.
  mock.script([weather('s1'), weather('s2'), weather('s3')]);
  await sendMessage(page, 'and again');
  await expect(pause).toBeVisible();
  await pause.getByRole('button', { name: 'Stop run' }).click();
  await waitForIdle(page);
  await expect(toolCard(page, 's3').locator('.status')).toHaveText('cancelled');
  expect(toolHits()).toBe(7);
  mock.script([{ kind: 'text', content: 'Fine.' }]);
  await sendMessage(page, 'stop that');
  await expect(assistantMessages(page).last()).toContainText('Fine.');
  const last = mock.requests.at(-1);
  if (!last) throw new Error('no request');
  expect(historyProblems(wireHistory(last))).toEqual([]);
  expect(wireHistory(last).find((m) => m.toolCallId === 's3')?.content).toContain('Cancelled');
});
