import { describe, expect, it } from 'vitest';
import { fanOut, outputRate } from './fan-out';
import { httpError, scriptedModel, textReply } from './testing/scripted-model';
import type { ChatModelClient, Conversation, ModelRequest, NativeModelClient } from './model-client';
import type { LeftOutNote } from '../domain/left-out-note';
import { leftOutOfRebuilt } from './left-out-of-format';
import { ANTHROPIC_PARIS, parisReply } from './testing/signed-reply';

const request: ModelRequest = {
  model: 'original',
  messages: [{ role: 'user', content: 'hi' }],
  stream: true,
  stream_options: { include_usage: true },
  temperature: 0.3,
};
const timeouts = { firstByteTimeoutMs: 60_000, idleTimeoutMs: 60_000 };

/** A client that builds its own body (as Anthropic's and Gemini's do): it says what it left out, then answers. */
function nativeModel(leftOut: LeftOutNote[], text: string): NativeModelClient {
  return {
    wire: 'gemini',
    stream(_request, options) {
      options.onSent?.({ leftOut });
      return (async function* () {
        yield { text };
      })();
    },
    reducer: () =>
      Promise.resolve({
        push: () => [{ kind: 'text', delta: text }],
        result: () => ({ text, reasoning: '', refusal: null, toolCalls: [], finishReason: 'stop', usage: null }),
      }),
  };
}

/** A history whose first reply is Anthropic's, its signed thinking kept verbatim. */
const signedHistory: Conversation = {
  tools: [],
  messages: [
    { id: 'u1', createdAt: 0, role: 'user', content: 'Weather in Paris?' },
    parisReply('a1', { wireParts: ANTHROPIC_PARIS }),
  ],
};

/** A Chat Completions client that says what its body cannot carry, as the real one does (llm/openai-client.ts). */
function sayingChat(chat: ChatModelClient): ChatModelClient {
  return {
    stream: (r, o) => {
      o.onSent?.({ leftOut: leftOutOfRebuilt(o.conversation?.messages ?? [], 'chat') });
      return chat.stream(r, o);
    },
  };
}

describe('fan-out of one recorded request', () => {
  it('sends the same body to each model with only `model` changed, once each, a 4xx included', async () => {
    const a = scriptedModel([textReply(['Hello ', 'there'], { usage: [10, 4] })]);
    const b = scriptedModel([httpError(400, 'Unknown parameter'), textReply(['never'])]);
    const answers = await fanOut({
      request,
      conversation: { messages: [], tools: [] },
      targets: [
        { model: 'm-a', client: a },
        { model: 'm-b', client: b },
      ],
      signal: new AbortController().signal,
      timeouts,
    });
    expect(a.requests).toEqual([{ ...request, model: 'm-a' }]);
    expect(b.requests).toEqual([{ ...request, model: 'm-b' }]);
    expect(answers[0]).toMatchObject({
      model: 'm-a',
      outcome: 'done',
      text: 'Hello there',
      usage: { completionTokens: 4 },
    });
    expect(answers[1]).toMatchObject({ model: 'm-b', outcome: 'failed' });
    expect(answers[1]?.error).toContain('Unknown parameter');
  });

  it('hands each answer over as soon as it is in, before the slower ones end (so each is stored at once)', async () => {
    const stop = new AbortController();
    const fast = scriptedModel([textReply(['Quick.'])]);
    const slow = scriptedModel([{ ...textReply(['Slow ']), then: 'hang' }]);
    const seen: [number, string][] = [];
    const answers = await fanOut({
      request,
      conversation: { messages: [], tools: [] },
      targets: [
        { model: 'slow', client: slow },
        { model: 'fast', client: fast },
      ],
      signal: stop.signal,
      timeouts,
      onAnswer: (i, a) => {
        seen.push([i, a.outcome]);
        // The slow model is still streaming when the fast one's answer arrives; Stop ends it.
        if (i === 1) stop.abort();
      },
    });
    expect(seen).toEqual([
      [1, 'done'],
      [0, 'cancelled'],
    ]);
    expect(answers.map((a) => a.outcome)).toEqual(['cancelled', 'done']);
  });

  it('Stop aborts every request still streaming and keeps what each had sent', async () => {
    const stop = new AbortController();
    const hanging = () => scriptedModel([{ ...textReply(['part ']), then: 'hang' }]);
    const clients = [hanging(), hanging(), hanging()];
    const seen = new Set<number>();
    const done = fanOut({
      request,
      conversation: { messages: [], tools: [] },
      targets: clients.map((client, i) => ({ model: `m${i}`, client })),
      signal: stop.signal,
      timeouts,
      onText: (i) => {
        seen.add(i);
        if (seen.size === 3) stop.abort();
      },
    });
    const answers = await done;
    expect(answers.map((x) => [x.outcome, x.text])).toEqual([
      ['cancelled', 'part '],
      ['cancelled', 'part '],
      ['cancelled', 'part '],
    ]);
    expect(clients.every((c) => c.signals[0]?.aborted)).toBe(true);
  });

  it("keeps with each answer what its request left out, in its client's words", async () => {
    const geminiNote: LeftOutNote = { messageId: 'a1', what: 'signed_thinking', why: 'Written by another API.' };
    const seen: [number, readonly LeftOutNote[] | undefined][] = [];
    const answers = await fanOut({
      request,
      conversation: signedHistory,
      targets: [
        { model: 'gpt', client: sayingChat(scriptedModel([textReply(['From GPT.'])])) },
        { model: 'gemini-3', client: nativeModel([geminiNote], 'From Gemini.') },
        { model: 'gemini-3b', client: nativeModel([], 'Nothing left out.') },
      ],
      signal: new AbortController().signal,
      timeouts,
      onAnswer: (i, a) => seen.push([i, a.leftOut]),
    });
    expect(answers[0]?.leftOut).toEqual([
      { messageId: 'a1', what: 'signed_thinking', why: expect.stringContaining('signed thinking') },
    ]);
    expect(answers[1]?.leftOut).toEqual([geminiNote]);
    expect(answers[2]).not.toHaveProperty('leftOut');
    // Handed over with the answer, so the stored slot has them.
    expect(new Map(seen).get(1)).toEqual([geminiNote]);
  });

  it("hands each model's captured request to that model's own sink", async () => {
    // A client capturing as the real ones do: one exchange per request, through the request's own sink.
    const capturing = (model: string): ChatModelClient => {
      const inner = scriptedModel([textReply([`From ${model}.`])]);
      return {
        stream: (r, o) => {
          o.capture?.({
            startedAt: 1,
            request: { method: 'POST', url: 'http://h/v1', headers: [], body: { encoding: 'utf8', data: r.model } },
          });
          return inner.stream(r, o);
        },
      };
    };
    const seen: [number, string | undefined][] = [];
    await fanOut({
      request,
      conversation: { messages: [], tools: [] },
      targets: [
        { model: 'm-a', client: capturing('m-a') },
        { model: 'm-b', client: capturing('m-b') },
      ],
      signal: new AbortController().signal,
      timeouts,
      capture: (index) => (exchange) => seen.push([index, exchange.request.body?.data]),
    });
    expect(seen.sort()).toEqual([
      [0, 'm-a'],
      [1, 'm-b'],
    ]);
  });

  it('measures output tokens per second from the first token', () => {
    expect(outputRate(50, 1000, 3000)).toBe(25);
    expect(outputRate(50, null, 3000)).toBeNull();
    expect(outputRate(0, 1000, 3000)).toBeNull();
  });
});
