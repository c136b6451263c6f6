import { describe, expect, it, vi } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { AgentEvent } from '../domain/run-events';
import type { ChatMessage } from '../domain/messages';
import type { ModelRequest } from '../agent/model-client';
import type { ToolSpec } from '../agent/tool-executor';
import type { SessionRecord } from '../domain/session';
import { compactSessionNow, type ManualCompactionDeps } from './manual-compaction';
import type { ReportedPrompt } from './reported-prompt';
import { requestView } from '../domain/request-view';
import { ModelError } from '../agent/errors';
import { heuristicCounter } from './tokens/token-count';
import { estimatePromptTokens } from './tokens/token-estimate';

const session: SessionRecord = {
  id: 's1',
  title: 't',
  model: 'mock-model',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  messageCount: 0,
  toolCallCount: 0,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
  settings: {},
};

let n = 0;
const msg = (role: 'user' | 'assistant', content: string): ChatMessage =>
  role === 'user'
    ? { id: `m${n++}`, createdAt: 0, role, content }
    : {
        id: `m${n++}`,
        createdAt: 0,
        role,
        content,
        reasoning: '',
        refusal: null,
        toolCalls: [],
        status: 'complete',
        runId: 'r',
        turn: 1,
      };

type Parts = { systemText: string; tools: ToolSpec[]; lastReported: ReportedPrompt | null };
const noParts: Parts = { systemText: '', tools: [], lastReported: null };

/** What the scripted endpoint does with each summary request, in order; 'ok' once the list runs out. */
type Answer = 'ok' | 'rate_limited' | 'hang' | 'empty';

function deps(
  history: ChatMessage[],
  locked = false,
  opts: { session?: SessionRecord; parts?: Parts; summary?: string; answers?: Answer[] } = {},
) {
  const events: AgentEvent[] = [];
  const requests: ModelRequest[] = [];
  const waits: number[] = [];
  const answers = (opts.answers ?? []).slice();
  let released = 0;
  let id = 0;
  const d: ManualCompactionDeps = {
    getSession: async () => opts.session ?? session,
    loadHistory: async () => history,
    openEndpoint: async () => ({
      ready: true,
      client: {
        stream: (request, { signal: s }) =>
          (async function* (): AsyncGenerator<ChatCompletionChunk> {
            requests.push(request);
            const answer = answers.shift() ?? 'ok';
            if (answer === 'rate_limited')
              throw new ModelError(
                {
                  fault: 'system',
                  kind: 'rate_limited',
                  status: 429,
                  retryAfterMs: 7,
                  message: 'rate limited (HTTP 429)',
                },
                true,
                7,
              );
            if (answer === 'hang') {
              await new Promise<void>((resolve) => s.addEventListener('abort', () => resolve(), { once: true }));
              throw new DOMException('aborted', 'AbortError');
            }
            const content = answer === 'empty' ? '' : (opts.summary ?? 'they discussed tea');
            yield {
              id: 'c',
              object: 'chat.completion.chunk',
              created: 0,
              model: 'm',
              choices: [{ index: 0, delta: { content }, finish_reason: 'stop' }],
            };
            yield {
              id: 'c',
              object: 'chat.completion.chunk',
              created: 0,
              model: 'm',
              choices: [],
              usage: { prompt_tokens: 70, completion_tokens: 7, total_tokens: 77 },
            };
          })(),
      },
    }),
    requestParts: async () => opts.parts ?? noParts,
    counterFor: () => heuristicCounter,
    createPersister: () => ({ emit: (e) => events.push(e), flush: async () => undefined }),
    acquireRunLock: async () =>
      locked
        ? { ok: false, reason: 'locked' }
        : { ok: true, lock: { sessionId: 's1', release: () => void released++ } },
    newId: () => `id${id++}`,
    now: () => 5,
    clock: () => 0,
    sleep: async (ms) => void waits.push(ms),
    random: () => 0,
  };
  return { d, events, requests, waits, released: () => released };
}

const signal = new AbortController().signal;

/** Two older exchanges long enough that the canned summary is shorter than they are, then the last exchange. */
const longerHistory = () => [
  msg('user', 'q1 ' + 'about tea '.repeat(40)),
  msg('assistant', 'a1 ' + 'green or black '.repeat(40)),
  msg('user', 'q2 ' + 'and milk '.repeat(40)),
  msg('assistant', 'a2 ' + 'it depends '.repeat(40)),
  msg('user', 'q3'),
  msg('assistant', 'a3'),
];

