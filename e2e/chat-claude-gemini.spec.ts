/**
 * A person with only an Anthropic key, or only a Gemini key: the preset picked, the key pasted, a thinking budget set,
 * a tool loop with thinking run against the mock server, which refuses a turn whose signed thinking (Anthropic) or
 * thought signature (Gemini) did not come back unchanged (docs/wire-formats.md). The reasoning, the tool's result and
 * the answer are shown and survive a reload; the exported file keeps the signed parts, and an imported copy sends them
 * back unchanged. With "Cache the prompt" the meta line and the turn's details say what was written to and read from
 * the cache; a mid-stream `event: error` ends the run with the provider's words.
 */
import type { Page } from '@playwright/test';
import { expect, test, type MockServer } from './fixtures';
import { cacheFigures } from './server/anthropic-stream-plan';
import type { ChatRequest } from './server/types';
import { assistantMessages, expandToolCard, sendMessage, waitForIdle } from './support/chat-run';
import { openApp, TEST_KEY } from './support/configured-app';
import { confirmImport, exportVia, importDialog, pickFile } from './support/import-export';
import { currentSessionId } from './support/session-list';

type Obj = Record<string, unknown>;
const REASONING = 'The person wants six times seven. I will evaluate it with js_eval rather than guess.';
const CALL = { name: 'js_eval', arguments: { expression: '6 * 7' } };
const ANSWER = 'Six times seven is 42.';
const n = (x: number) => x.toLocaleString('en-US');

