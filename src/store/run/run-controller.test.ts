import { describe, expect, it } from 'vitest';
import type { LoopEvent, LoopEventBody } from '../../agent/events';
import type { AgentEvent } from '../../domain/run-events';
import type { ToolExecutor } from '../../agent/tool-executor';
import type { SessionRecord } from '../../domain/session';
import { zeroUsage } from '../../domain/messages';
import { createRunController, sessionConfig, titleFrom } from './run-controller';
import type { RunAgentInput, RunDeps } from './run-deps';
import { useRunStore } from './run-store';

const session = (over: Partial<SessionRecord> = {}): SessionRecord => ({
  id: 's1',
  title: 'New session',
  model: 'gpt-test',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  messageCount: 0,
  toolCallCount: 0,
  usage: zeroUsage(),
  settings: { maxTurns: 3, systemPrompt: 'be brief' },
  ...over,
});

const noTools: ToolExecutor = { list: () => [], get: () => undefined };
const immediate = (flush: () => void) => {
  queueMicrotask(flush);
  return () => undefined;
};

function fakeDeps(
  over: Partial<RunDeps> & { script?: (input: RunAgentInput, emit: (b: LoopEventBody) => void) => Promise<void> } = {},
) {
  const persisted: AgentEvent[] = [];
  const inputs: RunAgentInput[] = [];
  const titles: string[] = [];
  let lockHeld = false;
  let n = 0;
  const deps: RunDeps = {
    async runAgent(input) {
      inputs.push(input);
      let seq = 0;
      const emit = (b: LoopEventBody) => input.emit({ ...b, runId: input.runId, seq: seq++, t: 0 } as LoopEvent);
      emit({ type: 'run_started', sessionId: input.sessionId, model: input.config.model, startedAt: 0 });
      await over.script?.(input, emit);
      const stopReason = input.signal.aborted ? 'cancelled' : 'complete';
      emit({ type: 'run_finished', stopReason, usage: zeroUsage() });
      return { stopReason, history: [], usage: zeroUsage() };
    },
    openEndpoint: async ({ baseURL }) => ({
      baseURL,
      ready: true,
      client: {
        stream: async function* () {
          /* unused by the fake loop */
        },
      },
      embedder: () => {
        throw new Error('no embeddings in this test');
      },
    }),
    createToolExecutor: async () => noTools,
    createPersister: () => ({ emit: (e) => persisted.push(e), flush: async () => undefined }),
    acquireRunLock: async (sessionId) => {
      if (lockHeld) return { ok: false, reason: 'locked' };
      lockHeld = true;
      return {
        ok: true,
        lock: {
          sessionId,
          release: () => {
            lockHeld = false;
          },
        },
      };
    },
    getSession: async () => session(),
    loadHistory: async () => [],
    setTitle: async (_id, t) => {
      titles.push(t);
    },
    getBaseURL: () => 'http://127.0.0.1:1/v1',
    newId: () => `run-${++n}`,
    now: () => 0,
    ...over,
  };
  return { deps, persisted, inputs, titles, isLocked: () => lockHeld };
}

