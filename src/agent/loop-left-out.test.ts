import { describe, expect, it } from 'vitest';
import type { LeftOutNote } from '../domain/left-out-note';
import type { AssistantMessage } from '../domain/messages';
import type { ModelError } from './errors';
import type { NativeModelClient, SentBody } from './model-client';
import { harness, types } from './testing/harness';
import { httpError, scriptedModel } from './testing/scripted-model';

/**
 * A client that builds its own body (as Anthropic's and Gemini's do): each request tells the loop what it left out and
 * the hash of its body, then streams one text reply, or fails with `error` before a byte arrives.
 */
function nativeModel(requests: ({ sent: SentBody; text: string } | ModelError)[]): NativeModelClient {
  const queue = requests.slice();
  return {
    wire: 'anthropic',
    stream(_request, options) {
      const next = queue.shift();
      if (!next) throw new Error('no more scripted requests');
      if (!('sent' in next)) {
        options.onSent?.({ leftOut: [] });
        return (async function* () {
          yield* [];
          throw next;
        })();
      }
      options.onSent?.(next.sent);
      return (async function* () {
        yield { text: next.text };
      })();
    },
    reducer(model) {
      let text = '';
      return Promise.resolve({
        push: (event) => {
          const delta = (event as { text: string }).text;
          text += delta;
          return [{ kind: 'text', delta }];
        },
        result: () => ({
          text,
          reasoning: '',
          refusal: null,
          toolCalls: [],
          finishReason: 'stop',
          usage: null,
          wireParts: { format: 'anthropic', model, parts: [{ type: 'text', text }] },
        }),
      });
    },
  };
}

const thinkingLeftOut: LeftOutNote = {
  messageId: 'earlier-reply',
  what: 'signed_thinking',
  why: 'Its thinking was left out: the conversation before it changed after it was written.',
};

const run = (model: NativeModelClient) => harness(scriptedModel([]), { model });

const reply = (history: readonly { role: string }[]) =>
  history.find((m): m is AssistantMessage => m.role === 'assistant');

describe('what a request left out', () => {
  it('is recorded with the attempt that sent it, and the reply keeps the hash of the body it answered', async () => {
    const h = run(nativeModel([{ sent: { leftOut: [thinkingLeftOut], prefixHash: 'hash-1' }, text: 'Hi.' }]));
    const result = await h.run();
    expect(types(h.events).slice(0, 5)).toEqual([
      'run_started',
      'message_appended',
      'request_started',
      'request_left_out',
      'first_token',
    ]);
    const started = h.events.find((e) => e.type === 'request_started');
    const leftOut = h.events.find((e) => e.type === 'request_left_out');
    const messageId = started?.type === 'request_started' ? started.messageId : 'no request_started';
    expect(leftOut).toMatchObject({ turn: 1, attempt: 1, messageId, notes: [thinkingLeftOut] });
    expect(reply(result.history)?.wireParts).toEqual({
      format: 'anthropic',
      model: 'test-model',
      parts: [{ type: 'text', text: 'Hi.' }],
      prefixHash: 'hash-1',
    });
  });

  it('says nothing when nothing was left out, and a retried request says it again for its own attempt', async () => {
    const quiet = run(nativeModel([{ sent: { leftOut: [], prefixHash: 'h' }, text: 'Hi.' }]));
    await quiet.run();
    expect(types(quiet.events)).not.toContain('request_left_out');

    const retried = run(
      nativeModel([httpError(529, 'Overloaded'), { sent: { leftOut: [thinkingLeftOut] }, text: 'Hi.' }]),
    );
    const result = await retried.run();
    const notes = retried.events.filter((e) => e.type === 'request_left_out');
    expect(notes.map((e) => e.type === 'request_left_out' && e.attempt)).toEqual([2]);
    // No hash told: the reply keeps none, and a later request falls back to the order of the messages.
    expect(reply(result.history)?.wireParts).not.toHaveProperty('prefixHash');
  });
});