/** Settings as a person fills them: the preset, the endpoint (the mock server), the key, the model, the budget. */
async function chooseProvider(
  page: Page,
  o: { preset: 'Anthropic' | 'Google Gemini'; baseURL: string; model: string; cache?: boolean },
): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider preset' }).selectOption({ label: o.preset });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(o.baseURL);
  // The mock server is no provider's own endpoint (a proxy, as far as the page knows): the preset's API stays.
  const api = o.preset === 'Anthropic' ? 'Anthropic Messages' : 'Gemini';
  await expect(dialog.getByRole('combobox', { name: 'API' }).locator('option:checked')).toHaveText(api);
  await dialog.getByRole('textbox', { name: 'API key' }).fill(TEST_KEY);
  // Kept past the reload the journey goes through.
  await dialog.getByRole('checkbox', { name: 'Remember on this device' }).check();
  await dialog.getByRole('textbox', { name: 'Model' }).fill(o.model);
  await dialog.getByRole('spinbutton', { name: 'Thinking budget (tokens)' }).fill('2048');
  if (o.cache) await dialog.getByRole('checkbox', { name: 'Cache the prompt' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Runs the tool loop and checks what a person sees: the reasoning, the tool's result, the answer. */
async function runToolLoop(page: Page): Promise<void> {
  await sendMessage(page, 'What is 6 times 7? Use a tool.');
  await waitForIdle(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectJourneyShown(page);
}

async function expectJourneyShown(page: Page): Promise<void> {
  const first = assistantMessages(page).first();
  const reasoning = first.locator('details.reasoning');
  await expect(reasoning.locator('summary')).toHaveText('Reasoning');
  await reasoning.locator('summary').click();
  await expect(reasoning).toContainText(REASONING);
  const card = first.locator('.tool-card').filter({ hasText: 'js_eval' });
  await expandToolCard(card);
  await expect(card.getByLabel('Result', { exact: true })).toContainText('42');
  await expect(assistantMessages(page).last()).toContainText(ANSWER);
}

/** Exports the shown session; returns the file and its assistant messages' `wireParts`. */
async function exportSession(page: Page): Promise<{ name: string; text: string; wire: Obj[] }> {
  const file = await exportVia(page, 'This session');
  const parsed = JSON.parse(file.text) as { sessions: { messages: Obj[] }[] };
  const messages = parsed.sessions[0]?.messages ?? [];
  const wire = messages.filter((m) => m.role === 'assistant').map((m) => (m.wireParts ?? null) as Obj);
  return { name: file.name, text: file.text, wire };
}

/** Imports the file again: the session is already here, so it comes in as a copy under new ids, and opens. */
async function importCopy(page: Page, file: { name: string; text: string }): Promise<void> {
  const before = await currentSessionId(page);
  await pickFile(page, file.name, file.text);
  await expect(importDialog(page).getByRole('radio', { name: 'Import as a copy' })).toBeChecked();
  await confirmImport(page, /Imported 1 session/);
  await expect.poll(() => currentSessionId(page)).not.toBe(before);
  await expect(assistantMessages(page).last()).toContainText(ANSWER);
}

const chats = (mock: MockServer, path: RegExp): ChatRequest[] => mock.requests.filter((r) => path.test(r.path));
const body = (r: ChatRequest | undefined): Obj => (r?.body ?? {}) as Obj;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

test('Anthropic: a tool loop with thinking and the prompt cached, kept on reload, exported, imported and continued', async ({
  page,
  mock,
}) => {
  mock.configure({ apiKey: TEST_KEY });
  mock.script([
    { kind: 'tool_calls', reasoning: REASONING, calls: [{ id: 'toolu_mock_eval', ...CALL }] },
    { kind: 'text', content: ANSWER },
  ]);
  await openApp(page);
  await chooseProvider(page, { preset: 'Anthropic', baseURL: mock.url, model: 'claude-mock-a', cache: true });
  await runToolLoop(page);

  const sent = chats(mock, /\/messages$/);
  expect(sent).toHaveLength(2);
  for (const r of sent) {
    expect(r.headers['x-api-key']).toBe(TEST_KEY);
    expect(r.headers['anthropic-version']).toBe('2023-06-01');
    expect(r.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(r.headers.authorization).toBeUndefined();
    const b = body(r);
    expect(b.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    for (const p of ['temperature', 'top_p', 'top_k']) expect(b).not.toHaveProperty(p);
  }
  // The tool-loop turn went back with its signed thinking first, exactly as streamed.
  const turn = list(body(sent[1]).messages)[1];
  const thinking = list(turn?.content)[0];
  expect(thinking).toEqual({ type: 'thinking', thinking: REASONING, signature: expect.stringMatching(/^mocksig_/) });

  // The cache: the first request wrote the prompt, the second read it and wrote what the tool loop added.
  const cached = new Set<string>();
  const [one, two] = sent.map((r) => cacheFigures(body(r), cached));
  expect(one?.written).toBeGreaterThan(0);
  expect(one?.read).toBe(0);
  expect(two?.read).toBeGreaterThan(0);
  if (!one || !two) throw new Error('the requests carried no cache_control');
  const meta = (i: number) => assistantMessages(page).nth(i).locator('.usage');
  const inOne = `${n(one.input + one.written)} in (${n(one.written)} written to cache)`;
  const inTwo = `${n(two.input + two.written + two.read)} in (${n(two.written)} written to cache, ${n(two.read)} read from cache)`;
  await expect(meta(0)).toContainText(`Turn 1: `);
  await expect(meta(0)).toContainText(inOne);
  await expect(meta(1)).toContainText(inTwo);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByRole('region', { name: 'Timeline' }).locator('[data-kind="call"]').first().click();
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText(`Tokens this turn: ${inOne}`);
  await page.getByRole('tab', { name: 'Chat' }).click();

  await page.reload();
  await expectJourneyShown(page);
  await expect(meta(1)).toContainText(inTwo);

  const file = await exportSession(page);
  expect(file.wire[0]).toMatchObject({ format: 'anthropic', model: 'claude-mock-a' });
  expect(list(file.wire[0]?.parts)[0]).toEqual(thinking);

  await importCopy(page, file);
  mock.script([{ kind: 'text', content: 'Still 42.' }]);
  await sendMessage(page, 'And once more?');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Still 42.');
  const again = chats(mock, /\/messages$/)[2];
  const copied = list(body(again).messages);
  expect(copied.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
  expect(list(copied[1]?.content)[0]).toEqual(thinking);
  // The copy renamed the call: the tool_use and its result still pair up.
  const use = list(copied[1]?.content).find((b) => b.type === 'tool_use');
  expect(list(copied[2]?.content)[0]).toMatchObject({ type: 'tool_result', tool_use_id: use?.id });
});

test('Gemini: a tool loop with thinking, its thought signature sent back, kept on reload, exported, imported and continued', async ({
  page,
  mock,
}) => {
  mock.configure({ apiKey: TEST_KEY });
  mock.script([
    { kind: 'tool_calls', reasoning: REASONING, calls: [CALL] },
    { kind: 'text', content: ANSWER },
  ]);
  await openApp(page);
  // Gemini's paths start at the server's root (/v1beta/…); a gemini-3 model must send every call's signature back.
  await chooseProvider(page, {
    preset: 'Google Gemini',
    baseURL: mock.url.replace(/\/v1$/, ''),
    model: 'gemini-3-mock',
  });
  await runToolLoop(page);

  const sent = chats(mock, /:streamGenerateContent$/);
  expect(sent).toHaveLength(2);
  for (const r of sent) {
    expect(r.path).toBe('/v1beta/models/gemini-3-mock:streamGenerateContent');
    expect(r.query.alt).toBe('sse');
    expect(r.query.key).toBeUndefined();
    expect(r.headers['x-goog-api-key']).toBe(TEST_KEY);
    expect(r.headers.authorization).toBeUndefined();
    const config = (body(r).generationConfig ?? {}) as Obj;
    expect(config.thinkingConfig).toMatchObject({ thinkingBudget: 2048 });
    for (const p of ['temperature', 'topP', 'topK']) expect(config).not.toHaveProperty(p);
  }
  const callPart = (contents: Obj[]) =>
    contents.flatMap((c) => list(c.parts)).find((p) => typeof p.functionCall === 'object');
  const signed = callPart(list(body(sent[1]).contents));
  expect(signed).toMatchObject({
    functionCall: { name: 'js_eval', args: { expression: '6 * 7' } },
    thoughtSignature: expect.stringMatching(/^mocksig_/),
  });

  await page.reload();
  await expectJourneyShown(page);

  const file = await exportSession(page);
  expect(file.wire[0]).toMatchObject({ format: 'gemini', model: 'gemini-3-mock' });
  expect(list(file.wire[0]?.parts).find((p) => p.thoughtSignature !== undefined)?.thoughtSignature).toBe(
    signed?.thoughtSignature,
  );

  await importCopy(page, file);
  mock.script([{ kind: 'text', content: 'Still 42.' }]);
  await sendMessage(page, 'And once more?');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Still 42.');
  const again = chats(mock, /:streamGenerateContent$/)[2];
  expect(callPart(list(body(again).contents))?.thoughtSignature).toBe(signed?.thoughtSignature);
});

test('Anthropic: an error event mid-stream ends the run with the provider’s words', async ({ page, mock }) => {
  mock.configure({ apiKey: TEST_KEY });
  const words = 'Output blocked by content filtering policy.';
  mock.script([{ kind: 'stream_error', type: 'invalid_request_error', textBefore: 'Let me see. ', message: words }]);
  await openApp(page);
  await chooseProvider(page, { preset: 'Anthropic', baseURL: mock.url, model: 'claude-mock-a' });
  await sendMessage(page, 'Tell me something.');
  await waitForIdle(page);
  await expect(page.getByRole('alert').filter({ hasText: words })).toBeVisible();
  expect(chats(mock, /\/messages$/)).toHaveLength(1);
});
