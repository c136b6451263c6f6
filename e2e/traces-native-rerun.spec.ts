/**
 * Traced steps recorded on Anthropic's and Google's APIs (src/traces/__fixtures__: the AI SDK's Anthropic and Google
 * providers, OpenInference's Anthropic instrumentation) re-run in their own API (docs/traces.md): opened from a trace
 * folder, "Re-run from here" sends Anthropic Messages to /v1/messages or Gemini to /v1beta, with the traced system
 * prompt, question and tools, to the endpoint Settings point at.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { assistantMessages, waitForIdle, waitForNewRun } from './support/chat-run';
import { openApp } from './support/configured-app';
import { configureNative, type NativeFormat } from './support/native-endpoint';
import {
  addFolderSource,
  openTraceNamed,
  openTraces,
  traceFolder,
  traceIdOf,
  traceLines,
  traceRows,
} from './support/trace-inbox';

const QUESTION = 'What is the weather in Paris right now, in celsius?';
const SYSTEM = 'You are a concise weather assistant. Use the tools to look up live data; never guess.';

const RUNS: { fixture: string; format: NativeFormat; path: string; model: string }[] = [
  { fixture: 'ai-sdk-anthropic', format: 'anthropic', path: '/v1/messages', model: 'claude-mock' },
  {
    fixture: 'ai-sdk-google',
    format: 'gemini',
    path: '/v1beta/models/gemini-mock:streamGenerateContent',
    model: 'gemini-mock',
  },
  { fixture: 'openinference-anthropic', format: 'anthropic', path: '/v1/messages', model: 'claude-mock' },
];

/** The tool names a body offers, in either API's shape. */
function toolNames(body: Record<string, unknown>): string[] {
  const tools = (body.tools ?? []) as { name?: string; functionDeclarations?: { name: string }[] }[];
  return tools.flatMap((t) => (t.functionDeclarations ? t.functionDeclarations.map((d) => d.name) : [t.name ?? '']));
}

for (const run of RUNS)
  test(`a step of the ${run.fixture} trace re-runs in its own API`, async ({ page, mock }) => {
    const sent = JSON.parse(
      readFileSync(new URL(`../src/traces/__fixtures__/${run.fixture}.requests.json`, import.meta.url), 'utf8'),
    ) as { path: string; body: Record<string, unknown> }[];
    await openApp(page);
    await configureNative(page, mock, run.format);
    await openTraces(page);
    await addFolderSource(page, traceFolder({ 'data.json': `${traceLines(run.fixture).join('\n')}\n` }));
    await expect(traceRows(page)).toHaveCount(1);
    await openTraceNamed(page, traceIdOf(run.fixture));
    mock.script([
      {
        kind: 'tool_calls',
        calls: [{ id: 'call_rerun_1', name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
      },
      { kind: 'text', content: 'Re-run answer.' },
    ]);
    const before = await page.locator('section.chat').getAttribute('data-run-id');
    await page.getByRole('button', { name: 'Re-run from here' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Re-run from here' });
    await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue(run.model);
    await dialog.getByRole('button', { name: 'Re-run' }).click();
    await waitForNewRun(page, before);
    await waitForIdle(page);
    await expect(assistantMessages(page).last()).toContainText('Re-run answer.');
    // Both requests in the traced API, as the SDK sent them: its path, the system prompt, the question, the tools.
    expect(mock.requests.map((r) => r.path)).toEqual([run.path, run.path]);
    expect(sent[0]!.path.startsWith(run.format === 'anthropic' ? '/v1/messages' : '/v1beta/')).toBe(true);
    const first = mock.requests[0]!.body as Record<string, unknown>;
    expect(JSON.stringify(first)).toContain(SYSTEM);
    expect(JSON.stringify(first)).toContain(QUESTION);
    expect(toolNames(first)).toEqual(toolNames(sent[0]!.body));
  });
