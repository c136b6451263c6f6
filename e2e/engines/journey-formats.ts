/**
 * The engines journey's step per native wire format (docs/wire-formats.md): a person with only an Anthropic key, then
 * only a Gemini key, picks the preset, pastes the key, sets a thinking budget and runs a tool loop. The mock server
 * streams signed thinking and a tool call, and refuses the next request if the signed thinking (Anthropic) or the
 * thought signature (Gemini) did not come back as it was sent; the journey then checks what that request carried.
 */
import type { MockServer } from '../server/mock-server';
import type { ChatRequest } from '../server/types';
import { findExpression } from './in-page';
import { assert, click, clickCss, fill, find, pageText, sendAndFinish, type StepLog, waitFor } from './journey';
import type { PageDriver } from './page-driver';

const REASONING = 'Six times seven is easiest to check in the sandbox.';
const BUDGET = '2048';

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

type NativeFormat = {
  preset: 'Anthropic' | 'Google Gemini';
  /** What select "API" shows once the preset is picked. */
  api: string;
  key: string;
  keyHeader: 'x-api-key' | 'x-goog-api-key';
  model: string;
  baseURL: (mock: MockServer) => string;
  path: string;
  /** Why the request answering the tool call lacks the signed thinking, the tool's result or the budget; null if not. */
  checkSecond(body: Json, callId: string): string | null;
};

/** Anthropic: the assistant turn goes back starting with the thinking block as streamed, then the tool's result. */
function checkAnthropic(body: Json, callId: string): string | null {
  const messages = list(body.messages).filter(isJson);
  const turn = messages.find((m) => m.role === 'assistant');
  const thinking = list(turn?.content)[0];
  if (!isJson(thinking) || thinking.type !== 'thinking' || thinking.thinking !== REASONING)
    return `the assistant turn did not start with the thinking as streamed: ${JSON.stringify(turn)}`;
  if (typeof thinking.signature !== 'string' || !thinking.signature.startsWith('mocksig_'))
    return `the thinking block lost the signature the mock minted: ${JSON.stringify(thinking)}`;
  const result = list(messages.at(-1)?.content).find((b) => isJson(b) && b.type === 'tool_result');
  if (!isJson(result) || result.tool_use_id !== callId || !JSON.stringify(result.content).includes('42'))
    return `the tool's result did not follow: ${JSON.stringify(messages.at(-1))}`;
  return body.thinking && isJson(body.thinking) && body.thinking.budget_tokens === Number(BUDGET)
    ? null
    : `the thinking budget was not sent: ${JSON.stringify(body.thinking)}`;
}

/** Gemini: the function call goes back with the thoughtSignature the mock put on it, then the function's response. */
function checkGemini(body: Json): string | null {
  const contents = list(body.contents).filter(isJson);
  const parts = list(contents.find((c) => c.role === 'model')?.parts).filter(isJson);
  const call = parts.find((p) => isJson(p.functionCall));
  if (!call || typeof call.thoughtSignature !== 'string' || !call.thoughtSignature.startsWith('mocksig_'))
    return `the function call lost the thought signature the mock minted: ${JSON.stringify(parts)}`;
  const response = list(contents.at(-1)?.parts)
    .filter(isJson)
    .map((p) => p.functionResponse)
    .find(isJson);
  if (!response || response.name !== 'js_eval' || !JSON.stringify(response.response).includes('42'))
    return `the function's response did not follow: ${JSON.stringify(contents.at(-1))}`;
  const config = isJson(body.generationConfig) ? body.generationConfig.thinkingConfig : undefined;
  return isJson(config) && config.thinkingBudget === Number(BUDGET)
    ? null
    : `the thinking budget was not sent: ${JSON.stringify(body.generationConfig)}`;
}

const FORMATS: NativeFormat[] = [
  {
    preset: 'Anthropic',
    api: 'Anthropic Messages',
    key: 'sk-ant-engines-0123456789',
    keyHeader: 'x-api-key',
    model: 'claude-engines-mock',
    baseURL: (mock) => mock.url,
    path: '/v1/messages',
    checkSecond: checkAnthropic,
  },
  {
    preset: 'Google Gemini',
    api: 'Gemini',
    key: 'AIza-engines-0123456789',
    keyHeader: 'x-goog-api-key',
    // A gemini-3 model: the mock refuses its function call sent back without the thought signature.
    model: 'gemini-3-engines-mock',
    baseURL: (mock) => mock.origin,
    path: '/v1beta/models/gemini-3-engines-mock:streamGenerateContent',
    checkSecond: checkGemini,
  },
];

