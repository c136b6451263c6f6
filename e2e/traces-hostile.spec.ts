/**
 * Hostile files in a folder trace source (docs/traces.md, "Reading"): a 40 MB attribute, an attribute nested 10,000
 * levels deep, a file too large to hold, a page of markup, script and markup in span names and recorded messages,
 * invalid ids and a span that is its own parent, beside a real SDK's trace. Nothing runs, nothing is fetched, the page
 * answers, each file read safely or set aside with its reason in words, and the other traces list and open.
 */
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { openConfiguredApp } from './support/configured-app';
import { recordViolations, violations } from './support/csp-violations';
import { LONGEST_TASK_LIMIT_MS, longestTask, watchLongTasks } from './support/long-tasks';
import { startServer } from './support/recording-server';
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
import { exportRequest } from '../src/traces/testing/otlp-lines';

const AI = 'ai-sdk-generate-text';
const BIG = 'b16b16b16b16b16b16b16b16b16b16b1';
const MARK = 'c0ffeec0ffeec0ffeec0ffeec0ffee00';
const DEEP = 'dee9dee9dee9dee9dee9dee9dee9dee9';

test('hostile trace files in a folder: nothing runs or is fetched, each unreadable file is set aside with its reason, the rest lists and opens', async ({
  page,
  mock,
}) => {
  test.setTimeout(120_000);
  const server = await startServer((_req, res) => res.end('seen'));
  try {
    const img = `<img src="${server.origin}/name.png" onerror="window.__pwned = 1">`;
    const script = `<script>window.__pwned = 2; fetch("${server.origin}/script")</script>`;
    const question = `Read ${img} and ${script}`;
    const answer = `<b>bold?</b> ${img}`;
    const root = {
      traceId: MARK,
      spanId: 'a1a1a1a1a1a1a1a1',
      name: script,
      startMs: 1_700_000_000_000,
      endMs: 1_700_000_003_000,
      attrs: { 'app.note': img },
    };
    const chat = {
      traceId: MARK,
      spanId: 'b2b2b2b2b2b2b2b2',
      parentSpanId: root.spanId,
      name: 'ai.generateText.doGenerate',
      startMs: 1_700_000_000_100,
      endMs: 1_700_000_001_000,
      attrs: {
        'ai.model.id': 'mock-gpt',
        'ai.prompt.messages': JSON.stringify([{ role: 'user', content: [{ type: 'text', text: question }] }]),
        'ai.response.text': answer,
      },
    };
    const ownParent = {
      traceId: MARK,
      spanId: 'c3c3c3c3c3c3c3c3',
      parentSpanId: 'c3c3c3c3c3c3c3c3',
      name: `loop ${img}`,
      startMs: 1_700_000_001_100,
      endMs: 1_700_000_001_200,
    };
    const badId = {
      traceId: MARK,
      spanId: 'not-hex!',
      parentSpanId: root.spanId,
      name: 'bad id span',
      startMs: 1_700_000_001_300,
      endMs: 1_700_000_001_400,
    };
    // Generated here, never committed: 40 MB in one attribute.
    const big = JSON.stringify(
      exportRequest([
        {
          traceId: BIG,
          spanId: 'e5e5e5e5e5e5e5e5',
          name: 'big payload',
          startMs: 1_600_000_000_000,
          endMs: 1_600_000_000_500,
          attrs: { 'app.payload': 'x'.repeat(40 * 1024 * 1024) },
        },
      ]),
    );
    // Written as text: JSON.stringify itself recurses past the stack at this depth.
    const nested = `${'{"kvlistValue":{"values":[{"key":"k","value":'.repeat(10_000)}{"stringValue":"bottom"}${'}]}}'.repeat(10_000)}`;
    const deep = JSON.stringify(
      exportRequest([
        { traceId: DEEP, spanId: 'f6f6f6f6f6f6f6f6', name: 'deep', startMs: 1, endMs: 2, attrs: { deep: 'NESTED' } },
      ]),
    ).replace('{"stringValue":"NESTED"}', nested);
    const dir = traceFolder({
      'sdk.json': `${traceLines(AI).join('\n')}\n`,
      'markup.json': `${JSON.stringify(exportRequest([root, chat, ownParent, badId]))}\n`,
      'deep.json': deep,
      'page.html': `<!doctype html><html><body>${script}${img}</body></html>\n`,
    });
    writeFileSync(join(dir, 'big.json'), big);
    // Larger than a file may be (256 MB): sparse on disk, and set aside from its size without being read.
    writeFileSync(join(dir, 'huge.json'), '');
    truncateSync(join(dir, 'huge.json'), 300 * 1024 * 1024);

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await recordViolations(page);
    await openConfiguredApp(page, mock);
    await openTraces(page);
    await watchLongTasks(page);
    await addFolderSource(page, dir);
    await expect(tracesStatus(page)).toHaveText(/^3 traces · Checked /, { timeout: 60_000 });
    await expect(traceRows(page)).toHaveCount(3);
    expect(await longestTask(page, 'reading hostile trace files')).toBeLessThan(LONGEST_TASK_LIMIT_MS);

    // What was left out, each in words.
    await tracesView(page).getByText('What was left out (6)').click();
    const leftOut = tracesView(page).locator('.traces-problems li');
    for (const said of [
      'deep.json: left out, it is not safe to read: nesting deeper than 64 levels.',
      'huge.json: left out, it is 300 MB, more than the 256 MB one file may.',
      'page.html: left out, it is not JSON: OTLP/JSON was expected.',
      'big.json: span “big payload”: attribute app.payload cut at 256 KB (it held 40960 KB).',
      'markup.json: a span “bad id span” was left out: it has no span id.',
      // Names in sentences are cut at 60 characters.
      `markup.json: span “${`loop ${img}`.slice(0, 60)}” of trace ${MARK}: its parents lead back to it; shown as a root.`,
    ])
      await expect(leftOut.filter({ hasText: said }), said).toHaveCount(1);

    // The markup trace's name is text, its row holds no element the markup named.
    const markRow = traceRows(page).and(page.locator(`[data-trace-id="${MARK}"]`));
    await expect(markRow.getByRole('button')).toHaveText(script);
    await expect(tracesView(page).locator('img, script:not([src])')).toHaveCount(0);

    // Nothing the Traces view drew asked to run or fetch anything.
    expect(await violations(page)).toEqual([]);

    // It opens without its bad span, the markup it recorded shown as text.
    await openTraceNamed(page, MARK);
    const chatView = page.locator('section.chat');
    // The question is text; the answer is Markdown as any model's answer is, sanitized (docs/screens.md): the image
    // keeps neither its handler nor its source, so it runs and fetches nothing.
    await expect(chatView.getByText(question)).toBeVisible();
    await expect(chatView.getByText('bold?')).toBeVisible();
    await expect(chatView.locator('[onerror], script')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await expect(page.getByRole('button', { name: /^loop / })).toBeVisible();
    await expect(page.getByRole('button', { name: /^bad id span/ })).toHaveCount(0);

    // The other traces open: the SDK's with its tool call, the big one with its attribute cut.
    await openTraces(page);
    await openTraceNamed(page, traceIdOf(AI));
    await expect(page.getByRole('group', { name: 'Tool call get_weather' })).toBeVisible();
    await openTraces(page);
    await openTraceNamed(page, BIG);
    // Its payload, in the span's details on the Timeline, ends in the cut's marker: the rebuild cuts a generic span's
    // details at 64 KB (io/otlp/otlp-import.ts), so the reader's own 256 KB marker lies past what is kept.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByRole('button', { name: /^big payload/ }).click();
    const details = page.getByRole('complementary', { name: 'Details' });
    await details.getByRole('button', { name: /^Show (more|all) \(/ }).click();
    const more = details.getByRole('button', { name: 'Show more', exact: true });
    const shown = details.locator('.long-text-more .hint');
    while ((await more.count()) > 0) {
      const before = await shown.textContent();
      await more.click();
      await expect(async () =>
        expect((await shown.count()) === 0 || (await shown.textContent()) !== before).toBe(true),
      ).toPass();
    }
    await expect(details.getByRole('group', { name: 'Arguments' })).toContainText(
      /"app\.payload": "x+\s*\[… cut at 64 KB\]\s*$/,
    );

    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(server.seen).toEqual([]);
    // Nor did the answer's Markdown: not even the sanitizer's own parse met the handler (src/ui/shared/markdown/attribute-disguise.ts).
    expect(await violations(page)).toEqual([]);
  } finally {
    await server.close();
  }
});