describe('run controller', () => {
  it('runs with the session model, limits and system prompt, and fans every event out to the store and the persister', async () => {
    const f = fakeDeps({
      script: async (_i, emit) => {
        emit({ type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' });
        emit({ type: 'text_delta', turn: 1, messageId: 'm1', delta: 'hi' });
      },
    });
    const c = createRunController(f.deps, immediate);
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'Hello there\nsecond line' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(f.inputs[0]?.config).toMatchObject({ model: 'gpt-test', maxTurns: 3, maxToolCallsPerTurn: 10 });
    expect(f.inputs[0]?.systemPrompt).toBe('be brief');
    expect(f.inputs[0]?.userMessage).toBe('Hello there\nsecond line');
    expect(f.titles).toEqual(['Hello there']);
    expect(f.persisted.map((e) => e.type)).toEqual(['run_started', 'request_started', 'text_delta', 'run_finished']);
    const run = useRunStore.getState().runs.s1;
    expect(run?.status).toBe('finished');
    expect(run?.ended).toBe(true);
    expect(f.isLocked()).toBe(false);
    expect(c.isRunning('s1')).toBe(false);
  });

  it('Stop aborts the signal the loop got, and the run ends cancelled', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const f = fakeDeps({
      script: (input) =>
        new Promise<void>((resolve) => {
          started();
          input.signal.addEventListener('abort', () => resolve());
        }),
    });
    const c = createRunController(f.deps, immediate);
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'x' });
    if (!r.ok) throw new Error(r.reason);
    await running;
    expect(c.isRunning('s1')).toBe(true);
    expect(c.stop('s1')).toBe(true);
    await r.done;
    expect(useRunStore.getState().runs.s1?.status).toBe('cancelled');
  });

  it('marks the run ended only once the lock manager has let go of its lock', async () => {
    let letGo!: () => void;
    const released = new Promise<void>((r) => (letGo = r));
    let releaseAsked = false;
    const f = fakeDeps({
      acquireRunLock: async (sessionId) => ({
        ok: true,
        lock: {
          sessionId,
          release: () => {
            releaseAsked = true;
          },
          released,
        },
      }),
    });
    const c = createRunController(f.deps, immediate);
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'x' });
    if (!r.ok) throw new Error(r.reason);
    await expect.poll(() => releaseAsked).toBe(true);
    // Other tabs (and this one's chat) would still see the lock held: the run is not over for them yet.
    expect(useRunStore.getState().runs.s1?.ended).toBe(false);
    expect(c.isRunning('s1')).toBe(true);
    letGo();
    await r.done;
    expect(useRunStore.getState().runs.s1?.ended).toBe(true);
    expect(c.isRunning('s1')).toBe(false);
  });

  it('surfaces an approval request and hands the decision back to the loop; abort denies it', async () => {
    const decisions: unknown[] = [];
    const f = fakeDeps({
      script: async (input) => {
        decisions.push(await input.approve!({ callId: 'c1', name: 'rm', arguments: '{}' }, input.signal));
        decisions.push(await input.approve!({ callId: 'c2', name: 'rm', arguments: '{}' }, input.signal));
      },
    });
    const c = createRunController(f.deps, immediate);
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'x' });
    if (!r.ok) throw new Error(r.reason);
    await new Promise((res) => setTimeout(res, 0));
    const pending = useRunStore.getState().approvals.c1;
    expect(pending?.name).toBe('rm');
    pending?.resolve({ decision: 'edit', arguments: '{"force":false}' });
    await new Promise((res) => setTimeout(res, 0));
    expect(useRunStore.getState().approvals.c1).toBeUndefined();
    expect(useRunStore.getState().approvals.c2).toBeDefined();
    c.stop('s1');
    await r.done;
    expect(decisions).toEqual([
      { decision: 'edit', arguments: '{"force":false}' },
      { decision: 'deny', reason: 'cancelled by user' },
    ]);
    expect(useRunStore.getState().approvals.c2).toBeUndefined();
  });

  it('puts an approval question on screen only once what the run emitted before it is stored', async () => {
    let finishWrite: () => void = () => undefined;
    const written: string[] = [];
    const f = fakeDeps({
      createPersister: () => ({
        emit: (e) => written.push(`buffered ${e.type}`),
        // The first flush (the question's) waits until the test lets the write finish; the run's last one does not.
        flush: () =>
          written.includes('stored')
            ? Promise.resolve()
            : new Promise<void>((res) => {
                finishWrite = () => {
                  written.push('stored');
                  res();
                };
              }),
      }),
      script: async (input, emit) => {
        emit({ type: 'approval_requested', turn: 1, callId: 'c1', name: 'rm', arguments: '{}' });
        await input.approve!({ callId: 'c1', name: 'rm', arguments: '{}' }, input.signal);
      },
    });
    const c = createRunController(f.deps, immediate);
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'x' });
    if (!r.ok) throw new Error(r.reason);
    await new Promise((res) => setTimeout(res, 0));
    expect(written).toContain('buffered approval_requested');
    expect(useRunStore.getState().approvals.c1).toBeUndefined();
    finishWrite();
    await new Promise((res) => setTimeout(res, 0));
    expect(useRunStore.getState().approvals.c1?.name).toBe('rm');
    c.stop('s1');
    await r.done;
  });

  it('refuses to start without a key, twice at once, or while another tab holds the lock', async () => {
    expect(
      await createRunController(
        fakeDeps({
          openEndpoint: async ({ baseURL }) => ({
            baseURL,
            ready: false,
            client: {
              stream: async function* () {
                /* never asked */
              },
            },
            embedder: () => {
              throw new Error('never asked');
            },
          }),
        }).deps,
      ).start({ kind: 'message', sessionId: 's1', text: 'x' }),
    ).toEqual({ ok: false, reason: 'no_key' });
    const f = fakeDeps({
      script: (input) => new Promise<void>((res) => input.signal.addEventListener('abort', () => res())),
    });
    const c = createRunController(f.deps, immediate);
    const [a, b] = await Promise.all([
      c.start({ kind: 'message', sessionId: 's1', text: 'x' }),
      c.start({ kind: 'message', sessionId: 's1', text: 'y' }),
    ]);
    expect(a.ok).toBe(true);
    expect(b).toEqual({ ok: false, reason: 'busy' });
    const other = createRunController(f.deps, immediate);
    expect(await other.start({ kind: 'message', sessionId: 's1', text: 'z' })).toEqual({ ok: false, reason: 'locked' });
    c.stop('s1');
    if (a.ok) await a.done;
  });

  it('after a run could not be saved, retries its writes before the next run and refuses while they still fail', async () => {
    let storageFull = true;
    const log: string[] = [];
    const made: number[] = [];
    const f = fakeDeps({
      createPersister: (_id, onError) => {
        const id = made.length + 1;
        made.push(id);
        let saved = false;
        return {
          emit: () => undefined,
          flush: async () => {
            log.push(`flush ${id}`);
            if (storageFull) onError({ fault: 'system', kind: 'storage', message: 'full' });
            else saved = true;
          },
          unsaved: () => !saved,
          unsavedRecords: () =>
            saved
              ? null
              : {
                  messages: [],
                  events: [],
                  toolCalls: [],
                  run: null,
                  status: `unsaved-${id}` as SessionRecord['status'],
                },
        };
      },
      loadHistory: async () => {
        log.push('loadHistory');
        return [];
      },
    });
    const c = createRunController(f.deps, immediate);
    useRunStore.setState({ sideErrors: [] });
    const first = await c.start({ kind: 'message', sessionId: 's1', text: 'one' });
    if (!first.ok) throw new Error(first.reason);
    await first.done;
    expect(useRunStore.getState().sideErrors.map((e) => e.error.kind)).toEqual(['storage']);
    // The finished run's unsaved records stay reachable for Export.
    expect(c.unsavedRecords('s1')?.status).toBe('unsaved-1');
    expect(c.unsavedRecords('other')).toBeNull();

    log.length = 0;
    expect(await c.start({ kind: 'message', sessionId: 's1', text: 'two' })).toEqual({ ok: false, reason: 'unsaved' });
    expect(log).toEqual(['flush 1']);
    expect(f.inputs).toHaveLength(1);
    expect(f.isLocked()).toBe(false);
    expect(c.isRunning('s1')).toBe(false);
    expect(useRunStore.getState().sideErrors.at(-1)?.error.message).toMatch(/not saved.*storage refuses writes/);

    storageFull = false;
    log.length = 0;
    const third = await c.start({ kind: 'message', sessionId: 's1', text: 'three' });
    if (!third.ok) throw new Error(third.reason);
    await third.done;
    // The history is read only once the earlier run is stored, so it is part of it.
    expect(log).toEqual(['flush 1', 'loadHistory', 'flush 2']);
    expect(f.inputs.map((i) => i.userMessage)).toEqual(['one', 'three']);
    expect(c.unsavedRecords('s1')).toBeNull();
    expect(useRunStore.getState().sideErrors.filter((e) => e.sessionId === 's1')).toEqual([]);
  });

  it('repairs a session a closed tab left live before reading its history, and only then', async () => {
    const log: string[] = [];
    const deps = (status: SessionRecord['status']) =>
      fakeDeps({
        getSession: async () => session({ status }),
        recoverSession: async (id) => {
          log.push(`recover ${id}`);
        },
        loadHistory: async () => {
          log.push('loadHistory');
          return [];
        },
      }).deps;
    for (const status of ['generating', 'idle'] as const) {
      const r = await createRunController(deps(status), immediate).start({
        kind: 'message',
        sessionId: 's1',
        text: 'hi',
      });
      if (!r.ok) throw new Error(r.reason);
      await r.done;
    }
    expect(log).toEqual(['recover s1', 'loadHistory', 'loadHistory']);
  });

  it('builds the loop config from defaults plus the session overrides', () => {
    expect(sessionConfig(session({ settings: { temperature: 0.2, systemPrompt: 'x' } }))).toMatchObject({
      model: 'gpt-test',
      temperature: 0.2,
      maxTurns: 25,
    });
    expect(titleFrom('   ')).toBe('New session');
    expect(titleFrom('a'.repeat(80))).toHaveLength(58);
  });
});

