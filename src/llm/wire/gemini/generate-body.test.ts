import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../agent/model-client';
import type { ToolSpec } from '../../../agent/tool-executor';
import type { AssistantMessage, ChatMessage, ToolMessage, UserMessage } from '../../../domain/messages';
import { createGeminiAccumulator, type GeminiTurn } from './gemini-accumulator';
import type { GeminiPart, GeminiStreamChunk } from './gemini-stream-types';
import { buildGeminiBody, geminiPrefixHash, SKIP_SIGNATURE, type GeminiBody } from './generate-body';
import type { LeftOutNote } from '../../../domain/left-out-note';

const FIXTURES = join(__dirname, '__fixtures__');
const GOLDEN = join(FIXTURES, 'requests');
const MODEL = 'gemini-3-pro-preview';

/** A recorded stream (vercel/ai, see __fixtures__/README.md) folded by the project's own reducer. */
function recordedTurn(file: string): GeminiTurn {
  const acc = createGeminiAccumulator();
  for (const line of readFileSync(join(FIXTURES, file), 'utf8').split('\n'))
    if (line.trim() !== '') acc.push(JSON.parse(line) as GeminiStreamChunk);
  return acc.result();
}

const user = (id: string, content: string): UserMessage => ({ id, role: 'user', content, createdAt: 0 });

function assistant(id: string, turn: GeminiTurn, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    id,
    role: 'assistant',
    content: turn.text,
    reasoning: turn.reasoning,
    refusal: null,
    toolCalls: turn.toolCalls.map((c) => ({ ...c })),
    status: 'complete',
    runId: 'r1',
    turn: 1,
    createdAt: 0,
    wireParts: { format: 'gemini', model: MODEL, parts: turn.parts },
    ...extra,
  };
}

function result(callId: string, name: string, content: string, isError = false): ToolMessage {
  return {
    id: `t-${callId}`,
    role: 'tool',
    toolCallId: callId,
    name,
    content,
    isError,
    outcome: isError ? 'error' : 'ok',
    runId: 'r1',
    turn: 1,
    createdAt: 0,
  };
}

const TOOLS: ToolSpec[] = [
  {
    name: 'weather',
    description: 'Weather for a place',
    parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
  },
  { name: 'read_theme', description: 'The theme', parameters: { type: 'object', properties: {} } },
];

/** Compares with the stored golden body (UPDATE_EXPECTED=1 writes it). */
function golden(name: string, built: { body: GeminiBody; leftOut: LeftOutNote[] }): void {
  const path = join(GOLDEN, `${name}.json`);
  const text = `${JSON.stringify(built, null, 2)}\n`;
  if (process.env.UPDATE_EXPECTED === '1') writeFileSync(path, text);
  expect(existsSync(path), path).toBe(true);
  expect(text).toBe(readFileSync(path, 'utf8'));
}

const modelContents = (body: GeminiBody) => body.contents.filter((c) => c.role === 'model');

/** A two-step tool loop on recorded replies: one signed call, then a signed call followed by three parallel calls. */
function toolLoop(): { messages: ChatMessage[]; first: GeminiTurn; second: GeminiTurn } {
  const first = recordedTurn('google-tool-call-gemini3.chunks.txt');
  const second = recordedTurn('google-stream-no-args-tool-call.chunks.txt');
  const [weather] = first.toolCalls;
  if (!weather) throw new Error('fixture has a call');
  const messages: ChatMessage[] = [
    user('u1', 'Weather in San Francisco, then read the theme and screens A, B and C.'),
    assistant('a1', first),
    result(weather.id, 'weather', '{"temperature":18,"unit":"C"}'),
    assistant('a2', second),
    ...second.toolCalls.map((c, i) =>
      i === 3 ? result(c.id, c.name, 'screen C is locked', true) : result(c.id, c.name, i === 0 ? 'dark' : '[1,2]'),
    ),
  ];
  return { messages, first, second };
}

