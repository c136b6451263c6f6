/** Traces pushed to an OTLP/HTTP collector: by "Send to collector", after every run, and the failures a person can fix. */
import { expect, test } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp, TEST_KEY } from './support/configured-app';
import { receivedSpans, spanAttr, startOtlpReceiver, type OtlpReceiver } from './support/otlp-receiver';
import type { Page } from '@playwright/test';

let receiver: OtlpReceiver | null = null;
test.afterEach(async () => {
  await receiver?.close();
  receiver = null;
});

async function setCollector(page: Page, url: string, opts: { headers?: string; autoPush?: boolean } = {}) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'Collector URL' }).fill(url);
  if (opts.headers !== undefined) await dialog.getByRole('textbox', { name: 'Collector headers' }).fill(opts.headers);
  if (opts.autoPush) await dialog.getByRole('checkbox', { name: 'Send every finished run to the collector' }).check();
  await dialog.getByRole('button', { name: 'Apply trace settings' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Trace settings applied.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });

test('Send to collector pushes the session as GenAI spans with the secret header and without the key', async ({
  page,
  mock,
}) => {
  receiver = await startOtlpReceiver({ requireHeader: { name: 'x-collector-key', value: 'pk-secret-42' } });
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
  await setCollector(page, receiver.url, { headers: 'x-collector-key: pk-secret-42' });

  await sidebar(page).getByRole('button', { name: 'Send to collector' }).click();
  await expect(sidebar(page).getByRole('status')).toContainText('Sent 4 spans to the collector');
  expect(receiver.received).toHaveLength(1);
  const got = receiver.received[0]!;
  expect(got.path).toBe('/v1/traces');
  expect(got.headers['x-collector-key']).toBe('pk-secret-42');
  expect(got.headers.authorization).toBeUndefined();
  const spans = receivedSpans(receiver);
  expect(spans.map((s) => s.name).sort()).toEqual([
    'chat mock-gpt',
    'chat mock-gpt',
    'execute_tool current_time',
    'invoke_agent Toolscope',
  ]);
  const tool = spans.find((s) => s.name === 'execute_tool current_time')!;
  expect(spanAttr(tool, 'gen_ai.tool.call.id')).toBe('call_t1');
  expect(
    spans
      .filter((s) => s.name === 'chat mock-gpt')
      .map((s) => spanAttr(s, 'gen_ai.usage.input_tokens'))
      .sort(),
  ).toEqual(['50', '60']);
  // Content is opt-in and the key never travels.
  expect(JSON.stringify(got.body)).not.toContain('What time is it?');
  expect(JSON.stringify(got.body)).not.toContain(TEST_KEY);
});

test('with the automatic push on, every finished run reaches the collector by itself', async ({ page, mock }) => {
  receiver = await startOtlpReceiver();
  await openConfiguredApp(page, mock);
  await setCollector(page, `${receiver.url}/v1/traces`, { autoPush: true });
  mock.script([{ kind: 'text', content: 'First.' }]);
  await sendMessage(page, 'one');
  await waitForIdle(page);
  await expect.poll(() => receiver!.received.length).toBe(1);
  mock.script([{ kind: 'text', content: 'Second.' }]);
  await sendMessage(page, 'two');
  await waitForIdle(page);
  await expect.poll(() => receiver!.received.length).toBe(2);
  // Each push carries only its own run: one agent span, a trace of its own.
  const traces = receiver.received.map((r) => receivedSpans({ ...receiver!, received: [r] }));
  for (const spans of traces) expect(spans.filter((s) => s.name === 'invoke_agent Toolscope')).toHaveLength(1);
  await expect(sidebar(page).getByRole('status')).toContainText('(the last run)');
});

test('a collector that does not allow this page says CORS and how to fix it', async ({ page, mock }) => {
  receiver = await startOtlpReceiver({ cors: false });
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'Hi.' }]);
  await sendMessage(page, 'hello');
  await waitForIdle(page);
  await setCollector(page, receiver.url);
  await sidebar(page).getByRole('button', { name: 'Send to collector' }).click();
  const alert = sidebar(page).getByRole('alert');
  await expect(alert).toContainText(`The collector at ${receiver.url} refused this page (CORS)`);
  await expect(alert).toContainText('cors.allowed_origins');
  expect(receiver.received).toHaveLength(0);
});

test('a collector that answers 401 says to check the headers', async ({ page, mock }) => {
  receiver = await startOtlpReceiver({ requireHeader: { name: 'authorization', value: 'Bearer right' } });
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'Hi.' }]);
  await sendMessage(page, 'hello');
  await waitForIdle(page);
  await setCollector(page, receiver.url, { headers: 'Authorization: Bearer wrong' });
  await sidebar(page).getByRole('button', { name: 'Send to collector' }).click();
  await expect(sidebar(page).getByRole('alert')).toContainText(
    'refused the credentials (HTTP 401). Check the collector headers in Settings',
  );
  expect(receiver.received).toHaveLength(0);
});
