import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import type { AgentEventBody } from './events';
import type { ModelClient } from './model-client';
import { streamAttempt } from './stream-attempt';
import { chunk, scriptedModel } from './testing/scripted-model';

const request = { model: 'm', messages: [], stream: true as const };

function attempt(model: ModelClient, signal = new AbortController().signal) {
  const events: AgentEventBody[] = [];
  const outcome = streamAttempt({ model, request, signal, config: DEFAULT_CONFIG, emit: (e) => events.push(e), turn: 2, attempt: 1, messageId: 'm1' });
  return { events, outcome };
}

describe('streamAttempt', () => {
  it('emits first_token once, then a delta event per delta', async () => {
    const model = scriptedModel([{ chunks: [chunk({ role: 'assistant' }), chunk({ reasoning: 'r' }), chunk({ content: 'a' }), chunk({ content: 'b' }, { finish: 'stop' })] }]);
    const { events, outcome } = attempt(model);
    expect((await outcome).kind).toBe('done');
    expect(events.map((e) => e.type)).toEqual(['first_token', 'reasoning_delta', 'text_delta', 'text_delta']);
    expect(events[2]).toEqual({ type: 'text_delta', turn: 2, messageId: 'm1', delta: 'a' });
  });

  it('turns a non-ModelError from the client into a non-retryable network failure', async () => {
    const model: ModelClient = {
      stream() {
        throw new TypeError('boom');
      },
    };
    const out = await attempt(model).outcome;
    expect(out.kind).toBe('failed');
    if (out.kind === 'failed') {
      expect(out.error.info).toEqual({ fault: 'system', kind: 'network', message: 'The model request failed: boom' });
      expect(out.error.retryable).toBe(false);
    }
  });

  it('fails with the provider message when a chunk carries an error, keeping the partial turn', async () => {
    const bad = Object.assign(chunk(null), { error: { message: 'Internal error', type: 'server_error' } });
    const out = await attempt(scriptedModel([{ chunks: [chunk({ content: 'so far' }), bad] }])).outcome;
    expect(out).toMatchObject({ kind: 'failed', partial: { text: 'so far' } });
    if (out.kind === 'failed') expect(out.error).toMatchObject({ retryable: true, info: { kind: 'provider_stream_error', message: 'Internal error' } });
  });
});