describe('run controller: the page being hidden', () => {
  it("flushAll writes what each live run has buffered and leaves it open; only the run's end closes it", async () => {
    const log: string[] = [];
    const f = fakeDeps({
      createPersister: () => ({
        emit: (e) => log.push(e.type),
        flush: async () => {
          log.push('flush');
        },
        close: async () => {
          log.push('close');
        },
      }),
      script: (input) => new Promise<void>((res) => input.signal.addEventListener('abort', () => res())),
    });
    const c = createRunController(f.deps, immediate);
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'x' });
    if (!r.ok) throw new Error(r.reason);
    await c.flushAll();
    expect(log.filter((l) => l === 'flush' || l === 'close')).toEqual(['flush']);
    c.stop('s1');
    await r.done;
    expect(log.filter((l) => l === 'flush' || l === 'close')).toEqual(['flush', 'close']);
    expect(log.at(-2)).toBe('run_finished');
  });
});

describe('run controller: an endpoint on this machine', () => {
  it("opens the endpoint Settings point at, in the session's API, through the door, and runs with its client", async () => {
    const opened: { baseURL: string; format: string }[] = [];
    const client = {
      stream: async function* () {
        /* unused */
      },
    };
    const f = fakeDeps({
      getBaseURL: () => 'http://localhost:11434/v1',
      openEndpoint: async ({ baseURL, wire }) => {
        opened.push({ baseURL, format: wire.format });
        return {
          baseURL,
          ready: true,
          client,
          embedder: () => {
            throw new Error('no embeddings in this test');
          },
        };
      },
    });
    const r = await createRunController(f.deps, immediate).start({ kind: 'message', sessionId: 's1', text: 'x' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(opened).toEqual([{ baseURL: 'http://localhost:11434/v1', format: 'chat' }]);
    expect(f.inputs[0]?.model).toBe(client);
  });
});

describe('run controller: a run that cannot start', () => {
  it('reports an internal start error (not the network) when loading the history throws, and releases the lock', async () => {
    const f = fakeDeps({
      loadHistory: async () => {
        throw new TypeError('messages.map is not a function');
      },
    });
    const c = createRunController(f.deps, immediate);
    useRunStore.setState({ sideErrors: [] });
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'hi' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(useRunStore.getState().sideErrors.map((e) => e.error)).toEqual([
      {
        fault: 'system',
        kind: 'internal',
        step: 'start',
        message: 'The run could not start: messages.map is not a function',
      },
    ]);
    expect(f.inputs).toHaveLength(0);
    expect(f.isLocked()).toBe(false);
  });

  it('keeps a storage failure while starting a storage error', async () => {
    const f = fakeDeps({
      loadHistory: async () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    });
    const c = createRunController(f.deps, immediate);
    useRunStore.setState({ sideErrors: [] });
    const r = await c.start({ kind: 'message', sessionId: 's1', text: 'hi' });
    if (!r.ok) throw new Error(r.reason);
    await r.done;
    expect(useRunStore.getState().sideErrors.map((e) => e.error.kind)).toEqual(['storage']);
  });
});
