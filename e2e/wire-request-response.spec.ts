/**
 * docs/wire-capture.md: "Request and response" on a model step shows the request exactly as the server received it,
 * its secret headers as shell variables, and every event the server streamed with its arrival time; "Copy as curl",
 * run by bash against the same server with the key in its variable, sends a byte-identical body and the key, and the
 * command holds no secret. The key is in no store but the key store. In all four wire formats, through real sockets.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp, TEST_KEY } from './support/configured-app';
import { configureNative } from './support/native-endpoint';
import type { MockServer } from './server/mock-server';
import { storedTextOutside } from './support/stored-text';

const run = promisify(execFile);

type Format = 'chat' | 'responses' | 'anthropic' | 'gemini';
const KEY_VARIABLE: Record<Format, string> = {
  chat: 'OPENAI_API_KEY',
  responses: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
};

async function useFormat(page: Page, mock: MockServer, format: Format): Promise<void> {
  if (format === 'anthropic' || format === 'gemini') return configureNative(page, mock, format);
  if (format === 'responses') {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('combobox', { name: 'API' }).selectOption({ label: 'Responses' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
}

function answerWith(mock: MockServer, format: Format, text: string): void {
  if (format === 'responses') mock.scriptResponses([{ kind: 'responses', text }]);
  else mock.script([{ kind: 'text', content: text }]);
}

for (const format of ['chat', 'responses', 'anthropic', 'gemini'] as const) {
  test(`${format}: Request and response shows what the server received and every event it sent; Copy as curl sends the same bytes`, async ({
    page,
    mock,
  }) => {
    await openConfiguredApp(page, mock);
    await useFormat(page, mock, format);
    answerWith(mock, format, `Captured over ${format}.`);
    const before = mock.allRequests.length;
    await sendMessage(page, `Show me the wire (${format})`);
    await expect(assistantMessages(page).last()).toContainText(`Captured over ${format}.`);
    await waitForIdle(page);
    const received = mock.allRequests.slice(before).filter((r) => r.method === 'POST');
    expect(received).toHaveLength(1);
    const sent = received[0]!;

    const answer = assistantMessages(page).last();
    await answer.hover();
    await answer.getByRole('button', { name: 'Request and response' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request and response' });
    await expect(dialog).toBeVisible();
    const request = dialog.getByRole('region', { name: 'Request' });
    // The body exactly as the server received it, byte for byte.
    await expect(request.getByRole('textbox', { name: 'Request body' })).toHaveValue(sent.rawBody);
    await expect(request).toContainText(sent.path);
    await expect(request.getByRole('list', { name: 'Request headers' })).toContainText(`$${KEY_VARIABLE[format]}`);
    await expect(dialog).not.toContainText(TEST_KEY);

    // Every event the server streamed, each with its time.
    const response = dialog.getByRole('region', { name: 'Response' });
    await expect(response).toContainText('Status 200');
    const events = response.getByRole('list', { name: 'Events' }).getByRole('listitem');
    await expect(events.first()).toHaveText(/^\d+ ms /);
    await expect(response).toContainText(/\d+ events/);
    await expect(response.getByRole('list', { name: 'Events' })).toContainText(
      `Captured over ${format}.`.split(' ')[0]!,
    );

    // Copy as curl: run by bash against the same server, with the key in its variable.
    await request.getByRole('button', { name: 'Copy as curl' }).click();
    const command = await dialog.getByRole('textbox', { name: 'Command' }).inputValue();
    expect(command).not.toContain(TEST_KEY);
    expect(command).toContain(`$${KEY_VARIABLE[format]}`);
    const again = mock.allRequests.length;
    answerWith(mock, format, 'Sent again by curl.');
    await run('bash', ['-c', command], { env: { ...process.env, [KEY_VARIABLE[format]]: TEST_KEY } });
    const replayed = mock.allRequests.slice(again).filter((r) => r.method === 'POST');
    expect(replayed).toHaveLength(1);
    expect(replayed[0]!.rawBody).toBe(sent.rawBody);
    expect(replayed[0]!.path).toBe(sent.path);
    const keyHeader = format === 'anthropic' ? 'x-api-key' : format === 'gemini' ? 'x-goog-api-key' : 'authorization';
    expect(replayed[0]!.headers[keyHeader]).toBe(sent.headers[keyHeader]);
    expect(String(replayed[0]!.headers[keyHeader])).toContain(TEST_KEY);

    // The key is in no store but the key store.
    expect(await storedTextOutside(page, /secret|key/)).not.toContain(TEST_KEY);
  });
}
