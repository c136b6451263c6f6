import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../domain/loop-config';
import type { RunEventBody } from '../domain/run-events';
import type { ModelClient } from './model-client';
import { streamAttempt } from './stream-attempt';
import { chunk, scriptedModel } from './testing/scripted-model';

const request = { model: 'm', messages: [], stream: true as const };

function attempt(model: ModelClient, signal = new AbortController().signal) {
  const events: RunEventBody[] = [];
  const outcome = streamAttempt({
    model,
    request,
    signal,
    config: DEFAULT_CONFIG,
    emit: (e) => events.push(e),
    turn: 2,
    attempt: 1,
    messageId: 'm1',
  });
  return { events, outcome };
}

describe('streamAttempt', () => {
  it('emits first_token once, then a delta event per delta', async () => {
    const model = scriptedModel([
      {
        chunks: [
          chunk({ role: 'assistant' }),
          chunk({ reasoning: 'r' }),
          chunk({ content: 'a' }),
          chunk({ content: 'b' }, { finish: 'stop' }),
        ],
      },
    ]);
    const { events, outcome } = attempt(model);
    expect((await outcome).kind).toBe('done');
    expect(events.map((e) => e.type)).toEqual(['first_token', 'reasoning_delta', 'text_delta', 'text_delta']);
    expect(events[2]).toEqual({ type: 'text_delta', turn: 2, messageId: 'm1', delta: 'a' });
  });

  it('turns a non-ModelError from the client into a non-retryable internal failure (a broken client, not the network)', async () => {
    const model: ModelClient = {
      stream() {
        throw new TypeError('boom');
      },
    };
    const out = await attempt(model).outcome;
    expect(out.kind).toBe('failed');
    if (out.kind === 'failed') {
      expect(out.error.info).toEqual({
        fault: 'system',
        kind: 'internal',
        step: 'model_client',
        message: 'The model request failed: boom',
      });
      expect(out.error.retryable).toBe(false);
    }
  });

  it('fails with the provider message when a chunk carries an error, keeping the partial turn', async () => {
    const bad = Object.assign(chunk(null), { error: { message: 'Internal error', type: 'server_error' } });
    const out = await attempt(scriptedModel([{ chunks: [chunk({ content: 'so far' }), bad] }])).outcome;
    expect(out).toMatchObject({ kind: 'failed', partial: { text: 'so far' } });
    if (out.kind === 'failed')
      expect(out.error).toMatchObject({
        retryable: true,
        info: { kind: 'provider_stream_error', message: 'Internal error' },
      });
  });
});

describe('streamAttempt timers and keep-alives', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A client that reports `activity` keep-alives, one every `everyMs`, before each chunk it sends. */
  function keepAliveModel(plan: { keepAlives: number; everyMs: number; chunk: ChatCompletionChunk }[]): ModelClient {
    return {
      stream(_request, { signal, onActivity }) {
        return (async function* () {
          for (const step of plan) {
            for (let i = 0; i < step.keepAlives; i++) {
              await new Promise((resolve) => setTimeout(resolve, step.everyMs));
              if (signal.aborted) return;
              onActivity?.();
            }
            yield step.chunk;
          }
        })();
      },
    };
  }

  it('keep-alives before the first chunk hold off the first-byte timeout (a slow reasoning model behind OpenRouter)', async () => {
    vi.useFakeTimers();
    // Three minutes of keep-alives every 20 s against a 60 s first-byte limit, then the answer.
    const model = keepAliveModel([
      { keepAlives: 9, everyMs: 20_000, chunk: chunk({ content: 'ok' }, { finish: 'stop' }) },
    ]);
    const { outcome } = attempt(model);
    await vi.advanceTimersByTimeAsync(9 * 20_000);
    expect(await outcome).toMatchObject({ kind: 'done', turn: { text: 'ok' } });
  });

  it('keep-alives between chunks hold off the idle timeout', async () => {
    vi.useFakeTimers();
    const model = keepAliveModel([
      { keepAlives: 0, everyMs: 0, chunk: chunk({ content: 'a' }) },
      { keepAlives: 5, everyMs: 20_000, chunk: chunk({ content: 'b' }, { finish: 'stop' }) },
    ]);
    const { outcome } = attempt(model);
    await vi.advanceTimersByTimeAsync(5 * 20_000);
    expect(await outcome).toMatchObject({ kind: 'done', turn: { text: 'ab' } });
  });

  it('without keep-alives the same wait is cut at the first-byte limit', async () => {
    vi.useFakeTimers();
    const model = keepAliveModel([
      { keepAlives: 1, everyMs: 180_000, chunk: chunk({ content: 'ok' }, { finish: 'stop' }) },
    ]);
    const { outcome } = attempt(model);
    await vi.advanceTimersByTimeAsync(60_000);
    const out = await outcome;
    expect(out).toMatchObject({
      kind: 'failed',
      error: { retryable: true, info: { kind: 'timeout', phase: 'first_byte', afterMs: 60_000 } },
    });
  });

  it('keep-alives alone are not chunks: they re-arm the first-byte wait, not the idle one', async () => {
    vi.useFakeTimers();
    // 40 s apart: within the 60 s first-byte limit, past the 30 s idle limit.
    const model = keepAliveModel([
      { keepAlives: 3, everyMs: 40_000, chunk: chunk({ content: 'ok' }, { finish: 'stop' }) },
    ]);
    const { outcome } = attempt(model);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await outcome).toMatchObject({ kind: 'done' });
  });
});
