/**
 * Shared steps for end-to-end tests of the app: open it, point it at the mock server, send a message.
 * Every step goes through the UI by accessible name, as a person would.
 */
import { expect, type Page } from '@playwright/test';
import type { MockServer } from './server/mock-server';

export const TEST_KEY = 'sk-test-0123456789';

export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Chat' })).toBeVisible();
}

export type ConfigureOptions = { apiKey?: string; model?: string; baseURL?: string; remember?: boolean; maxTurns?: number; maxToolCallsPerTurn?: number };

/** Opens Settings, fills key, base URL (the mock server) and model, and saves. */
export async function configureSettings(page: Page, mock: Pick<MockServer, 'url'>, opts: ConfigureOptions = {}): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'API key' }).fill(opts.apiKey ?? TEST_KEY);
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(opts.baseURL ?? mock.url);
  await dialog.getByRole('textbox', { name: 'Model' }).fill(opts.model ?? 'mock-gpt');
  if (opts.remember) await dialog.getByRole('checkbox', { name: 'Remember on this device' }).check();
  if (opts.maxTurns !== undefined) await dialog.getByRole('spinbutton', { name: 'Max turns' }).fill(String(opts.maxTurns));
  if (opts.maxToolCallsPerTurn !== undefined) {
    await dialog.getByRole('spinbutton', { name: 'Max tool calls per turn' }).fill(String(opts.maxToolCallsPerTurn));
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the app and configures it for the mock server: the usual start of a test. */
export async function openConfiguredApp(page: Page, mock: Pick<MockServer, 'url'>, opts: ConfigureOptions = {}): Promise<void> {
  await openApp(page);
  await configureSettings(page, mock, opts);
}

export function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

/** The chat's latest run in this tab (`data-run-id`) and whether it is `running` or `ended`. */
async function chatRun(page: Page): Promise<{ id: string | null; state: string | null }> {
  const chat = page.locator('section.chat');
  if ((await chat.count()) !== 1) return { id: null, state: null };
  return { id: await chat.getAttribute('data-run-id'), state: await chat.getAttribute('data-run-state') };
}

/** The run id shown before the last sendMessage, per page: waitForIdle waits for a newer run to end. */
const runBeforeSend = new WeakMap<Page, string | null>();

/** Types a message and presses Send; creates a session when none is selected. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text);
  runBeforeSend.set(page, (await chatRun(page)).id);
  await page.getByRole('button', { name: 'Send' }).click();
}

export function assistantMessages(page: Page) {
  return page.getByRole('article', { name: 'Assistant message' });
}

/**
 * The run is over. After sendMessage: a run newer than the one shown before Send has started and ended in
 * this tab (Stop is disabled before a run starts too, so that alone would return early). Otherwise: no run
 * is going on in the shown session. Then Stop is disabled.
 */
export async function waitForIdle(page: Page): Promise<void> {
  const timeout = 20_000;
  if (runBeforeSend.has(page)) {
    const before = runBeforeSend.get(page) ?? null;
    await expect
      .poll(async () => {
        const run = await chatRun(page);
        return run.id !== null && run.id !== before ? run.state : 'not started';
      }, { timeout, message: 'a run started by the last Send ended' })
      .toBe('ended');
    runBeforeSend.delete(page);
  } else {
    await expect.poll(async () => (await chatRun(page)).state, { timeout, message: 'no run in progress' }).not.toBe('running');
  }
  await expect(page.getByRole('button', { name: 'Stop' })).toBeDisabled({ timeout });
}

export async function newSession(page: Page): Promise<void> {
  const current = page.locator('nav[aria-label="Sessions"] li[data-current="true"]');
  const before = (await current.count()) > 0 ? await current.getAttribute('data-session-id') : null;
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(current).toHaveCount(1);
  if (before) await expect(current).not.toHaveAttribute('data-session-id', before);
  await expect(page.getByText('No messages yet. Say hello.')).toBeVisible();
}

export function sessionItems(page: Page) {
  return page.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem');
}

export type HttpToolSeed = {
  name: string;
  description?: string;
  urlTemplate: string;
  parameters: Record<string, unknown>;
  needsApproval?: boolean;
  timeoutMs?: number;
};

/** Stores HTTP tool definitions with the page's IndexedDB (the app reads enabled tools when a run starts). */
export async function seedHttpTools(page: Page, tools: HttpToolSeed[]): Promise<void> {
  const now = Date.now();
  const defs = tools.map((t, i) => ({
    id: `tool-${t.name}`,
    name: t.name,
    description: t.description ?? `Test tool ${t.name}`,
    parameters: t.parameters,
    kind: 'http',
    code: null,
    http: { method: 'GET', urlTemplate: t.urlTemplate, headers: [], bodyTemplate: null, responseType: 'json' },
    builtinId: null,
    allowedOrigins: [],
    timeoutMs: t.timeoutMs ?? null,
    needsApproval: t.needsApproval ?? false,
    enabled: true,
    createdAt: now + i,
    updatedAt: now + i,
  }));
  await page.evaluate(async (rows) => {
    const open = () => new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('toolscope');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    let idb = await open();
    for (let i = 0; i < 50 && !idb.objectStoreNames.contains('tools'); i++) {
      idb.close();
      await new Promise((r) => setTimeout(r, 100));
      idb = await open();
    }
    const tx = idb.transaction('tools', 'readwrite');
    for (const r of rows) tx.objectStore('tools').put(r);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();
  }, defs);
}

export const cityParams = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};

export function toolCard(page: Page, callId: string) {
  return page.locator(`.tool-card[data-call-id="${callId}"]`);
}

type SentMessage = { role?: string; content?: unknown; tool_call_id?: string };

/** The conversation a request carried, without the system prompt layers the app puts first. */
export function conversation(req: { body: { messages?: SentMessage[] } } | undefined): SentMessage[] {
  return (req?.body.messages ?? []).filter((m) => m.role !== 'system');
}

export function roles(req: { body: { messages?: SentMessage[] } } | undefined): (string | undefined)[] {
  return conversation(req).map((m) => m.role);
}
