import { describe, expect, it } from 'vitest';
import type { ToolExecutor } from '../../agent/tool-executor';
import { zeroUsage } from '../../domain/messages';
import { sameBaseURL, type SessionEndpoint, type SessionRecord } from '../../domain/session';
import { createRunController } from './run-controller';
import type { RunDeps } from './run-deps';

const noTools: ToolExecutor = { list: () => [], get: () => undefined };
const base = (endpoint?: SessionEndpoint): SessionRecord => ({
  id: 'e',
  title: 't',
  model: 'llama3',
  status: 'finished',
  createdAt: 0,
  updatedAt: 0,
  messageCount: 2,
  toolCallCount: 0,
  usage: zeroUsage(),
  settings: {},
  ...(endpoint ? { endpoint } : {}),
});

function deps(session: SessionRecord, baseURL: string) {
  const runs: string[] = [];
  const stamped: SessionEndpoint[] = [];
  const d: RunDeps = {
    async runAgent(input) {
      runs.push(input.runId);
      if (input.userMessage === 'answered')
        input.emit({
          type: 'request_finished',
          turn: 1,
          attempt: 1,
          finishReason: 'stop',
          usage: zeroUsage(),
          runId: input.runId,
          seq: 0,
          t: 0,
        });
      return { stopReason: 'complete', history: [], usage: zeroUsage() };
    },
    openEndpoint: async ({ baseURL }) => ({
      baseURL,
      ready: true,
      client: {
        stream: async function* () {
          /* unused */
        },
      },
      embedder: () => {
        throw new Error('no embeddings in this test');
      },
    }),
    createToolExecutor: async () => noTools,
    createPersister: () => ({ emit: () => undefined, flush: async () => undefined }),
    acquireRunLock: async (sessionId) => ({ ok: true, lock: { sessionId, release: () => undefined } }),
    getSession: async () => session,
    loadHistory: async () => [],
    setTitle: async () => undefined,
    setEndpoint: async (_id, e) => {
      stamped.push(e);
    },
    getBaseURL: () => baseURL,
    newId: () => 'run-1',
    now: () => 0,
  };
  return { d, runs, stamped };
}
const frame = (flush: () => void) => {
  queueMicrotask(flush);
  return () => undefined;
};

describe('a session keeps its endpoint', () => {
  it('does not start on another endpoint than the one the session used, and sends nothing', async () => {
    const f = deps(base({ baseURL: 'http://127.0.0.1:11434/v1' }), 'https://api.openai.com/v1');
    expect(await createRunController(f.d, frame).start({ kind: 'message', sessionId: 'e', text: 'hi' })).toEqual({
      ok: false,
      reason: 'endpoint_changed',
    });
    expect(f.runs).toEqual([]);
  });

  it('starts on its own endpoint, however the URL is spelled', async () => {
    const f = deps(base({ baseURL: 'http://127.0.0.1:11434/v1/' }), 'HTTP://127.0.0.1:11434/v1');
    const r = await createRunController(f.d, frame).start({ kind: 'message', sessionId: 'e', text: 'hi' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(f.runs).toEqual(['run-1']);
    expect(f.stamped).toEqual([]);
  });

  it('a session learns its endpoint from the first reply it gets, not from a run that reached nothing', async () => {
    const f = deps(base(), 'http://127.0.0.1:1234/v1');
    const c = createRunController(f.d, frame);
    const failed = await c.start({ kind: 'message', sessionId: 'e', text: 'hi' });
    if (!failed.ok) throw new Error(failed.reason);
    await failed.done;
    expect(f.stamped).toEqual([]);
    const r = await c.start({ kind: 'message', sessionId: 'e', text: 'answered' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(f.stamped).toEqual([{ baseURL: 'http://127.0.0.1:1234/v1' }]);
  });

  it('compares base URLs by scheme, host and path', () => {
    expect(sameBaseURL('https://api.openai.com/v1', 'https://API.openai.com/v1/')).toBe(true);
    expect(sameBaseURL('https://api.openai.com/v1', 'https://openrouter.ai/api/v1')).toBe(false);
    expect(sameBaseURL('http://localhost:8080/v1', 'http://127.0.0.1:8080/v1')).toBe(false);
  });
});
