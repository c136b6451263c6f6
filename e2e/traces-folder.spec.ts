/**
 * The trace inbox from a folder the Collector's file exporter writes (JSON Lines, one OTLP export request a line, a
 * rotated file gzipped), with traces made by the real SDKs (src/traces/__fixtures__): listed, searched, opened
 * read-only, kept, and re-run or tried on other models with the requests the SDKs sent.
 */
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle, waitForNewRun } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { sessionItems } from './support/session-list';
import {
  addFolderSource,
  openTraceNamed,
  openTraces,
  sameMessages,
  sameTools,
  sdkRequests,
  traceFolder,
  traceIdOf,
  traceLines,
  traceRows,
  tracesStatus,
  tracesView,
} from './support/trace-inbox';

const AI = 'ai-sdk-generate-text';
const OI = 'openinference-openai';
const ERR = 'ai-sdk-error';

test('a folder of Collector files: one trace over two files (one gzipped), search, Errors only, a bad line said; open read-only and keep a copy', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  // An earlier session, as a person has.
  await sendMessage(page, 'An earlier question');
  await waitForIdle(page);
  const [aiFirst, aiRest] = [traceLines(AI)[0]!, traceLines(AI).slice(1).join('\n')];
  const dir = traceFolder({
    'data-2026-11-29T01-00-00.000.json': `${aiFirst}\n${traceLines(OI).join('\n')}\n`,
    'data-2026-11-29T01-05-00.000.json.gz': `${aiRest}\n${traceLines(ERR).join('\n')}\n`,
    'data.json': '{"resourceSpans": [ this line is cut\n',
  });
  await openTraces(page);
  await expect(tracesView(page).getByText('No trace source yet')).toBeVisible();
  await addFolderSource(page, dir);
  await expect(tracesStatus(page)).toHaveText(/^3 traces · Checked /);
  await expect(traceRows(page)).toHaveCount(3);
  // The AI SDK's trace, its spans from two files, is one row named by its root span.
  const aiRow = traceRows(page).and(page.locator(`[data-trace-id="${traceIdOf(AI)}"]`));
  await expect(aiRow.getByRole('button')).toHaveText('ai.generateText');
  await expect(aiRow.locator('td').nth(3)).toHaveText('mock-gpt');
  await expect(aiRow.locator('td').nth(4)).toHaveText('1');
  await tracesView(page).getByText('What was left out (1)').click();
  await expect(tracesView(page).getByText('data.json, line 1: not JSON, left out.')).toBeVisible();

  await tracesView(page).getByRole('textbox', { name: 'Search traces' }).fill('OpenAI Chat Completions');
  await expect(traceRows(page)).toHaveCount(1);
  await expect(tracesStatus(page)).toHaveText(/^1 trace of 3 · /);
  // OpenInference's recorded messages fill the trace's search text before its root span (exported last) is read:
  // the name its row shows is still found.
  await tracesView(page).getByRole('textbox', { name: 'Search traces' }).fill('weather-agent');
  await expect(tracesStatus(page)).toHaveText(/^1 trace of 3 · /);
  await expect(traceRows(page).getByRole('button')).toHaveText('weather-agent');
  await tracesView(page).getByRole('textbox', { name: 'Search traces' }).fill('');
  await tracesView(page).getByRole('checkbox', { name: 'Errors only' }).check();
  await expect(traceRows(page)).toHaveCount(1);
  await expect(traceRows(page).first()).toHaveAttribute('data-trace-id', traceIdOf(ERR));
  await tracesView(page).getByRole('checkbox', { name: 'Errors only' }).uncheck();

  // Open: read-only, its tool call with arguments and result, the final answer; not in the Sessions list until kept.
  await openTraceNamed(page, traceIdOf(AI));
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'placeholder',
    'A trace is read-only: re-run one of its steps to try it again',
  );
  await expect(page.getByRole('group', { name: 'Tool call get_weather' })).toBeVisible();
  await expect(assistantMessages(page).last()).not.toBeEmpty();
  await expect(sessionItems(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Keep a copy' }).click();
  await expect(sessionItems(page)).toHaveCount(2);
  await expect(sessionItems(page).filter({ hasText: 'What is the weather in Paris' })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('button', { name: /^get_weather, ok, / })).toBeVisible();
});

