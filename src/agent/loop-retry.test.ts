import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../domain/loop-config';
import { ModelError } from './errors';
import type { EventOf } from '../domain/run-events';
import { findHistoryProblems } from '../domain/history-check';
import type { AssistantMessage } from '../domain/messages';
import { abortableSleep, formatWait, MAX_RETRY_AFTER_MS, retryDelayMs } from './retry';
import { harness, roles } from './testing/harness';
import { chunk, httpError, networkError, scriptedModel, textReply } from './testing/scripted-model';

afterEach(() => {
  vi.useRealTimers();
});

const failures = (events: { type: string }[]) =>
  events.filter((e): e is EventOf<'request_failed'> => e.type === 'request_failed');
const starts = (events: { type: string }[]) =>
  events.filter((e): e is EventOf<'request_started'> => e.type === 'request_started').map((e) => [e.turn, e.attempt]);

describe('retries', () => {
  it('honours Retry-After on a 429, then succeeds', async () => {
    const model = scriptedModel([httpError(429, 'Rate limit reached', 7_000), textReply(['ok'])]);
    const h = harness(model);
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(h.sleeps).toEqual([7_000]);
    expect(failures(h.events)).toMatchObject([
      { turn: 1, attempt: 1, retryInMs: 7_000, error: { kind: 'rate_limited', status: 429 } },
    ]);
    expect(starts(h.events)).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(model.requests[1]).toEqual(model.requests[0]);
  });

  it.each([
    [429, 2 * 3_600_000, '2 h'],
    [503, 90_000, '90 s'],
  ])(
    'a %i asking to wait longer than 60 s is not slept on: the run fails at once, naming the wait',
    async (status, wait, said) => {
      const model = scriptedModel([httpError(status, 'Slow down.', wait), textReply(['never'])]);
      const h = harness(model);
      const r = await h.run();
      expect(r.stopReason).toBe('error');
      expect(h.sleeps).toEqual([]);
      expect(model.requests).toHaveLength(1);
      expect(r.error?.message).toContain('Slow down.');
      expect(r.error?.message).toContain(`asked to wait ${said} before trying again`);
      expect(r.error?.message).toMatch(/not retried/);
      expect(failures(h.events)).toMatchObject([{ retryInMs: null, error: { message: r.error?.message } }]);
    },
  );

  it('a context-length error sent inside the stream ends the run as context_limit, without a retry', async () => {
    const tooLong = Object.assign(chunk(null), {
      error: {
        code: 400,
        message: "This endpoint's maximum context length is 131072 tokens. However, you requested about 140000 tokens",
      },
    });
    const model = scriptedModel([{ chunks: [tooLong] }, textReply(['never'])]);
    const h = harness(model);
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toMatchObject({
      fault: 'user',
      kind: 'context_limit',
      limitTokens: 131_072,
      estimatedTokens: 140_000,
    });
    expect(r.error?.message).toMatch(/too long for this model's context window/);
    expect(model.requests).toHaveLength(1);
    expect(failures(h.events)).toMatchObject([{ retryInMs: null, error: { kind: 'context_limit' } }]);
  });

  it('backs off exponentially with jitter on 500s', async () => {
    const model = scriptedModel([httpError(500, 'oops'), httpError(503, 'busy'), textReply(['ok'])]);
    const h = harness(model, { random: () => 0.5 });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    // base 1000: half fixed + half jittered (random 0.5) = 750, then 2000 -> 1500.
    expect(h.sleeps).toEqual([750, 1_500]);
  });

  it('retries a network error', async () => {
    const model = scriptedModel([networkError(), textReply(['ok'])]);
    const r = await harness(model).run();
    expect(r.stopReason).toBe('complete');
    expect(model.requests).toHaveLength(2);
  });

  it.each([
    [401, 'auth'],
    [400, 'bad_request'],
  ])('never retries a %i', async (status, kind) => {
    const model = scriptedModel([httpError(status, `status ${status}`), textReply(['never'])]);
    const h = harness(model);
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toMatchObject({ kind, status });
    expect(model.requests).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
    expect(failures(h.events)).toMatchObject([{ retryInMs: null }]);
    expect(roles(r.history)).toEqual(['user']);
    expect(h.events.at(-1)).toMatchObject({ type: 'run_finished', stopReason: 'error', error: { kind } });
  });

  it('gives up after maxRetries', async () => {
    const model = scriptedModel([httpError(503, 'a'), httpError(503, 'b'), httpError(503, 'c')]);
    const h = harness(model, { config: { maxRetries: 2 } });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error?.message).toBe('c');
    expect(model.requests).toHaveLength(3);
    expect(failures(h.events).map((f) => f.retryInMs === null)).toEqual([false, false, true]);
  });

  it('starts the turn over after partial output: the failed attempt is in the events, not the history', async () => {
    const model = scriptedModel([
      { chunks: [chunk({ content: 'Hel' })], then: { throw: httpError(502, 'bad gateway') } },
      textReply(['Hello ', 'there']),
    ]);
    const h = harness(model);
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(roles(r.history)).toEqual(['user', 'assistant']);
    const answer = r.history[1] as AssistantMessage;
    expect(answer.content).toBe('Hello there');
    const [first, second] = h.events.filter((e): e is EventOf<'request_started'> => e.type === 'request_started');
    expect(answer.id).toBe(second?.messageId);
    const deltas = h.events.filter((e): e is EventOf<'text_delta'> => e.type === 'text_delta');
    expect(deltas.map((d) => [d.messageId === first?.messageId, d.delta])).toEqual([
      [true, 'Hel'],
      [false, 'Hello '],
      [false, 'there'],
    ]);
    expect(failures(h.events)).toHaveLength(1);
  });

  it('keeps the partial text of a final failed attempt, marked error, and the history stays valid', async () => {
    const model = scriptedModel([{ chunks: [chunk({ content: 'partial' })], then: { throw: httpError(400, 'nope') } }]);
    const r = await harness(model).run();
    expect(r.stopReason).toBe('error');
    expect(r.history[1]).toMatchObject({ role: 'assistant', content: 'partial', status: 'error', toolCalls: [] });
    expect(findHistoryProblems(r.history)).toEqual([]);
  });

  it('retries a provider error inside the stream only when its status says so', async () => {
    const transient = chunk(null);
    Object.assign(transient, { error: { message: 'overloaded', code: 503 } });
    const fatal = chunk(null);
    Object.assign(fatal, { error: { message: 'Token limit reached', code: 400 } });
    const model = scriptedModel([{ chunks: [chunk({ content: 'a' }), transient] }, { chunks: [fatal] }]);
    const h = harness(model);
    const r = await h.run();
    expect(model.requests).toHaveLength(2);
    expect(r.stopReason).toBe('error');
    expect(r.error).toEqual({
      fault: 'system',
      kind: 'provider_stream_error',
      status: 400,
      code: '400',
      message: 'Token limit reached',
    });
    expect(failures(h.events).map((f) => f.retryInMs !== null)).toEqual([true, false]);
  });

  it('wraps an unexpected client error instead of throwing out of runAgent', async () => {
    const model = scriptedModel([]);
    const r = await harness(model).run();
    expect(r.stopReason).toBe('error');
    expect(r.error?.message).toMatch(/no step left/);
  });

  it('a stop during the backoff wait cancels without another request', async () => {
    vi.useFakeTimers();
    const model = scriptedModel([httpError(429, 'slow down', 30_000), textReply(['never'])]);
    const h = harness(model, { sleep: abortableSleep });
    const done = h.run();
    await vi.advanceTimersByTimeAsync(1_000);
    h.controller.abort();
    const r = await done;
    expect(r.stopReason).toBe('cancelled');
    expect(model.requests).toHaveLength(1);
  });
});

