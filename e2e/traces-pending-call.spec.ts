/**
 * A trace whose model reply names a tool call that nothing answers, the kind people open to see why an agent stopped
 * (docs/traces.md, "What a rebuild cannot carry"): the AI SDK's real trace (src/traces/__fixtures__) with its
 * `ai.toolCall` span and its second `ai.generateText.doGenerate` span dropped here, as an agent that stopped while its
 * tool ran leaves it. It lists, opens, and its call card says the call is interrupted with no recorded result.
 */
import { test, expect } from './fixtures';
import { openConfiguredApp } from './support/configured-app';
import {
  addFolderSource,
  openTraceNamed,
  openTraces,
  traceFolder,
  traceIdOf,
  traceLines,
  traceRows,
} from './support/trace-inbox';

const AI = 'ai-sdk-generate-text';

type Line = { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] };

/** The fixture's lines without its tool span and its second model request (the fixture's README: line 1 holds the
 *  first request and the tool span, line 2 the second request and the root span). */
function stoppedWithCallPending(): string[] {
  return traceLines(AI).map((text, line) => {
    const doc = JSON.parse(text) as Line;
    for (const rs of doc.resourceSpans) {
      for (const ss of rs.scopeSpans)
        ss.spans = ss.spans.filter(
          (s) => s.name !== 'ai.toolCall' && !(line === 1 && s.name === 'ai.generateText.doGenerate'),
        );
    }
    return JSON.stringify(doc);
  });
}

test('a trace with a tool call and no tool span lists, opens, and its call card says there is no recorded result', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const lines = stoppedWithCallPending();
  expect(lines.join('\n')).not.toContain('"ai.toolCall"');
  const dir = traceFolder({ 'data.json': `${lines.join('\n')}\n` });
  await openTraces(page);
  await addFolderSource(page, dir);
  await expect(traceRows(page)).toHaveCount(1);
  await openTraceNamed(page, traceIdOf(AI));
  const card = page.getByRole('group', { name: 'Tool call get_weather' });
  await expect(card.locator('.status')).toHaveText('interrupted');
  await expect(card).toContainText('Interrupted: the trace has no recorded result for this call');
  expect(mock.requests).toHaveLength(0);
});
