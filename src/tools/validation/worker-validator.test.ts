import { afterEach, describe, expect, it } from 'vitest';
import { createValidationEngine } from './in-process-validator';
import type { ValidationEngine } from './schema-validator';
import { answerRequest, type ValidationReply, type ValidationRequest } from './validation-protocol';
import { createWorkerValidator, type ValidationPort } from './worker-validator';

const cityTool = {
  id: 'weather',
  updatedAt: 1,
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

/** A "worker" on the far side of a real MessageChannel (structured clone and all), answering with `engine`. */
function spawnOver(engine: ValidationEngine, spawned: { count: number } = { count: 0 }): () => ValidationPort {
  return () => {
    spawned.count++;
    const channel = new MessageChannel();
    channels.push(channel);
    channel.port2.onmessage = (event: MessageEvent<ValidationRequest>) => {
      const reply = answerRequest(engine, event.data);
      if (reply) channel.port2.postMessage(reply);
    };
    return channel.port1 as unknown as ValidationPort;
  };
}

/** Records what the engine was asked, around the real Ajv engine. */
function recordingEngine() {
  const real = createValidationEngine();
  const log: string[] = [];
  const engine: ValidationEngine = {
    validateArgs: (tool, args) => {
      log.push(`validate ${tool.id}`);
      return real.validateArgs(tool, args);
    },
    schemaProblems: (schema) => {
      log.push('schema');
      return real.schemaProblems(schema);
    },
    forgetTool: (id) => {
      log.push(`forget ${id}`);
      real.forgetTool(id);
    },
    prepare: (tools) => {
      log.push(`prepare ${tools.map((t) => `${t.id}[${Object.keys(t).sort().join(' ')}]`).join(',')}`);
      real.prepare(tools);
    },
  };
  return { engine, log };
}

describe('createWorkerValidator over the worker protocol', () => {
  it('answers what the in-process engine answers, for arguments and for schemas', async () => {
    const v = createWorkerValidator(spawnOver(createValidationEngine()));
    expect(await v.validateArgs(cityTool, { city: 'Oslo' })).toEqual([]);
    expect(await v.validateArgs(cityTool, { town: 'Oslo' })).toEqual([
      { path: '/city', message: "must have required property 'city'" },
      { path: '/town', message: 'is not an allowed property' },
    ]);
    expect(await v.schemaProblems({ type: 'object', properties: { a: { $ref: '#/nope' } } })).toEqual([
      expect.stringMatching(/resolve reference/),
    ]);
    expect(await v.schemaProblems(cityTool.parameters)).toEqual([]);
  });

  it('sends only what validation needs, and matches concurrent replies to their requests', async () => {
    const seen: ValidationRequest[] = [];
    const replies: (() => void)[] = [];
    const engine = createValidationEngine();
    let onmessage: ((event: MessageEvent<ValidationReply>) => void) | null = null;
    const port: ValidationPort = {
      get onmessage() {
        return onmessage;
      },
      set onmessage(f) {
        onmessage = f;
      },
      postMessage(request) {
        seen.push(request);
        const reply = answerRequest(engine, request);
        if (reply) replies.push(() => onmessage?.({ data: reply } as MessageEvent<ValidationReply>));
      },
    };
    const v = createWorkerValidator(() => port);
    const full = { ...cityTool, name: 'weather', code: 'secret stuff' };
    const first = v.validateArgs(full, {});
    const second = v.validateArgs(full, { city: 'Rome' });
    // The worker answers the second request first.
    replies.reverse().forEach((send) => send());
    expect(await second).toEqual([]);
    expect(await first).toEqual([{ path: '/city', message: "must have required property 'city'" }]);
    expect(seen[0]).toEqual({
      type: 'validate',
      id: 1,
      tool: { id: cityTool.id, parameters: cityTool.parameters },
      args: {},
    });
  });

  it('a failing engine rejects that request only, and the worker keeps answering', async () => {
    const engine: ValidationEngine = {
      ...createValidationEngine(),
      validateArgs: () => {
        throw new Error('boom');
      },
    };
    const v = createWorkerValidator(spawnOver(engine));
    await expect(v.validateArgs(cityTool, {})).rejects.toThrow('Validation failed: boom');
    expect(await v.schemaProblems(cityTool.parameters)).toEqual([]);
  });

  it('arguments that cannot be cloned are refused without leaving the request waiting', async () => {
    const v = createWorkerValidator(spawnOver(createValidationEngine()));
    await expect(v.validateArgs(cityTool, { city: () => 'Oslo' })).rejects.toThrow();
    expect(await v.validateArgs(cityTool, { city: 'Oslo' })).toEqual([]);
  });

  it('when the worker dies, waiting requests fail with the reason and the next request starts a new worker', async () => {
    let port: ValidationPort | null = null;
    let spawned = 0;
    const v = createWorkerValidator(() => {
      spawned++;
      const p: ValidationPort = { onmessage: null, onerror: null, postMessage: () => {}, terminate: () => {} };
      port = p;
      return p;
    });
    const waiting = v.validateArgs(cityTool, {});
    let prevented = false;
    (port as ValidationPort | null)?.onerror?.({
      message: 'script failed to load',
      preventDefault: () => void (prevented = true),
    } as ErrorEvent);
    await expect(waiting).rejects.toThrow('The validation worker failed: script failed to load.');
    expect(prevented).toBe(true);
    void v.validateArgs(cityTool, {});
    expect(spawned).toBe(2);
  });

  it('forgets a deleted tool in the worker, and does not start a worker just to forget', async () => {
    const { engine, log } = recordingEngine();
    const spawned = { count: 0 };
    const v = createWorkerValidator(spawnOver(engine, spawned));
    v.forgetTool('weather');
    expect(spawned.count).toBe(0);
    await v.validateArgs(cityTool, { city: 'Oslo' });
    v.forgetTool('weather');
    await v.schemaProblems(cityTool.parameters);
    expect(log).toEqual(['validate weather', 'forget weather', 'schema']);
  });

  it('compiles tools ahead of their calls: the worker gets only what validation needs and the call reuses it', async () => {
    const { engine, log } = recordingEngine();
    const v = createWorkerValidator(spawnOver(engine));
    v.prepare([]);
    v.prepare([{ ...cityTool, code: 'secret code' } as typeof cityTool]);
    expect(await v.validateArgs(cityTool, { town: 'Oslo' })).not.toEqual([]);
    expect(log).toEqual(['prepare weather[id parameters]', 'validate weather']);
  });
});

describe('the deadline on each check', () => {
  /** A worker that answers with the real engine, except that it never answers a check of `stuckTool` (as with a backtracking pattern). */
  function workers(stuckTool: string) {
    const spawned: { terminated: boolean; seen: ValidationRequest[] }[] = [];
    const engine = createValidationEngine();
    const spawn = (): ValidationPort => {
      const record = { terminated: false, seen: [] as ValidationRequest[] };
      spawned.push(record);
      let stuck = false;
      const port: ValidationPort = {
        onmessage: null,
        onerror: null,
        postMessage(request) {
          record.seen.push(request);
          if (stuck || record.terminated) return;
          if (request.type === 'validate' && request.tool.id === stuckTool) {
            // From here on this worker is busy for good: later requests queue behind it.
            stuck = true;
            return;
          }
          const reply = answerRequest(engine, request);
          if (reply) queueMicrotask(() => port.onmessage?.({ data: reply } as MessageEvent<ValidationReply>));
        },
        terminate() {
          record.terminated = true;
        },
      };
      queueMicrotask(() => port.onmessage?.({ data: { type: 'ready' } } as MessageEvent<ValidationReply>));
      return port;
    };
    return { spawn, spawned };
  }

  const redos = {
    id: 'redos',
    updatedAt: 1,
    parameters: { type: 'object', properties: { w: { type: 'string', pattern: '^(a+)+$' } } },
  };

  it('stops a check that runs past it, restarts the worker, answers the checks queued behind, and keeps working', async () => {
    const { spawn, spawned } = workers('redos');
    const v = createWorkerValidator(spawn, { deadlineMs: 50 });
    const stuck = v.validateArgs(redos, { w: `${'a'.repeat(40)}!` });
    const queued = v.validateArgs(cityTool, { town: 'Oslo' });
    await expect(stuck).rejects.toThrow(
      /^The argument check took too long \(over 50 ms\) and was stopped\. A "pattern" in the tool's parameters/,
    );
    expect(await queued).toEqual([
      { path: '/city', message: "must have required property 'city'" },
      { path: '/town', message: 'is not an allowed property' },
    ]);
    expect(spawned.map((w) => w.terminated)).toEqual([true, false]);
    expect(await v.validateArgs(cityTool, { city: 'Oslo' })).toEqual([]);
    expect(spawned).toHaveLength(2);
  });

  it('does not count a slow start against a check', async () => {
    let port: ValidationPort | null = null;
    const v = createWorkerValidator(
      () => {
        const p: ValidationPort = { onmessage: null, postMessage: () => {}, terminate: () => {} };
        port = p;
        return p;
      },
      { deadlineMs: 20 },
    );
    let settled = false;
    const waiting = v.schemaProblems(cityTool.parameters).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(settled).toBe(false);
    (port as ValidationPort | null)?.onmessage?.({ data: { type: 'ready' } } as MessageEvent<ValidationReply>);
    await expect(waiting).rejects.toThrow(/took too long/);
  });
});

describe('answerRequest', () => {
  it('never throws: an engine error becomes a "failed" reply with the request id', () => {
    const engine: ValidationEngine = {
      validateArgs: () => {
        throw new TypeError('bad');
      },
      schemaProblems: () => [],
      forgetTool: () => {},
      prepare: () => {
        throw new TypeError('no compile');
      },
    };
    expect(answerRequest(engine, { type: 'validate', id: 7, tool: cityTool, args: {} })).toEqual({
      type: 'failed',
      id: 7,
      message: 'bad',
    });
    expect(answerRequest(engine, { type: 'forget', toolId: 'x' })).toBeNull();
    expect(answerRequest(engine, { type: 'prepare', tools: [cityTool] })).toBeNull();
  });
});
