/**
 * One odd entry never refuses a whole export (architecture.md, "Import and export of other formats"): a ChatGPT export
 * whose first conversation has no mapping and another holds no message, and a trace from the OpenTelemetry SDK with
 * one unreadable span, opened by a person who already has sessions. Every readable entry is imported, each one left
 * out is named with its reason, and after a reload everything stored, old and new, is there.
 */
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { openApp } from './support/configured-app';
import { confirmImport, importDialog, importFixture, FIXTURE_TITLE, pickFile } from './support/import-export';
import { dbSnapshot } from './support/stored-rows';

const fixture = (name: string) => readFileSync(`src/io/__fixtures__/foreign/${name}`, 'utf8');
const listed = (page: Page, title: string) =>
  page.locator('nav[aria-label="Sessions"] li').getByRole('button', { name: new RegExp(`^${title}`) });

/** The ChatGPT export as downloaded, with a conversation that has no mapping first and one with no message last. */
function exportZip(): Buffer {
  const conversations = JSON.parse(fixture('chatgpt-conversations.json')) as Record<string, unknown>[];
  const noMapping: Record<string, unknown> = { ...conversations[0]!, title: 'Lost trip plans', id: 'conv-lost' };
  delete noMapping.mapping;
  const empty = {
    ...conversations[1]!,
    title: 'Only a system prompt',
    mapping: { r: { id: 'r', parent: null, children: [], message: null } },
    current_node: 'r',
  };
  return Buffer.from(
    zipSync({
      'conversations.json': strToU8(JSON.stringify([noMapping, ...conversations, empty])),
      'chat.html': strToU8('<html></html>'),
    }),
  );
}

/** Two agent runs recorded by the OpenTelemetry SDK (@opentelemetry/sdk-trace-base), one span's trace id then broken. */
function traceWithBadSpan(): string {
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer(
    'shop-agent',
  );
  for (const [name, conversation] of [
    ['chat gpt-4o', 'order-help'],
    ['chat o3', 'refund-help'],
  ] as const) {
    tracer
      .startSpan(name, {
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': name.slice(5),
          'gen_ai.conversation.id': conversation,
        },
      })
      .end();
  }
  const doc = JSON.parse(
    new TextDecoder().decode(JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans())),
  ) as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] };
  doc.resourceSpans[0]!.scopeSpans[0]!.spans[1]!.traceId = 'not-hex';
  return JSON.stringify(doc);
}

test('an export with an unreadable conversation and a trace with an unreadable span import the rest and name what was left out', async ({
  page,
}) => {
  await openApp(page);
  await importFixture(page);
  await expect(listed(page, FIXTURE_TITLE)).toHaveCount(1);

  await pickFile(page, 'chatgpt-export.zip', exportZip(), 'application/zip');
  const dialog = importDialog(page);
  await expect(dialog).toContainText('This is a ChatGPT data export.');
  const leftOut = dialog.getByRole('list', { name: 'What is left out' });
  await expect(leftOut).toContainText(
    'Conversation “Lost trip plans”: not imported, it cannot be read (at $[0].mapping, expected an object).',
  );
  await expect(leftOut).toContainText('Conversation “Only a system prompt”: not imported, no messages in the file.');
  await expect(dialog.getByRole('list', { name: 'What the file holds' })).toContainText('2 conversations');
  await confirmImport(page, /Imported 2 sessions/);
  await expect(listed(page, 'Sunflowers and sums')).toHaveCount(1);
  await expect(listed(page, 'Yellow flowers')).toHaveCount(1);
  await expect(listed(page, 'Lost trip plans')).toHaveCount(0);

  await pickFile(page, 'traces.json', traceWithBadSpan());
  await expect(dialog).toContainText('This is an OpenTelemetry (OTLP/JSON) trace.');
  await expect(dialog.getByRole('list', { name: 'What is left out' })).toContainText(
    /Span “chat o3” \([0-9a-f]{16}\): not imported, it cannot be read \(at \$\.resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[1\]\.traceId/,
  );
  await confirmImport(page, /Imported 1 session/);

  // A reload keeps the earlier session and every imported one, and nothing of what was left out.
  const stored = await dbSnapshot(page);
  await page.reload();
  for (const title of [FIXTURE_TITLE, 'Sunflowers and sums', 'Yellow flowers', 'Imported trace: chat gpt-4o'])
    await expect(listed(page, title)).toHaveCount(1);
  expect(await dbSnapshot(page)).toEqual(stored);
});
