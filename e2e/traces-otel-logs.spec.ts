/**
 * OpenTelemetry's OpenAI instrumentation (src/traces/__fixtures__/otel-openai.*): its spans carry no content, its
 * messages are GenAI events in log records, and a Collector with logs and traces pipelines on one file exporter writes
 * both into one file. The trace lists, opens with the conversation from the log records, and its steps say why they
 * cannot be re-run (docs/traces.md, "What a rebuild cannot carry").
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { assistantMessages } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import {
  addFolderSource,
  openTraceNamed,
  openTraces,
  traceFolder,
  traceIdOf,
  traceLines,
  traceRows,
  tracesStatus,
  tracesView,
} from './support/trace-inbox';

const logLines = readFileSync(
  new URL('../src/traces/__fixtures__/otel-openai.logs.otlp.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n');

test('a Collector file of spans and log records: listed, opened with the messages the log records hold, its steps not re-run', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const spans = traceLines('otel-openai');
  const file = spans.flatMap((line, i) => [line, logLines[i] ?? '']).join('\n');
  const dir = traceFolder({ 'data.json': `${file}\n` });
  await openTraces(page);
  await addFolderSource(page, dir);
  await expect(tracesStatus(page)).toHaveText(/^1 trace · Checked /);
  await expect(traceRows(page).first().getByRole('button')).toHaveText('invoke_agent weather-agent');
  // Nothing left out: the log lines are read, not refused as "no resourceSpans".
  await expect(tracesView(page).getByText(/What was left out/)).toHaveCount(0);

  await openTraceNamed(page, traceIdOf('otel-openai'));
  await expect(
    page.locator('section.chat').getByText('What is the weather in Paris right now, in celsius?'),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tool call get_weather' })).toBeVisible();
  const answer = assistantMessages(page).last();
  await expect(answer).toContainText('It is 18 °C and sunny in Paris right now.');

  await answer.hover();
  await answer.getByRole('button', { name: 'Re-run from here' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'This trace did not record the whole request (its messages or the tools it offered), so this step cannot be re-run.',
    }),
  ).toBeVisible();
  expect(mock.requests).toHaveLength(0);
});
