import { afterEach, describe, expect, it } from 'vitest';
import { runAgent } from '../../../agent/loop';
import { scriptedModel, textReply, toolCallsReply } from '../../../agent/testing/scripted-model';
import { fakeExecutor, fakeTool, ok } from '../../../agent/testing/fake-tools';
import type { AgentEvent } from '../../../domain/run-events';
import type { ModelRequest } from '../../../agent/model-client';
import type { ToolExecutor } from '../../../agent/tool-executor';
import { zeroUsage } from '../../../domain/messages';
import type { SessionRecord } from '../../../domain/session';
import { viewContextFor } from './model-context';
import { noteAppView, useMcpAppViews } from './app-views';
import { noteModelContext } from './app-log';
import { createRunController } from '../../run/run-controller';
import type { RunDeps } from '../../run/run-deps';
import { VIEW_CONTEXT_CHARS, VIEW_CONTEXT_TOTAL_CHARS, viewContextLayer } from './view-context-layer';

const session: SessionRecord = {
  id: 's1',
  title: 'Board',
  model: 'gpt-test',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  messageCount: 0,
  toolCallCount: 0,
  usage: zeroUsage(),
  settings: { maxTurns: 3, systemPrompt: 'be brief' },
};
const noTools: ToolExecutor = { list: () => [], get: () => undefined };

function deps(model: ReturnType<typeof scriptedModel>, persisted: AgentEvent[]): RunDeps {
  let lock = false;
  return {
    runAgent,
    openEndpoint: async ({ baseURL }) => ({
      baseURL,
      ready: true,
      client: model,
      embedder: () => {
        throw new Error('no embeddings in this test');
      },
    }),
    createToolExecutor: async () => noTools,
    createPersister: () => ({ emit: (e) => persisted.push(e), flush: async () => undefined }),
    acquireRunLock: async (sessionId) => {
      if (lock) return { ok: false, reason: 'locked' };
      lock = true;
      return {
        ok: true,
        lock: {
          sessionId,
          release: () => {
            lock = false;
          },
        },
      };
    },
    getSession: async () => session,
    loadHistory: async () => [],
    setTitle: async () => undefined,
    getBaseURL: () => 'http://127.0.0.1:1/v1',
    newId: () => `run-${Math.random()}`,
    now: () => 0,
    viewContext: async (sessionId) => viewContextFor(sessionId),
  };
}

/** The system message of the Chat Completions body the model client was handed. */
function systemOf(request: ModelRequest | undefined): string {
  const first = request?.messages[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
}

afterEach(() => useMcpAppViews.setState({ views: {}, asks: [] }));

const view = (callId: string, sessionId = 's1') =>
  noteAppView({
    callId,
    sessionId,
    serverId: 'srv',
    serverName: 'apps',
    toolName: 'show_board',
    resourceUri: 'ui://board',
    args: {},
  });

describe('model context from MCP App views', () => {
  it('goes with the next model request of the session, under its own heading, and only the latest per View', async () => {
    view('c1');
    noteModelContext('c1', 's1', 'The person picked card 2.');
    noteModelContext('c1', 's1', 'The person picked card 3.');
    view('c2', 'other');
    noteModelContext('c2', 'other', 'Not this session.');
    const model = scriptedModel([textReply(['ok'])]);
    const persisted: AgentEvent[] = [];
    const c = createRunController(deps(model, persisted), (flush) => {
      queueMicrotask(flush);
      return () => undefined;
    });
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'what did I pick?' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;

    expect(model.requests).toHaveLength(1);
    const system = systemOf(model.requests[0]);
    expect(system).toContain('be brief');
    expect(system).toContain(
      '## Context from MCP App views\nFrom the apps — show_board view:\nThe person picked card 3.',
    );
    expect(system).not.toContain('card 2');
    expect(system).not.toContain('Not this session.');
  });

  it('sends nothing extra when no View of the session gave context', async () => {
    view('c1');
    const model = scriptedModel([textReply(['ok'])]);
    const c = createRunController(deps(model, []), (flush) => {
      queueMicrotask(flush);
      return () => undefined;
    });
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'hi' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(systemOf(model.requests[0])).toBe('be brief');
  });

  it("a failure to read the Views' context sends the request without it, and the run completes", async () => {
    const model = scriptedModel([textReply(['ok'])]);
    const c = createRunController(
      {
        ...deps(model, []),
        viewContext: async () => {
          throw new Error('storage gone');
        },
      },
      (flush) => {
        queueMicrotask(flush);
        return () => undefined;
      },
    );
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'hi' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(model.requests).toHaveLength(1);
    expect(systemOf(model.requests[0])).toBe('be brief');
  });

  it('is bounded: each View cut, the whole layer capped, newest first', () => {
    const long = 'x'.repeat(VIEW_CONTEXT_CHARS + 500);
    const layer = viewContextLayer([
      { label: 'old view', text: 'old', at: 1 },
      ...Array.from({ length: 4 }, (_, i) => ({ label: `view ${i}`, text: long, at: 10 + i })),
    ]);
    expect(layer).not.toBeNull();
    expect(layer!.text.length).toBeLessThanOrEqual(VIEW_CONTEXT_TOTAL_CHARS);
    expect(layer!.text.startsWith('From the view 3:\n')).toBe(true);
    expect(layer!.text).toContain('… [cut]');
    expect(layer!.text).not.toContain('old view');
  });

  it('a context the View gives while the run waits on a call goes with the next request of the same run', async () => {
    view('c1');
    // The tool stands in for the time a View is used while its run goes on (the run waits on this call).
    const tool = fakeTool({
      name: 'show',
      run: () => {
        noteModelContext('c1', 's1', 'The person picked card 4.');
        return ok('shown');
      },
    });
    const model = scriptedModel([toolCallsReply([{ id: 'k1', name: 'show', args: '{}' }]), textReply(['ok'])]);
    const persisted: AgentEvent[] = [];
    const c = createRunController(
      { ...deps(model, persisted), createToolExecutor: async () => fakeExecutor([tool]) },
      (flush) => {
        queueMicrotask(flush);
        return () => undefined;
      },
    );
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'pick one' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(model.requests).toHaveLength(2);
    expect(systemOf(model.requests[0])).toBe('be brief');
    expect(systemOf(model.requests[1])).toContain(
      '## Context from MCP App views\nFrom the apps — show_board view:\nThe person picked card 4.',
    );
  });
});
