/**
 * The first minute without a key (architecture.md, "The demo model"): "Try the demo" runs the in-page demo model
 * through the real loop, sandbox, approvals, storage, timeline and export, and the page asks no other origin for
 * anything; a file dropped anywhere (or chosen with "Open a file") goes through the same checks as "Import".
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe-scan';
import { assistantMessages, expandToolCard, sendMessage, waitForIdle } from './support/chat-run';
import { openApp } from './support/configured-app';
import { confirmImport, dropFile, exportVia, FIXTURE_TEXT, FIXTURE_TITLE, importDialog } from './support/import-export';
import { sessionItems } from './support/session-list';
import { otlpSpans } from '../src/io/testing/otlp-spans';

/** Every request the page makes, as URLs, from the first navigation on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

/** Text lengths of the assistant message while it was still streaming, recorded in the page as the DOM changes. */
async function watchStreaming(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen = new Set<number>();
    (window as unknown as { __partials: Set<number> }).__partials = seen;
    new MutationObserver(() => {
      for (const a of document.querySelectorAll('article[aria-label="Assistant message"][data-status="streaming"]'))
        seen.add(a.textContent?.length ?? 0);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __partials: Set<number> }).__partials]);
}

test('a fresh profile tries the demo: a streamed answer, a sandboxed js_eval call and a denied fetch_url, with no request to any other origin; the session is there after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const requests = recordRequests(page);
  await openApp(page);
  const appOrigin = new URL(page.url()).origin;
  await expect(page.getByText('Welcome to Toolscope')).toBeVisible();
  await expectNoAxeViolations(page, 'first screen');
  // One primary action per view: the welcome's, Send stepping down while it shows.
  const primaries = page.locator('button.primary');
  await expect(primaries).toHaveText(['Open settings']);

  const partials = await watchStreaming(page);
  await page.getByRole('button', { name: 'Try the demo' }).click();
  const chat = page.locator('section.chat');
  await expect(chat).toHaveAttribute('data-run-state', 'ended', { timeout: 30_000 });
  const intro = assistantMessages(page).last();
  await expect(intro).toHaveAttribute('data-status', 'complete');
  await expect(intro).toContainText('I am the demo model');
  await expect(intro).toContainText('To chat with a real model, open Settings');
  // Streamed: the message was on screen, growing, before it was complete.
  expect(new Set((await partials()).filter((n) => n > 0)).size).toBeGreaterThan(2);

  await sendMessage(page, 'What is 17 * 23?');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('17 * 23 = 391');
  const evalCard = page.locator('.tool-card').filter({ hasText: 'js_eval' }).first();
  await expandToolCard(evalCard);
  await expect(evalCard.getByLabel('Arguments', { exact: true })).toContainText('17 * 23');
  await expect(evalCard.getByLabel('Result', { exact: true })).toContainText('391');
  await expect(primaries).toHaveText(['Send']);

  await sendMessage(page, 'Fetch https://example.com');
  const approval = page.getByRole('group', { name: 'Approve fetch_url?' });
  await expect(approval).toBeVisible();
  await expect(primaries).toHaveText(['Approve']);
  await approval.getByRole('button', { name: 'Deny', exact: true }).click();
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText(
    'You denied the request, so I did not fetch https://example.com',
  );

  // The same timeline and export as any endpoint.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.locator('[data-kind="call"][data-outcome="ok"]')).toHaveCount(1);
  await expect(page.locator('[data-kind="call"][data-outcome="denied"]')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Chat' }).click();
  const exported = await exportVia(page, 'This session');
  expect(exported.text).toContain('"name": "js_eval"');
  expect(exported.text).toContain('toolscope-demo');

  await page.reload();
  const item = sessionItems(page).filter({ hasText: 'Hello! What can you do?' });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: /^Hello! What can you do\?/ }).click();
  await expect(assistantMessages(page)).toHaveCount(5);
  await expect(assistantMessages(page).nth(2)).toContainText('17 * 23 = 391');
  // Settings show the demo as the chosen preset.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('combobox', { name: 'Provider preset' }).locator('option:checked')).toHaveText(
    'Demo model (in this page)',
  );
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('toolscope-demo');

  const elsewhere = requests.filter(
    (u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== appOrigin,
  );
  expect(elsewhere).toEqual([]);
  expect(requests.length).toBeGreaterThan(0);
});

/** An OpenTelemetry trace another runtime wrote: one agent span, one model call and one tool call. */
function otelTrace(): string {
  const { kv, span } = otlpSpans('7');
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [kv('service.name', 'other-agent')] },
        scopeSpans: [
          {
            scope: { name: 'x' },
            spans: [
              span('1', 'invoke_agent Courier', 0, 900, [kv('gen_ai.operation.name', 'invoke_agent')]),
              span(
                '2',
                'chat gpt-4o',
                10,
                300,
                [kv('gen_ai.operation.name', 'chat'), kv('gen_ai.request.model', 'gpt-4o')],
                '1',
              ),
              span(
                '3',
                'execute_tool lookup',
                310,
                600,
                [
                  kv('gen_ai.operation.name', 'execute_tool'),
                  kv('gen_ai.tool.name', 'lookup'),
                  kv('gen_ai.tool.call.id', 'call_l'),
                ],
                '1',
              ),
            ],
          },
        ],
      },
    ],
  });
}

test('a file dropped anywhere imports through the Import checks: a sessions file, then an OpenTelemetry trace; the drop target says what it is', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openApp(page);
  await expect(page.getByText('Or drop a file anywhere on this page to open it')).toBeVisible();

  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'export-v1.json', { type: 'application/json' }));
    return dt;
  }, FIXTURE_TEXT);
  const announcement = page.getByRole('status').filter({ hasText: 'Drop a file to import it' });
  await expect(announcement).toHaveCount(0);
  await page.dispatchEvent('#root', 'dragenter', { dataTransfer });
  await page.dispatchEvent('#root', 'dragover', { dataTransfer });
  const target = page.getByRole('region', { name: 'Drop to import' });
  await expect(target).toBeVisible();
  await expect(target).toContainText('Drop a file to import it');
  await expect(announcement).toHaveCount(1);
  await expectNoAxeViolations(page, 'dragging a file over the first screen');
  await page.dispatchEvent('#root', 'drop', { dataTransfer });
  await expect(target).toBeHidden();
  await expect(importDialog(page)).toContainText('The file is valid: 1 session, 2 tool definitions');
  await confirmImport(page, /Imported 1 session/);
  await expect(sessionItems(page).filter({ hasText: FIXTURE_TITLE })).toHaveCount(1);

  await dropFile(page, 'trace.json', otelTrace());
  await expect(importDialog(page)).toContainText('The file is valid: 1 session');
  await confirmImport(page, /Imported 1 session/);
  await expect(sessionItems(page).filter({ hasText: 'Imported trace: invoke_agent Courier' })).toHaveCount(1);
});

test('"Open a file" on the first screen opens the Import file chooser, and the chosen file goes through its checks', async ({
  page,
}) => {
  await openApp(page);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Open a file' }).click(),
  ]);
  // Several files at once: a sharded ChatGPT export is picked with its manifest (architecture.md, "Import and export of other formats").
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles({ name: 'export-v1.json', mimeType: 'application/json', buffer: Buffer.from(FIXTURE_TEXT) });
  await expect(importDialog(page)).toContainText('The file is valid: 1 session, 2 tool definitions');
  await confirmImport(page, /Imported 1 session/);
  await expect(sessionItems(page).filter({ hasText: FIXTURE_TITLE })).toHaveCount(1);
});