const selectedText = (page: PageDriver, css: string) =>
  page.evaluate<string>(
    `(function (s) { return s && s.selectedIndex >= 0 ? s.options[s.selectedIndex].text : ''; })` +
      `(document.querySelector(${JSON.stringify(css)}))`,
  );

/** A new session on the format's preset, key, model and thinking budget, as a person sets it up. */
async function useFormat(page: PageDriver, mock: MockServer, f: NativeFormat): Promise<void> {
  await click(page, 'button', 'New session');
  await waitFor('the new empty session', async () =>
    (await pageText(page, 'section.chat')).includes('No messages yet'),
  );
  await click(page, 'button', 'Settings');
  const dialog = await find(page, 'dialog', 'Settings');
  await page.selectOption(await find(page, 'combobox', 'Provider preset', dialog), f.preset);
  const api = await find(page, 'combobox', 'API', dialog);
  await waitFor(`API "${f.api}"`, async () => (await selectedText(page, api)) === f.api);
  await fill(page, 'Base URL', f.baseURL(mock), dialog);
  await fill(page, 'API key', f.key, dialog);
  await fill(page, 'Model', f.model, dialog);
  await page.typeInto(await find(page, 'spinbutton', 'Thinking budget (tokens)', dialog), BUDGET);
  // Typing the URL over the preset's keeps the format the preset chose.
  assert((await selectedText(page, api)) === f.api, `the API stayed ${f.api}`);
  await click(page, 'button', 'Save', dialog);
  await waitFor(
    'Settings to close',
    async () => (await page.evaluate<string | null>(findExpression('dialog', 'Settings'))) === null,
  );
}

/** One tool loop with thinking on in the format: the reasoning shown, the sandbox's answer back, the answer shown. */
async function toolLoop(page: PageDriver, mock: MockServer, f: NativeFormat): Promise<void> {
  const callId = `call_${f.api.split(' ')[0]?.toLowerCase()}`;
  const answer = `${f.preset} says 42.`;
  const from = mock.requests.length;
  mock.script([
    {
      kind: 'tool_calls',
      reasoning: REASONING,
      calls: [{ id: callId, name: 'js_eval', arguments: { expression: '6 * 7' } }],
    },
    { kind: 'text', content: answer },
  ]);
  await sendAndFinish(page, 'Compute 6 * 7, thinking first');
  await waitFor(`the answer "${answer}"`, async () =>
    (await pageText(page, 'article[aria-label="Assistant message"]')).includes(answer),
  ).catch(async (err: unknown) => {
    // A refused request ends the run with the provider's words on the page: they say which rule was broken.
    const seen = (await pageText(page, 'section.chat')).replace(/\s+/g, ' ').slice(-400);
    throw new Error(`${err instanceof Error ? err.message : String(err)}; the chat ends: ${seen}`, { cause: err });
  });
  const summary = 'article[aria-label="Assistant message"] details.reasoning summary';
  await clickCss(page, summary);
  await waitFor('the reasoning, opened', async () =>
    (await pageText(page, 'article[aria-label="Assistant message"] details.reasoning[open]')).includes(REASONING),
  );
  const sent: ChatRequest[] = mock.requests.slice(from);
  assert(
    sent.length === 2 && sent.every((r) => r.path === f.path),
    `two ${f.preset} requests (got ${sent.map((r) => r.path).join(', ')})`,
  );
  for (const r of sent)
    assert(
      r.headers[f.keyHeader] === f.key && r.headers.authorization === undefined,
      `the ${f.preset} key went in ${f.keyHeader} alone`,
    );
  const problem = f.checkSecond(sent[1]?.body as Json, callId);
  assert(problem === null, `${f.preset}: ${problem}`);
}

/** Each native format after the smoke journey, in a session of its own. */
export async function nativeFormatsJourney(page: PageDriver, mock: MockServer, log: StepLog): Promise<void> {
  for (const f of FORMATS) {
    log(`${f.preset}: preset, key, thinking budget, a tool loop`);
    await useFormat(page, mock, f);
    await toolLoop(page, mock, f);
  }
}
