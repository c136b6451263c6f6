import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenTool, unflattenTool, type FlatToolDefinition, type ToolDefinition } from '../domain/tool-definition';
import { newDefinition } from './definition';
import { createToolExecutor } from './executor';
import { createInProcessSandbox } from './sandbox/in-process-sandbox';
import { tryFailure, tryHeadline, tryTool, type TryResult } from './try-tool';
import type { SchemaValidator } from './validation/schema-validator';

let closedOrigin = '';
beforeAll(async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(() => undefined);

/** A code tool with `patch` laid over it in the flat layout, so a patch can turn it into another kind. */
const code = (name: string, body: string, patch: Partial<FlatToolDefinition> = {}): ToolDefinition =>
  unflattenTool({
    ...flattenTool(newDefinition(name, 1)),
    name,
    description: 'd',
    code: body,
    parameters: { type: 'object', properties: { n: { type: 'number' } } },
    ...patch,
  });

async function tryIt(def: ToolDefinition, args = '{}', validator?: SchemaValidator): Promise<TryResult> {
  const executor = createToolExecutor([def], {
    secrets: { headerSecret: async () => undefined },
    sandbox: createInProcessSandbox(),
    ...(validator ? { validator } : {}),
  });
  return tryTool(executor, def.name, args, { signal: new AbortController().signal, defaultTimeoutMs: 3_000 });
}

describe('"Try it" names the failure the way the agent path meets it', () => {
  it('OK for a result', async () => {
    const r = await tryIt(code('fine', 'return 1;'));
    expect([tryFailure(r), tryHeadline(r)]).toEqual([null, 'OK']);
  });

  it('invalid arguments', async () => {
    const r = await tryIt(code('typed', 'return 1;'), '{"n": "one"}');
    expect(tryHeadline(r)).toBe('Not run: invalid arguments');
  });

  it('an argument check that failed is not called invalid arguments', async () => {
    const stuck: SchemaValidator = {
      validateArgs: async () => {
        throw new Error('The argument check took too long');
      },
      schemaProblems: async () => [],
      forgetTool: () => {},
      prepare: () => {},
    };
    const r = await tryIt(code('slowcheck', 'return 1;'), '{}', stuck);
    expect(r).toEqual({ kind: 'check_failed', message: 'The argument check took too long' });
    expect(tryHeadline(r)).toBe('Not run: the arguments could not be checked');
  });

  it('a thrown error', async () => {
    expect(tryHeadline(await tryIt(code('throws', 'throw new Error("no");')))).toBe('Failed: the code threw an error');
  });

  it('a timeout', async () => {
    expect(tryHeadline(await tryIt(code('loops', 'for (;;) {}', { timeoutMs: 200 })))).toBe('Failed: timed out');
  });

  it('the memory limit', async () => {
    expect(tryHeadline(await tryIt(code('hungry', 'const a = []; for (;;) a.push(new ArrayBuffer(1e6));')))).toBe(
      'Failed: memory limit',
    );
  });

  it('a network failure', async () => {
    const r = await tryIt(
      code('down', '', {
        kind: 'http',
        code: null,
        http: {
          method: 'GET',
          urlTemplate: `${closedOrigin}/x`,
          headers: [],
          bodyTemplate: null,
          responseType: 'text',
        },
      }),
    );
    expect(tryHeadline(r)).toBe('Failed: network error (the server could not be reached)');
  });
});
