import { describe, expect, it } from 'vitest';
import type { ToolExecutor } from '../../agent/tool-executor';
import { zeroUsage } from '../../domain/messages';
import type { SessionRecord } from '../../domain/session';
import { createRunController } from './run-controller';
import type { RunAgentInput, RunDeps } from './run-deps';

const noTools: ToolExecutor = { list: () => [], get: () => undefined };
const session: SessionRecord = {
  id: 'knobs',
  title: 't',
  model: 'gpt-test',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  messageCount: 0,
  toolCallCount: 0,
  usage: zeroUsage(),
  settings: { topP: 0.4, maxRetries: 0, toolConcurrency: 1, toolOutputLimitBytes: 2048 },
};

describe('a session’s run settings', () => {
  it('reach the loop (top P, retries, concurrency) and the tool executor (output limit, and the session that MCP tasks are stored under)', async () => {
    const inputs: RunAgentInput[] = [];
    const executorOpts: unknown[] = [];
    const deps: RunDeps = {
      async runAgent(input) {
        inputs.push(input);
        await input.prepare?.(input.signal);
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
      createToolExecutor: async (opts) => {
        executorOpts.push(opts);
        return noTools;
      },
      createPersister: () => ({ emit: () => undefined, flush: async () => undefined }),
      acquireRunLock: async (sessionId) => ({ ok: true, lock: { sessionId, release: () => undefined } }),
      getSession: async () => session,
      loadHistory: async () => [],
      setTitle: async () => undefined,
      getBaseURL: () => 'http://127.0.0.1:1/v1',
      newId: () => 'run-1',
      now: () => 0,
    };
    const r = await createRunController(deps, (flush) => {
      queueMicrotask(flush);
      return () => undefined;
    }).start({ kind: 'message', sessionId: 'knobs', text: 'hi' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(inputs[0]?.config).toMatchObject({
      topP: 0.4,
      maxRetries: 0,
      toolConcurrency: 1,
      toolOutputLimitBytes: 2048,
    });
    expect(executorOpts).toEqual([{ outputLimitBytes: 2048, sessionId: 'knobs' }]);
  });
});