describe('buildGeminiBody', () => {
  it('echoes every part of a tool loop as it came, each thoughtSignature on its own part', () => {
    const { messages, first, second } = toolLoop();
    const conversation: Conversation = { messages, systemPrompt: 'Be brief.', tools: TOOLS };
    const built = buildGeminiBody(conversation, { model: MODEL, thinkingBudget: 1024, maxOutputTokens: 4096 });
    golden('tool-loop-signed', built);
    expect(built.leftOut).toEqual([]);
    const [m1, m2] = modelContents(built.body);
    expect(m1?.parts).toEqual(first.parts);
    expect(m2?.parts).toEqual(second.parts);
    // Each signature sits on the very part (same kind, same position) it came on.
    for (const [sent, came] of [
      [m1, first],
      [m2, second],
    ] as const) {
      came.parts.forEach((p, i) => {
        if (p.thoughtSignature !== undefined) expect(sent?.parts[i]).toEqual(p);
      });
    }
    expect(first.parts.some((p) => p.functionCall && typeof p.thoughtSignature === 'string')).toBe(true);
    expect(built.body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }] });
    expect(built.body.generationConfig).toEqual({
      maxOutputTokens: 4096,
      thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
    });
  });

  it('answers parallel calls with their functionResponses in one user turn, results wrapped and errors marked', () => {
    const { messages } = toolLoop();
    const { body } = buildGeminiBody({ messages, tools: [] }, { model: MODEL });
    expect(body.contents.map((c) => c.role)).toEqual(['user', 'model', 'user', 'model', 'user']);
    expect(body.contents[2]?.parts).toEqual([
      { functionResponse: { name: 'weather', response: { temperature: 18, unit: 'C' } } },
    ]);
    expect(body.contents[4]?.parts).toEqual([
      { functionResponse: { name: 'read_theme', response: { output: 'dark' } } },
      { functionResponse: { name: 'read_screen', response: { output: [1, 2] } } },
      { functionResponse: { name: 'read_screen', response: { output: [1, 2] } } },
      { functionResponse: { name: 'read_screen', response: { error: 'screen C is locked' } } },
    ]);
    expect(body.tools).toBeUndefined();
    expect(body.generationConfig).toBeUndefined();
  });

  it('echoes a call id Gemini gave on its functionResponse', () => {
    const parts: GeminiPart[] = [
      { functionCall: { id: 'fc-9', name: 'weather', args: { location: 'Oslo' } }, thoughtSignature: 'c2ln' },
    ];
    const a: AssistantMessage = {
      ...assistant('a1', recordedTurn('google-tool-call.chunks.txt')),
      content: '',
      toolCalls: [{ id: 'fc-9', name: 'weather', arguments: '{"location":"Oslo"}' }],
      wireParts: { format: 'gemini', model: MODEL, parts },
    };
    const { body } = buildGeminiBody(
      { messages: [user('u1', 'Oslo?'), a, result('fc-9', 'weather', 'rain')], tools: [] },
      { model: MODEL },
    );
    expect(body.contents[1]?.parts).toEqual(parts);
    expect(body.contents[2]?.parts).toEqual([
      { functionResponse: { id: 'fc-9', name: 'weather', response: { output: 'rain' } } },
    ]);
  });

  it('leaves the signatures out when something before the reply changed, says so, and signs the current call with the stand-in', () => {
    const { messages } = toolLoop();
    // What the first reply answered, as the recorder would have hashed it when the request went out.
    const sent = buildGeminiBody(
      { messages: messages.slice(0, 1), systemPrompt: 'Be brief.', tools: [] },
      { model: MODEL },
    );
    const a1 = messages[1] as AssistantMessage;
    const a2 = messages[3] as AssistantMessage;
    // `prefixHash` is the field this proposes for the stored parts (not yet in the domain type).
    const hashed = (m: AssistantMessage): AssistantMessage => {
      const wireParts = { ...(m.wireParts as NonNullable<AssistantMessage['wireParts']>) };
      Object.assign(wireParts, { prefixHash: geminiPrefixHash(sent.body) });
      return { ...m, wireParts };
    };
    const unchanged = [messages[0] as ChatMessage, hashed(a1), ...messages.slice(2)];
    const same = buildGeminiBody({ messages: unchanged, systemPrompt: 'Be brief.', tools: [] }, { model: MODEL });
    expect(modelContents(same.body)[0]?.parts).toEqual(a1.wireParts?.parts);

    const edited = [user('u1', 'Weather in Oslo instead.'), ...unchanged.slice(1)];
    const built = buildGeminiBody({ messages: edited, systemPrompt: 'Be brief.', tools: TOOLS }, { model: MODEL });
    golden('changed-prefix', built);
    const [m1] = modelContents(built.body);
    expect(m1?.parts).toEqual([
      { functionCall: { name: 'weather', args: { location: 'San Francisco' } }, thoughtSignature: SKIP_SIGNATURE },
    ]);
    expect(built.leftOut).toContainEqual({
      messageId: 'a1',
      what: 'thought_signature',
      why: expect.stringMatching(/before this reply changed/) as unknown as string,
    });
    expect(built.leftOut.some((n) => n.messageId === 'a1' && n.why.includes(SKIP_SIGNATURE))).toBe(true);
    // a2 has no recorded hash: once a reply before it was rebuilt, its own signatures go too.
    expect(a2.wireParts).toBeDefined();
    expect(JSON.stringify(modelContents(built.body)[1])).not.toContain('AY89a18a8');
  });

  it('without a recorded hash, a message before the reply that is newer than it counts as a change', () => {
    const { messages } = toolLoop();
    const a1 = { ...(messages[1] as AssistantMessage), createdAt: 10 };
    const kept = buildGeminiBody({ messages: [user('u1', 'Weather?'), a1], tools: [] }, { model: MODEL });
    expect(kept.body.contents[1]?.parts).toEqual(a1.wireParts?.parts);
    const forked = { ...user('u1b', 'Weather, edited'), createdAt: 20 };
    const built = buildGeminiBody({ messages: [forked, a1], tools: [] }, { model: MODEL });
    expect(JSON.stringify(built.body)).not.toContain(String(a1.wireParts?.parts[0]?.thoughtSignature));
    expect(built.leftOut[0]?.why).toMatch(/before this reply changed/);
  });

  it('rebuilds a reply whose calls were edited, and turns before the current one get no stand-in', () => {
    const { messages } = toolLoop();
    const a1 = messages[1] as AssistantMessage;
    const edited: AssistantMessage = {
      ...a1,
      toolCalls: [{ ...(a1.toolCalls[0] as AssistantMessage['toolCalls'][number]), arguments: '{"location":"Paris"}' }],
    };
    const history = [messages[0] as ChatMessage, edited, messages[2] as ChatMessage, user('u2', 'And now?')];
    const { body, leftOut } = buildGeminiBody({ messages: history, tools: [] }, { model: MODEL });
    expect(body.contents[1]?.parts).toEqual([{ functionCall: { name: 'weather', args: { location: 'Paris' } } }]);
    expect(leftOut).toEqual([
      {
        messageId: 'a1',
        what: 'thought_signature',
        why: 'The reply was changed after the model wrote it; sent without its signatures.',
      },
    ]);
    // The tool result and the next question are one user turn.
    expect(body.contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    expect(body.contents[2]?.parts.at(-1)).toEqual({ text: 'And now?' });
  });

  it('rebuilds parallel calls from another API with the stand-in on the first call only', () => {
    const fromChat: AssistantMessage = {
      id: 'a1',
      role: 'assistant',
      content: 'Checking both.',
      reasoning: 'hidden',
      refusal: null,
      toolCalls: [
        { id: 'call_a', name: 'weather', arguments: '{"location":"Rome"}' },
        { id: 'call_b', name: 'weather', arguments: 'not json' },
      ],
      status: 'complete',
      runId: 'r1',
      turn: 1,
      createdAt: 0,
      providerItems: [{ kind: 'reasoning', id: 'rs_1', summary: [], encryptedContent: 'enc' }],
    };
    const history = [
      user('u1', 'Rome and ?'),
      fromChat,
      result('call_a', 'weather', 'sun'),
      result('call_b', 'weather', 'bad', true),
    ];
    const built = buildGeminiBody({ messages: history, tools: [] }, { model: MODEL, temperature: 0.2, topP: 0.9 });
    golden('parallel-from-chat', built);
    expect(built.body.contents[1]?.parts).toEqual([
      { text: 'Checking both.' },
      { functionCall: { name: 'weather', args: { location: 'Rome' } }, thoughtSignature: SKIP_SIGNATURE },
      { functionCall: { name: 'weather', args: { arguments: 'not json' } } },
    ]);
    expect(built.leftOut.map((n) => n.what)).toEqual(['reasoning', 'arguments', 'thought_signature']);
    expect(built.body.generationConfig).toEqual({ temperature: 0.2, topP: 0.9 });

    // Gemini 2.5 checks no signatures: no stand-in.
    const old = buildGeminiBody({ messages: history, tools: [] }, { model: 'gemini-2.5-flash' });
    expect(JSON.stringify(old.body)).not.toContain(SKIP_SIGNATURE);
  });

  it('sends parts signed by another model without their signatures', () => {
    const { messages } = toolLoop();
    const built = buildGeminiBody({ messages: messages.slice(0, 3), tools: [] }, { model: 'gemini-2.5-pro' });
    expect(built.body.contents[1]?.parts).toEqual([
      { functionCall: { name: 'weather', args: { location: 'San Francisco' } } },
    ]);
    expect(built.leftOut).toEqual([
      {
        messageId: 'a1',
        what: 'thought_signature',
        why: `Signed by ${MODEL}, which gemini-2.5-pro does not accept; sent without signatures.`,
      },
    ]);
  });

  it('cuts tool schemas to what Gemini takes and names what it dropped', () => {
    const tools: ToolSpec[] = [
      {
        name: 'search',
        description: 'Search',
        parameters: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          additionalProperties: false,
          properties: {
            query: { type: 'string', minLength: 1, format: 'uri' },
            limit: { type: ['integer', 'null'], default: 10, exclusiveMinimum: 0 },
            mode: { const: 'fast' },
            sort: {
              oneOf: [
                { type: 'string', enum: ['asc', 'desc'] },
                { type: 'number', enum: [1, -1] },
              ],
            },
            at: { type: 'string', format: 'date-time' },
            filter: { $ref: '#/$defs/filter' },
            tree: { $ref: '#/$defs/node' },
            elsewhere: { $ref: 'https://example.com/schema.json' },
            pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
            tags: { type: 'array', items: { type: 'string', additionalProperties: true } },
          },
          required: ['query', 'missing'],
          $defs: {
            filter: { type: 'object', properties: { field: { type: 'string' } } },
            node: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/node' } } },
          },
        },
      },
      {
        name: 'now',
        description: 'The time',
        parameters: { type: 'object', properties: {}, additionalProperties: false },
      },
    ];
    const built = buildGeminiBody({ messages: [user('u1', 'hi')], tools }, { model: MODEL });
    golden('schema-stripped', built);
    const [search, now] = built.body.tools?.[0].functionDeclarations ?? [];
    expect(now).toEqual({ name: 'now', description: 'The time' });
    const text = JSON.stringify(search);
    for (const refused of [
      '$schema',
      'additionalProperties',
      '$ref',
      '$defs',
      'oneOf',
      'const',
      'exclusiveMinimum',
      '"uri"',
    ])
      expect(text).not.toContain(refused);
    expect(search?.parameters).toMatchObject({
      type: 'object',
      required: ['query'],
      properties: {
        limit: { type: 'integer', nullable: true, default: 10 },
        mode: { enum: ['fast'] },
        at: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
        filter: { type: 'object', properties: { field: { type: 'string' } } },
        pair: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
        elsewhere: {},
      },
    });
    // A recursive type is written out a few levels deep, then cut.
    const tree = JSON.stringify((search?.parameters?.properties as Record<string, unknown>).tree);
    expect(tree.split('"child"').length - 1).toBe(4);
    expect(built.leftOut).toHaveLength(2);
    expect(built.leftOut[0]?.why).toContain('$schema at /');
    expect(built.leftOut[0]?.why).toContain('additionalProperties at /properties/tags/items');
    expect(built.leftOut[0]?.why).toContain('$ref at /properties/elsewhere,');
    expect(built.leftOut[0]?.why).toContain(
      '$ref at /properties/tree/properties/child/properties/child/properties/child/properties/child',
    );
  });

  it('turns a budget of 0 into thinking off, and sends no generationConfig when nothing was set', () => {
    const messages = [user('u1', 'hi')];
    expect(buildGeminiBody({ messages, tools: [] }, { model: MODEL, thinkingBudget: 0 }).body.generationConfig).toEqual(
      {
        thinkingConfig: { thinkingBudget: 0 },
      },
    );
    expect(buildGeminiBody({ messages, tools: [] }, { model: MODEL }).body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });
  });
});

describe('geminiPrefixHash', () => {
  it('does not count the stand-in signature, which leaves the history when the person writes again', () => {
    const call = { functionCall: { name: 'f', args: {} } };
    const signed: GeminiBody = {
      contents: [{ role: 'model', parts: [{ ...call, thoughtSignature: SKIP_SIGNATURE }] }],
    };
    const plain: GeminiBody = { contents: [{ role: 'model', parts: [call] }] };
    expect(geminiPrefixHash(signed)).toBe(geminiPrefixHash(plain));
    const real: GeminiBody = { contents: [{ role: 'model', parts: [{ ...call, thoughtSignature: 'CiQB' }] }] };
    expect(geminiPrefixHash(real)).not.toBe(geminiPrefixHash(plain));
  });
});