describe('compactSessionNow', () => {
  it('stores a summary of all but the last exchange as a run of events, releasing the lock', async () => {
    const history = longerHistory();
    const { d, events, released } = deps(history);
    const r = await compactSessionNow('s1', d, signal);
    expect(r).toMatchObject({ ok: true, summarized: 4 });
    expect(events.map((e) => e.type).filter((t) => !t.startsWith('summary_'))).toEqual([
      'run_started',
      'message_appended',
      'context_compacted',
      'run_finished',
    ]);
    const appended = events.find((e) => e.type === 'message_appended');
    if (appended?.type !== 'message_appended') throw new Error('expected the summary');
    expect(appended.message).toMatchObject({ role: 'system', summaryOf: history.slice(0, 4).map((m) => m.id) });
    expect(appended.message.content).toContain('they discussed tea');
    expect(requestView([...history, appended.message]).map((m) => m.id)).toEqual([
      appended.message.id,
      history[4]!.id,
      history[5]!.id,
    ]);
    expect(released()).toBe(1);
  });

  it('refuses while a run holds the session and when there is nothing to summarise', async () => {
    expect(await compactSessionNow('s1', deps([msg('user', 'a')], true).d, signal)).toMatchObject({
      ok: false,
      reason: 'locked',
    });
    const short = deps([msg('user', 'only'), msg('assistant', 'one')]);
    expect(await compactSessionNow('s1', short.d, signal)).toMatchObject({ ok: false, reason: 'nothing' });
    expect(short.events).toEqual([]);
    expect(short.released()).toBe(1);
  });

  it('refuses before taking the lock when the endpoint is not ready (no key, and one is needed)', async () => {
    const { d, events, requests, released } = deps(longerHistory());
    const r = await compactSessionNow(
      's1',
      {
        ...d,
        openEndpoint: async () => ({
          ready: false,
          client: {
            stream: () => {
              throw new Error('no request may be sent');
            },
          },
        }),
      },
      signal,
    );
    expect(r).toMatchObject({ ok: false, reason: 'no_key' });
    expect([events, requests, released()]).toEqual([[], [], 0]);
  });

  it('changes nothing when the summary would not be smaller than what it replaces', async () => {
    const history = [
      msg('user', 'hi'),
      msg('assistant', 'hello'),
      msg('user', 'tea?'),
      msg('assistant', 'yes'),
      msg('user', 'q3'),
      msg('assistant', 'a3'),
    ];
    const tiny = deps(history, false, {
      summary:
        'The user greeted the assistant, who greeted back; then the user asked about tea and the assistant agreed.',
    });
    const r = await compactSessionNow('s1', tiny.d, signal);
    expect(r).toMatchObject({ ok: false, reason: 'no_gain' });
    if (!r.ok)
      expect(r.message).toMatch(/^Nothing was changed: the summary would not be smaller \(about \d+ → \d+ tokens\)/);
    expect(tiny.requests).toHaveLength(1);
    expect(tiny.events).toEqual([]);
    expect(tiny.released()).toBe(1);
  });

  it('keeps the summary request inside the window when the history is twice its size, cutting long entries with a marker', async () => {
    const limited: SessionRecord = { ...session, settings: { contextLimit: 4_000 } };
    const call = { id: 'call_1', name: 'fetch_page', arguments: '{"url":"x"}' };
    const history: ChatMessage[] = [
      msg('user', 'Read the page and tell me about it.'),
      { ...(msg('assistant', '') as Extract<ChatMessage, { role: 'assistant' }>), toolCalls: [call] },
      // About 6,000 tokens of one tool result, then two more exchanges: about 8,000 tokens in all.
      {
        id: `m${n++}`,
        createdAt: 0,
        role: 'tool',
        toolCallId: 'call_1',
        name: 'fetch_page',
        content: 'page text '.repeat(2_800),
        isError: false,
        outcome: 'ok',
        runId: 'r',
        turn: 1,
      },
      msg('assistant', 'It is long. ' + 'detail '.repeat(900)),
      msg('user', 'Thanks.'),
      msg('assistant', 'Welcome.'),
    ];
    const total = estimatePromptTokens({ system: '', messages: history, tools: [] }).tokens;
    expect(total).toBeGreaterThan(2 * 4_000);
    const { d, requests, events } = deps(history, false, { session: limited });
    const r = await compactSessionNow('s1', d, signal);
    expect(r).toMatchObject({ ok: true, summarized: 4 });
    expect(requests.length).toBeGreaterThanOrEqual(1);
    for (const req of requests) {
      const sent = req.messages.map(
        (m, i): ChatMessage => ({ id: `w${i}`, createdAt: 0, role: 'user', content: String(m.content) }),
      );
      expect(estimatePromptTokens({ system: '', messages: sent, tools: [] }).tokens).toBeLessThan(4_000);
    }
    const text = requests.map((q) => String(q.messages[1]?.content)).join('');
    expect(text).toMatch(/characters cut so the summary request fits the context window/);
    expect(text).toContain('[Tool result: fetch_page]');
    expect(text).toContain('Read the page and tell me about it.');
    // The summary requests' reported cost is the compaction run's usage.
    const finished = events.at(-1);
    expect(finished).toMatchObject({
      type: 'run_finished',
      usage: { promptTokens: 70 * requests.length, completionTokens: 7 * requests.length, estimated: false },
    });
  });

  it('counts the system prompt and tools in the before and after figures, corrected like the run', async () => {
    const history = longerHistory();
    const bare = await compactSessionNow('s1', deps(history).d, signal);
    const systemText = 's'.repeat(4_000);
    const tools: ToolSpec[] = [{ name: 'get_weather', description: 'w'.repeat(400), parameters: { type: 'object' } }];
    const full = await compactSessionNow(
      's1',
      deps(history, false, { parts: { systemText, tools, lastReported: null } }).d,
      signal,
    );
    const extra = estimatePromptTokens({ system: systemText, messages: [], tools }).tokens;
    if (!bare.ok || !full.ok) throw new Error('expected both to compact');
    expect(full.tokensBefore - bare.tokensBefore).toBe(extra);
    expect(full.tokensAfter - bare.tokensAfter).toBe(extra);
    const corrected = await compactSessionNow(
      's1',
      deps(history, false, { parts: { systemText, tools, lastReported: { estimated: 100, reported: 150 } } }).d,
      signal,
    );
    if (!corrected.ok) throw new Error('expected a compaction');
    expect(corrected.tokensBefore).toBe(Math.ceil(full.tokensBefore * 1.5));
  });
});

