/** OpenTelemetry traces in and out: the app's own trace imports back onto the timeline; other runtimes' spans draw. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openApp, openConfiguredApp, TEST_KEY } from './support/configured-app';
import { confirmImport, importDialog, pickFile } from './support/import-export';
import { dbSnapshot } from './support/stored-rows';
import { otlpSpans } from '../src/io/testing/otlp-spans';

const openImported = async (page: Page, title: string | null) => {
  if (title !== null)
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: title, exact: true }).click();
  await expect(page.getByRole('note')).toContainText('Imported trace: read-only');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'placeholder',
    'An imported trace is read-only',
  );
  await page.getByRole('tab', { name: 'Timeline' }).click();
};

test('a session exported as an OpenTelemetry trace imports back, read-only, with its requests and tool calls on the timeline', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [{ id: 'call_t1', name: 'current_time', arguments: {} }],
      usage: { prompt_tokens: 50, completion_tokens: 5 },
    },
    { kind: 'text', content: 'It is now.', usage: { prompt_tokens: 60, completion_tokens: 4 } },
  ]);
  await sendMessage(page, 'What time is it?');
  await waitForIdle(page);
  const original = /#\/s\/([^/?]+)/.exec(page.url())?.[1];
  expect(original).toBeTruthy();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const content = page.getByRole('menuitemcheckbox', { name: 'Include content' });
  await content.click();
  await expect(content).toHaveAttribute('aria-checked', 'true');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'This session as OpenTelemetry trace' }).click(),
  ]);
  const name = download.suggestedFilename();
  const text = readFileSync(await download.path(), 'utf8');
  await expect(page.getByRole('status').filter({ hasText: 'Exported 4 spans' })).toContainText('(with content)');
  expect(name).toMatch(/^toolscope-what-time-is-it-otel-trace-.*\.json$/);
  expect(text).not.toContain(TEST_KEY);
  const trace = JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] };
  expect(trace.resourceSpans[0]!.scopeSpans[0]!.spans.map((s) => s.name).sort()).toEqual([
    'chat mock-gpt',
    'chat mock-gpt',
    'execute_tool current_time',
    'invoke_agent Toolscope',
  ]);
  expect(text).toContain('gen_ai.input.messages');

  await pickFile(page, 'trace.json', text);
  await expect(importDialog(page)).toContainText('The file is valid: 1 session');
  await confirmImport(page, /Imported 1 session/);
  // Two sessions now share the title: open the one that is not the original.
  await page
    .locator(`li.session-item:not([data-session-id="${original}"])`)
    .filter({ hasText: 'What time is it?' })
    .getByRole('button', { name: /^What time is it\?/ })
    .click();
  await openImported(page, null);
  await expect(page.locator('[data-kind="call"][data-call-id="call_t1"]')).toBeVisible();
  await expect(page.getByRole('button', { name: /^current_time, ok, / })).toBeVisible();
  await expect(page.getByRole('button', { name: /Turn 1 model request, ok/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Turn 2 model request, ok/ })).toBeVisible();

  // A chosen set as one trace: both sessions (the original and its imported copy), without content.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'All sessions as OpenTelemetry trace', exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Choose sessions…' }).click();
  const chooser = page.getByRole('dialog', { name: 'Export sessions' });
  const boxes = chooser.getByRole('group', { name: 'Sessions to export' }).getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  for (const box of await boxes.all()) await box.check();
  await chooser.getByRole('group', { name: 'Format' }).getByRole('radio', { name: 'OpenTelemetry trace' }).check();
  await expect(chooser.getByRole('checkbox', { name: 'Include content' })).not.toBeChecked();
  const [chosen] = await Promise.all([
    page.waitForEvent('download'),
    chooser.getByRole('button', { name: 'Export selected (2)' }).click(),
  ]);
  expect(chosen.suggestedFilename()).toMatch(/^toolscope-selection-2-sessions-otel-trace-.*\.json$/);
  const both = readFileSync(await chosen.path(), 'utf8');
  expect(both).not.toContain('gen_ai.input.messages');
  const spans = (
    JSON.parse(both) as {
      resourceSpans: {
        scopeSpans: { spans: { name: string; attributes?: { key: string; value: { stringValue?: string } }[] }[] }[];
      }[];
    }
  ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((sc) => sc.spans));
  const agents = spans.filter((sp) => sp.name === 'invoke_agent Toolscope');
  expect(
    new Set(agents.map((a) => a.attributes?.find((kv) => kv.key === 'gen_ai.conversation.id')?.value.stringValue)).size,
  ).toBe(2);
  expect(spans.filter((sp) => sp.name === 'execute_tool current_time')).toHaveLength(2);
  await expect(page.getByRole('status').filter({ hasText: `Exported ${spans.length} spans` })).toContainText(
    '(without content)',
  );
});

test('spans from another runtime draw, and an unknown span is a generic bar with its attributes in the details', async ({
  page,
}) => {
  await openApp(page);
  const { kv, span } = otlpSpans('5');
  const file = {
    resourceSpans: [
      {
        resource: { attributes: [kv('service.name', 'other-agent')] },
        scopeSpans: [
          {
            scope: { name: 'x' },
            spans: [
              span('1', 'invoke_agent Planner', 0, 900, [kv('gen_ai.operation.name', 'invoke_agent')]),
              span(
                '2',
                'chat gpt-4o',
                10,
                300,
                [
                  kv('gen_ai.operation.name', 'chat'),
                  kv('gen_ai.request.model', 'gpt-4o'),
                  { key: 'gen_ai.usage.input_tokens', value: { intValue: 100 } },
                ],
                '1',
              ),
              span(
                '3',
                'execute_tool search',
                310,
                600,
                [
                  kv('gen_ai.operation.name', 'execute_tool'),
                  kv('gen_ai.tool.name', 'search'),
                  kv('gen_ai.tool.call.id', 'call_s'),
                ],
                '1',
              ),
              span(
                '4',
                'SELECT orders',
                620,
                880,
                [kv('db.system', 'postgresql'), kv('db.statement', 'select * from orders')],
                '1',
              ),
            ],
          },
        ],
      },
    ],
  };
  await pickFile(page, 'other.json', JSON.stringify(file));
  await expect(importDialog(page)).toContainText('The file is valid: 1 session');
  await confirmImport(page, /Imported 1 session/);
  await openImported(page, 'Imported trace: invoke_agent Planner');
  await expect(page.getByRole('button', { name: /^search, ok, / })).toBeVisible();
  await expect(page.getByRole('button', { name: /Turn 1 model request, ok/ })).toBeVisible();
  const generic = page.getByRole('button', { name: /^SELECT orders, ok, / });
  await expect(generic).toBeVisible();
  // Drawn in its own style, explained by the legend; the tool call keeps the tool style.
  await expect(generic).toHaveAttribute('data-span', 'true');
  await expect(page.getByRole('button', { name: /^search, ok, / })).not.toHaveAttribute('data-span', 'true');
  await page.getByRole('button', { name: 'Legend', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Legend' })).toContainText(
    'other span of the imported trace (not a tool call)',
  );
  await generic.click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByLabel('Arguments')).toContainText('"db.statement": "select * from orders"');
});

test('a hostile or broken trace file says what is wrong and writes nothing', async ({ page }) => {
  await openApp(page);
  // The built-in tools are seeded just after start; compare against the settled database.
  await expect.poll(async () => (await dbSnapshot(page)).tools?.length ?? 0).toBeGreaterThan(0);
  const before = await dbSnapshot(page);
  const span = { traceId: 'zz', spanId: '1'.repeat(16), name: 'x', startTimeUnixNano: '1', endTimeUnixNano: '2' };
  await pickFile(page, 'broken.json', JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] }));
  const alert = importDialog(page).getByRole('alert');
  await expect(alert).toContainText('Nothing was imported.');
  await expect(alert).toContainText('OpenTelemetry (OTLP/JSON) trace');
  await expect(alert).toContainText('traceId');
  await importDialog(page).getByRole('button', { name: 'Close' }).click();
  const hostile = `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"${'a'.repeat(32)}","spanId":"${'b'.repeat(16)}","name":"x","startTimeUnixNano":"1","endTimeUnixNano":"2","__proto__":{"admin":true}}]}]}]}`;
  await pickFile(page, 'hostile.json', hostile);
  await expect(importDialog(page).getByRole('alert')).toContainText('refused for safety');
  await importDialog(page).getByRole('button', { name: 'Close' }).click();
  expect(await dbSnapshot(page)).toEqual(before);
});