describe('retryDelayMs', () => {
  const cfg = { maxRetries: 3, retryBaseDelayMs: 1_000, retryMaxDelayMs: 5_000 };
  const e500 = httpError(500, 'x');
  it('stays within [half, full] of the capped exponential delay', () => {
    expect(retryDelayMs(e500, 1, cfg, () => 0)).toBe(500);
    expect(retryDelayMs(e500, 1, cfg, () => 1)).toBe(1_000);
    expect(retryDelayMs(e500, 3, cfg, () => 1)).toBe(4_000);
    expect(retryDelayMs(e500, 3, { ...cfg, maxRetries: 5 }, () => 1)).toBe(4_000);
    expect(retryDelayMs(e500, 5, { ...cfg, maxRetries: 5 }, () => 1)).toBe(5_000);
  });
  it('returns null past maxRetries or for a non-retryable error', () => {
    expect(retryDelayMs(e500, 4, cfg, () => 0)).toBeNull();
    expect(retryDelayMs(httpError(401, 'x'), 1, cfg, () => 0)).toBeNull();
    expect(
      retryDelayMs(new ModelError({ fault: 'system', kind: 'network', message: 'x' }, false), 1, cfg, () => 0),
    ).toBeNull();
  });
  it('uses Retry-After as given, up to the 60 s cap', () => {
    expect(retryDelayMs(httpError(429, 'x', 12_345), 1, cfg, () => 0)).toBe(12_345);
    expect(retryDelayMs(httpError(429, 'x', MAX_RETRY_AFTER_MS), 1, cfg, () => 0)).toBe(60_000);
    expect(retryDelayMs(httpError(429, 'x', MAX_RETRY_AFTER_MS + 1), 1, cfg, () => 0)).toBeNull();
  });
  it('formats waits the way a person reads them', () => {
    expect([formatWait(90_000), formatWait(25 * 60_000), formatWait(3 * 3_600_000)]).toEqual(['90 s', '25 min', '3 h']);
  });
});

