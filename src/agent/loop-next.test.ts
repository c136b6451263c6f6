import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage } from '../domain/messages';
import type { AccumulatedTurn } from './accumulator';
import type { NativeModelClient } from './model-client';
import { harness } from './testing/harness';
import { scriptedModel } from './testing/scripted-model';

type Reply = Partial<AccumulatedTurn> & Pick<AccumulatedTurn, 'finishReason'>;

/** A client whose reducer gives each request's turn as given: the stop a format's reducer read, with its words. */
function replies(turns: Reply[]): NativeModelClient & { requests: number } {
  const queue = turns.slice();
  const client = {
    requests: 0,
    wire: 'anthropic' as const,
    stream() {
      client.requests += 1;
      return (async function* () {
        yield {};
      })();
    },
    reducer() {
      const turn = queue.shift();
      if (!turn) throw new Error('no more scripted replies');
      return Promise.resolve({
        push: () => [],
        result: (): AccumulatedTurn => ({
          text: '',
          reasoning: '',
          refusal: null,
          toolCalls: [],
          usage: null,
          ...turn,
        }),
      });
    },
  };
  return client;
}

const assistants = (h: ChatMessage[]) => h.filter((m): m is AssistantMessage => m.role === 'assistant');
const run = (model: NativeModelClient) => harness(scriptedModel([]), { model }).run();

describe('decideNext: a stop other than a normal end is said in words', () => {
  it('a filter with its category: a content_filter error with the provider words, the text kept', async () => {
    const stopNote = 'Gemini: its safety filter stopped the reply (SAFETY). Flagged: harassment (HIGH).';
    const r = await run(replies([{ text: 'Part', finishReason: 'content_filter', stopNote }]));
    expect(r.stopReason).toBe('error');
    expect(r.error).toEqual({
      fault: 'model',
      kind: 'content_filter',
      message: `The provider's content filter stopped the reply. ${stopNote}`,
    });
    expect(assistants(r.history).map((m) => [m.content, m.status])).toEqual([['Part', 'error']]);
  });

  it('the context window filled: the context_limit error with what to do, the reply kept as cut', async () => {
    const stopNote = "Anthropic: the reply filled the model's context window. Compact the session or start a new one.";
    const r = await run(replies([{ text: 'Long', finishReason: 'context_window', stopNote }]));
    expect(r.error).toMatchObject({ kind: 'context_limit', message: expect.stringContaining(stopNote) });
    expect(assistants(r.history).map((m) => m.status)).toEqual(['length']);
  });

  it('the context window filled with calls in the reply: none is run, and the run says why', async () => {
    const toolCalls = [{ id: 'c1', name: 'echo', arguments: '{"a":' }];
    const r = await run(replies([{ toolCalls, finishReason: 'context_window', stopNote: 'Anthropic: full.' }]));
    expect(r.error?.kind).toBe('context_limit');
    const result = r.history.find((m) => m.role === 'tool');
    expect(result).toMatchObject({ isError: true, content: expect.stringMatching(/cut at the context window/) });
  });

  it('an unknown reason a format put in words: the run ends saying it with the raw value, no crash', async () => {
    const stopNote = 'Gemini: it stopped for a reason Toolscope does not know: NEW_REASON.';
    const r = await run(replies([{ text: 'Hi', finishReason: 'NEW_REASON', stopNote }]));
    expect(r.error).toEqual({
      fault: 'system',
      kind: 'provider_stream_error',
      status: null,
      code: 'NEW_REASON',
      message: stopNote,
    });
  });

  it('an unknown reason with no words (a Chat Completions server) is an end, as before', async () => {
    const r = await run(replies([{ text: 'Hi', finishReason: 'eos' }]));
    expect(r.stopReason).toBe('complete');
  });

  it('pause_turn: the paused reply is kept and the turn goes on with another request', async () => {
    const model = replies([
      { text: 'Searching', finishReason: 'pause_turn', stopNote: 'Anthropic: paused.' },
      { text: 'Found it.', finishReason: 'stop' },
    ]);
    const r = await run(model);
    expect(r.stopReason).toBe('complete');
    expect(model.requests).toBe(2);
    expect(assistants(r.history).map((m) => [m.content, m.status])).toEqual([
      ['Searching', 'complete'],
      ['Found it.', 'complete'],
    ]);
  });

  it('a token limit stays a length stop even with words', async () => {
    const r = await run(replies([{ text: 'Cut', finishReason: 'length', stopNote: 'Gemini: MAX_TOKENS.' }]));
    expect(r.stopReason).toBe('length');
    expect(r.error).toBeUndefined();
  });
});
