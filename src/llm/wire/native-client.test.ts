import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation, NativeModelClient, SentBody } from '../../agent/model-client';
import type { AssistantMessage, ChatMessage } from '../../domain/messages';
import type { WireSettings } from '../api-format';
import { createAnthropicClient } from './anthropic/anthropic-client';
import { anthropicPrefixHash, type AnthropicMessagesBody } from './anthropic/messages-body';
import { createGeminiClient } from './gemini/gemini-client';
import { geminiPrefixHash, type GeminiBody } from './gemini/generate-body';

/** A recorded stream (one JSON event per line) served as the SSE body of every request; the bodies sent are kept. */
function serving(fixture: string): { fetch: typeof fetch; bodies: unknown[] } {
  const lines = readFileSync(join(import.meta.dirname, fixture), 'utf8').split('\n');
  const sse = lines
    .filter((l) => l.trim() !== '')
    .map((l) => `data: ${l}\n\n`)
    .join('');
  const bodies: unknown[] = [];
  const fake: typeof fetch = (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return Promise.resolve(new Response(sse, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
  };
  return { fetch: fake, bodies };
}

let clock = 0;
const user = (content: string): ChatMessage => ({ id: `u${++clock}`, createdAt: clock, role: 'user', content });

/**
 * One request as the loop makes it: what the client says it sent, and the reply stored as the loop stores it (the
 * reducer's turn, `wireParts` with the hash the client gave, agent/stream-attempt.ts).
 */
async function ask(
  client: NativeModelClient,
  model: string,
  conversation: Conversation,
): Promise<{ sent: SentBody; reply: AssistantMessage }> {
  const said: SentBody[] = [];
  const acc = await client.reducer(model);
  const options = { signal: new AbortController().signal, conversation, onSent: (s: SentBody) => said.push(s) };
  for await (const event of client.stream({ model, messages: [], stream: true }, options)) acc.push(event);
  const turn = acc.result();
  const sent = said[0];
  if (!sent || said.length !== 1 || !turn.wireParts) throw new Error('expected one body told and a reply with parts');
  const reply: AssistantMessage = {
    id: `a${++clock}`,
    createdAt: clock,
    role: 'assistant',
    content: turn.text,
    reasoning: turn.reasoning,
    refusal: null,
    toolCalls: turn.toolCalls,
    status: 'complete',
    runId: 'r1',
    turn: 1,
    wireParts: { ...turn.wireParts, ...(sent.prefixHash !== undefined ? { prefixHash: sent.prefixHash } : {}) },
  };
  return { sent, reply };
}

const NO_TOOLS = { providerTools: [], providerStorage: false } as const;

const formats = [
  {
    name: 'Anthropic Messages',
    model: 'claude-sonnet-4-5',
    fixture: 'anthropic/__fixtures__/anthropic-clear-thinking.1.chunks.txt',
    client: (served: typeof fetch, wire: WireSettings) =>
      createAnthropicClient({ apiKey: 'k', baseURL: 'https://api.anthropic.test', fetch: served, wire }),
    hashOf: (body: unknown) => anthropicPrefixHash(body as AnthropicMessagesBody),
    replySent: (body: unknown) => (body as AnthropicMessagesBody).messages[1]?.content,
    note: 'signed_thinking',
    why: 'Its thinking was left out: the conversation before it changed after it was written.',
    wire: (cachePrompt: boolean): WireSettings => ({
      ...NO_TOOLS,
      format: 'anthropic',
      thinkingBudget: 2048,
      cachePrompt,
    }),
    cacheChoices: [false, true],
  },
  {
    name: 'Gemini',
    model: 'gemini-3-pro-preview',
    fixture: 'gemini/__fixtures__/google-reasoning-gemini3.chunks.txt',
    client: (served: typeof fetch, wire: WireSettings) =>
      createGeminiClient({ apiKey: 'k', baseURL: 'https://gemini.test', fetch: served, wire }),
    hashOf: (body: unknown) => geminiPrefixHash(body as GeminiBody),
    replySent: (body: unknown) => (body as GeminiBody).contents[1]?.parts,
    note: 'thought_signature',
    why: 'Something before this reply changed since the model signed it; sent without its signatures.',
    wire: (): WireSettings => ({ ...NO_TOOLS, format: 'gemini', thinkingBudget: 2048 }),
    // Gemini has no prompt caching to ask for.
    cacheChoices: [false],
  },
];

describe.each(formats)('the $name client', (f) => {
  it.each(f.cacheChoices)(
    'tells the loop the hash of the body it sent, which sends the reply back unchanged until what came before it changes (cache the prompt: %s)',
    async (cachePrompt) => {
      const served = serving(f.fixture);
      const client = f.client(served.fetch, f.wire(cachePrompt));
      // A summary besides the system prompt: two system texts, which Anthropic sends joined or as blocks.
      const summary: ChatMessage = { id: 's1', createdAt: ++clock, role: 'system', content: 'Earlier: hello.' };
      const first = await ask(client, f.model, {
        systemPrompt: 'Be brief.',
        messages: [summary, user('q')],
        tools: [],
      });
      expect(first.sent.leftOut).toEqual([]);
      expect(first.sent.prefixHash).toBe(f.hashOf(served.bodies[0]));
      expect(first.reply.wireParts?.parts.length).toBeGreaterThan(0);

      const history = [summary, user('q'), first.reply, user('and then?')];
      const again = await ask(client, f.model, { systemPrompt: 'Be brief.', messages: history, tools: [] });
      expect(again.sent.leftOut).toEqual([]);
      expect(f.replySent(served.bodies[1])).toEqual(first.reply.wireParts?.parts);

      // The system prompt changed since the reply was signed: only the recorded hash can tell.
      const changed = await ask(client, f.model, { systemPrompt: 'Be verbose.', messages: history, tools: [] });
      expect(changed.sent.leftOut).toContainEqual({ messageId: first.reply.id, what: f.note, why: f.why });
      expect(f.replySent(served.bodies[2])).not.toEqual(first.reply.wireParts?.parts);
    },
  );
});

describe.each(formats)('the $name client at a pause', (f) => {
  it('shows the body it would send, and sends an edited body as it is, telling the hash of what it sent', async () => {
    const served = serving(f.fixture);
    const client = f.client(served.fetch, f.wire(false));
    const conversation = { systemPrompt: 'Be brief.', messages: [user('the question as typed')], tools: [] };
    const request = { model: f.model, messages: [], stream: true as const };
    const shown = await client.bodyFor?.(request, { conversation });
    if (!shown) throw new Error('the client shows no body');
    const plain = await ask(client, f.model, conversation);
    expect(served.bodies[0]).toEqual(shown.body);
    expect(plain.sent.prefixHash).toBe(shown.prefixHash);

    const edited: unknown = JSON.parse(JSON.stringify(shown.body).replace('as typed', 'as edited'));
    const said: SentBody[] = [];
    const options = {
      signal: new AbortController().signal,
      conversation,
      body: edited,
      onSent: (s: SentBody) => said.push(s),
    };
    for await (const _event of client.stream(request, options));
    expect(served.bodies[1]).toEqual(edited);
    expect(JSON.stringify(served.bodies[1])).toContain('the question as edited');
    expect(said).toEqual([{ leftOut: [], prefixHash: f.hashOf(edited) }]);
    expect(said[0]?.prefixHash).not.toBe(shown.prefixHash);
  });
});