describe('request timeouts', () => {
  const cfg = { ...DEFAULT_CONFIG, firstByteTimeoutMs: 1_000, idleTimeoutMs: 2_000, maxRetries: 0 };

  it('aborts a request that sends nothing before the first-byte timeout', async () => {
    vi.useFakeTimers();
    const model = scriptedModel([{ chunks: [chunk({ content: 'late' })], delaysMs: [60_000] }]);
    const h = harness(model, { config: cfg });
    const done = h.run();
    await vi.advanceTimersByTimeAsync(1_000);
    const r = await done;
    expect(r.stopReason).toBe('error');
    expect(r.error).toMatchObject({ kind: 'timeout', phase: 'first_byte', afterMs: 1_000 });
    expect(r.error?.message).toMatch(/nothing within 1 s/);
    expect(model.signals[0]?.aborted).toBe(true);
  });

  it('aborts a stream that goes quiet past the idle timeout, keeping the text shown', async () => {
    vi.useFakeTimers();
    const model = scriptedModel([
      { chunks: [chunk({ content: 'Hi' }), chunk({ content: ' there' })], delaysMs: [500, 2_500] },
    ]);
    const h = harness(model, { config: cfg });
    const done = h.run();
    await vi.advanceTimersByTimeAsync(500 + 2_000);
    const r = await done;
    expect(r.error).toMatchObject({ kind: 'timeout', phase: 'idle', afterMs: 2_000 });
    expect(r.history[1]).toMatchObject({ role: 'assistant', content: 'Hi', status: 'error' });
    expect(model.signals[0]?.aborted).toBe(true);
  });

  it('does not time out a slow but steady stream', async () => {
    vi.useFakeTimers();
    const pieces = Array.from({ length: 5 }, (_, i) => chunk({ content: String(i) }));
    const model = scriptedModel([
      { chunks: [...pieces, chunk({}, { finish: 'stop' })], delaysMs: [900, 1_900, 1_900, 1_900, 1_900, 1_900] },
    ]);
    const done = harness(model, { config: cfg }).run();
    await vi.advanceTimersByTimeAsync(20_000);
    const r = await done;
    expect(r.stopReason).toBe('complete');
    expect(r.history[1]).toMatchObject({ content: '01234' });
  });

  it('retries after a timeout', async () => {
    vi.useFakeTimers();
    const model = scriptedModel([{ chunks: [chunk({ content: 'x' })], delaysMs: [60_000] }, textReply(['ok'])]);
    const h = harness(model, { config: { ...cfg, maxRetries: 1 } });
    const done = h.run();
    await vi.advanceTimersByTimeAsync(1_000);
    const r = await done;
    expect(r.stopReason).toBe('complete');
    expect(failures(h.events)[0]).toMatchObject({ error: { kind: 'timeout' } });
  });
});