describe('"Compact now" follows the automatic compaction\'s request policy', () => {
  const summaryTypes = (events: AgentEvent[]) => events.flatMap((e) => (e.type.startsWith('summary_') ? [e.type] : []));

  it('waits out a 429 and stores the summary of the attempt that succeeded, with the summary events', async () => {
    const history = longerHistory();
    const { d, events, requests, waits } = deps(history, false, { answers: ['rate_limited', 'ok'] });
    const r = await compactSessionNow('s1', d, signal);
    expect(r).toMatchObject({ ok: true, summarized: 4 });
    expect(requests).toHaveLength(2);
    expect(waits).toEqual([7]);
    expect(summaryTypes(events)).toEqual(['summary_started', 'summary_failed', 'summary_started', 'summary_finished']);
    expect(events.find((e) => e.type === 'summary_failed')).toMatchObject({
      attempt: 1,
      retryInMs: 7,
      error: { kind: 'rate_limited', status: 429 },
    });
    expect(events.at(0)?.type).toBe('run_started');
    expect(events.at(-1)?.type).toBe('run_finished');
    // One run: every event carries the same run id, in order.
    expect(new Set(events.map((e) => e.runId)).size).toBe(1);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  });

  it('gives up on a stalled summary at the first-byte timeout with a message, storing nothing', async () => {
    const stalled: SessionRecord = { ...session, settings: { firstByteTimeoutMs: 20, maxRetries: 0 } };
    const { d, events, requests, released } = deps(longerHistory(), false, { session: stalled, answers: ['hang'] });
    const r = await compactSessionNow('s1', d, signal);
    expect(r).toMatchObject({ ok: false, reason: 'failed' });
    if (!r.ok)
      expect(r.message).toBe(
        'Compacting the conversation failed, so nothing was removed from it. The model sent nothing within 0 s of the request, so the request was stopped.',
      );
    expect(requests).toHaveLength(1);
    expect(events).toEqual([]);
    expect(released()).toBe(1);
  });

  it('retries a stall as many times as the session allows', async () => {
    const stalled: SessionRecord = { ...session, settings: { firstByteTimeoutMs: 20, maxRetries: 1 } };
    const { d, requests } = deps(longerHistory(), false, { session: stalled, answers: ['hang', 'hang'] });
    expect(await compactSessionNow('s1', d, signal)).toMatchObject({ ok: false, reason: 'failed' });
    expect(requests).toHaveLength(2);
  });

  it('refuses an empty summary with the message a person sees, storing nothing', async () => {
    const { d, events, requests } = deps(longerHistory(), false, { answers: ['empty'] });
    const r = await compactSessionNow('s1', d, signal);
    expect(r).toEqual({
      ok: false,
      reason: 'failed',
      message:
        'The model returned an empty summary, so the conversation was not compacted and nothing was removed. Retry, or compact by hand with a larger context limit.',
    });
    // An empty answer is the model's, not a passing fault: not retried.
    expect(requests).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it('ends as cancelled when stopped while the summary stalls, storing nothing', async () => {
    const stop = new AbortController();
    const { d, events, requests } = deps(longerHistory(), false, { answers: ['hang'] });
    const pending = compactSessionNow('s1', d, stop.signal);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    stop.abort();
    expect(await pending).toEqual({ ok: false, reason: 'cancelled', message: 'Compaction was cancelled.' });
    expect(events).toEqual([]);
  });
});