test('re-run and Try on other models from traced steps send what the AI SDK and OpenInference sent', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const dir = traceFolder({ 'data.json': `${traceLines(AI).join('\n')}\n${traceLines(OI).join('\n')}\n` });
  await openTraces(page);
  await addFolderSource(page, dir);
  await expect(traceRows(page)).toHaveCount(2);

  // Re-run the AI SDK's first step with recorded results: its request is the SDK's first, and the recorded tool
  // result answers the call, so its second request is the SDK's second.
  await openTraceNamed(page, traceIdOf(AI));
  const sent = sdkRequests(AI);
  const firstCall = sent[1]!.messages.find((m) => (m as { role: string }).role === 'assistant') as {
    tool_calls: { id: string; function: { name: string; arguments: string } }[];
  };
  mock.script([
    {
      kind: 'tool_calls',
      calls: firstCall.tool_calls.map((c) => ({
        id: c.id,
        name: c.function.name,
        arguments: JSON.parse(c.function.arguments) as Record<string, unknown>,
      })),
    },
    { kind: 'text', content: 'Re-run answer.' },
  ]);
  const before = await page.locator('section.chat').getAttribute('data-run-id');
  await page.getByRole('button', { name: 'Re-run from here' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Re-run from here' });
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('mock-gpt');
  await expect(dialog.getByText('Tools as offered at step 1 (2)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Re-run' }).click();
  await waitForNewRun(page, before);
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Re-run answer.');
  expect(mock.requests).toHaveLength(2);
  mock.requests.forEach((r, k) => {
    expect(sameMessages(r.body.messages as unknown[]), `request ${k + 1}`).toEqual(sameMessages(sent[k]!.messages));
    expect(sameTools(r.body.tools as unknown[])).toEqual(sameTools(sent[k]!.tools));
    expect(r.body.temperature).toBe(sent[k]!.temperature);
  });

  // Try OpenInference's second step on another model: its request exactly as the traced agent sent it.
  await openTraces(page);
  await openTraceNamed(page, traceIdOf(OI));
  const oi = sdkRequests(OI);
  mock.reset();
  const last = assistantMessages(page).last();
  await last.hover();
  await last.getByRole('button', { name: 'Try on other models' }).click();
  const tryDialog = page.getByRole('dialog', { name: 'Try on other models' });
  await tryDialog.getByRole('textbox', { name: 'Models' }).fill('mock-gpt-mini');
  await tryDialog.getByRole('button', { name: 'Run' }).click();
  await expect.poll(() => mock.requests.length).toBe(1);
  expect(mock.requests[0]!.body.model).toBe('mock-gpt-mini');
  expect(sameMessages(mock.requests[0]!.body.messages as unknown[])).toEqual(sameMessages(oi[1]!.messages));
  expect(sameTools(mock.requests[0]!.body.tools as unknown[])).toEqual(sameTools(oi[1]!.tools));

  // The same step saved as a test case: its frozen request is the traced one.
  await last.hover();
  await last.getByRole('button', { name: 'Save as test case' }).click();
  const save = page.getByRole('dialog', { name: 'Save as test case' });
  await save.getByRole('textbox', { name: 'Case name' }).fill('Traced weather step');
  await save.getByRole('checkbox', { name: 'Answer contains' }).check();
  await save.getByRole('textbox', { name: 'Text' }).fill('sunny');
  await save.getByRole('button', { name: 'Save case' }).click();
  await expect(save).toBeHidden();
  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(page.getByRole('region', { name: 'Tests' })).toContainText('Traced weather step');
});

test('a trace that recorded no content lists and opens; each debugger action on its steps says why it cannot re-run and sends nothing', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const dir = traceFolder({ 'data.json': `${traceLines('ai-sdk-no-content').join('\n')}\n` });
  await openTraces(page);
  await addFolderSource(page, dir);
  await expect(traceRows(page)).toHaveCount(1);
  await traceRows(page).first().getByRole('button').click();
  await expect(page.getByRole('note').filter({ hasText: 'A trace from the Traces view' })).toBeVisible();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByRole('button', { name: /Turn 1 model request, ok/ }).click();
  for (const action of ['Re-run from here', 'Try on other models', 'Save as test case']) {
    await page.getByRole('button', { name: action, exact: true }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'This trace did not record the whole request (its messages or the tools it offered), so this step cannot be re-run.',
      }),
    ).toBeVisible();
  }
  // Its traffic never went through this page: nothing to show, said as such.
  await page.getByRole('button', { name: 'Request and response', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This trace holds no raw traffic: nothing was captured for this step.' }),
  ).toBeVisible();
  expect(mock.requests).toHaveLength(0);
});
