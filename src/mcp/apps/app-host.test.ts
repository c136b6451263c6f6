/**
 * The host's message checks against the real AppBridge: only the View's own window is heard, a model-only tool is
 * refused with a JSON-RPC error (and never reaches the port's server), an app tool's result goes back, teardown is
 * sent on close. The "frame" is a stand-in window that records what the host posts to it; the page's window is an
 * EventTarget that receives message events, all the bridge's transport uses of it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppBridgeEntry, AppHost, AppHostPorts } from './app-host';
import { SANDBOX_VIEW_MESSAGE, startAppHost } from './app-host';

type Posted = Record<string, unknown>;

function fakeFrame(): { frame: Window; posted: Posted[] } {
  const posted: Posted[] = [];
  const frame = { postMessage: (m: Posted) => posted.push(m) } as unknown as Window;
  return { frame, posted };
}

function fromWindow(source: unknown, data: unknown): void {
  // Node's MessageEvent takes only a MessagePort as source; the transport reads just these two fields.
  const event = new Event('message');
  Object.defineProperties(event, { data: { value: data }, source: { value: source } });
  pageWindow.dispatchEvent(event);
}

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('not seen');
}

const pageWindow = new EventTarget();
beforeAll(() => {
  Object.defineProperty(globalThis, 'window', { value: pageWindow, configurable: true });
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'window');
});

let host: AppHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function start(overrides: Partial<AppHostPorts> = {}) {
  const { frame, posted } = fakeFrame();
  const log: AppBridgeEntry[] = [];
  const calls: string[] = [];
  host = await startAppHost({
    frame,
    resource: {
      uri: 'ui://t/v',
      html: '<p>view</p>',
      csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    },
    hostContext: { theme: 'light' },
    toolInput: { a: 1 },
    toolResult: { outcome: 'ok', content: 'done', blocks: [{ type: 'text', text: 'done' }], logs: [] },
    ports: {
      callTool: async (name) => {
        calls.push(name);
        return name === 'hidden'
          ? { refused: '"hidden" is not available to views' }
          : {
              result: {
                outcome: 'ok',
                content: `ran ${name}`,
                blocks: [{ type: 'text', text: `ran ${name}` }],
                logs: [],
              },
            };
      },
      message: async () => false,
      modelContext: () => undefined,
      size: () => undefined,
      displayMode: async () => 'inline',
      log: (e) => log.push(e),
      ...overrides,
    },
  });
  return { frame, posted, log, calls };
}

const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'ui/initialize',
  params: { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' },
};

describe('startAppHost', () => {
  it('hands the sandbox the HTML with the policy built from the declared domains', async () => {
    const { posted } = await start();
    expect(posted[0]).toEqual({
      type: SANDBOX_VIEW_MESSAGE,
      html: '<p>view</p>',
      csp: expect.stringContaining("connect-src 'none'"),
    });
  });

  it('answers only its own View: a message from another window is ignored', async () => {
    const { frame, posted } = await start();
    const other = fakeFrame();
    fromWindow(other.frame, init);
    fromWindow(pageWindow, init);
    await new Promise((r) => setTimeout(r, 30));
    expect(posted.filter((m) => m.id === 1)).toHaveLength(0);
    expect(other.posted).toHaveLength(0);
    fromWindow(frame, init);
    const reply = await until(() => posted.find((m) => m.id === 1));
    expect(reply.result).toMatchObject({ hostInfo: { name: 'Toolscope' }, hostContext: { theme: 'light' } });
  });

  it('sends the tool input and result once the View says it is initialized', async () => {
    const { frame, posted } = await start();
    fromWindow(frame, init);
    await until(() => posted.find((m) => m.id === 1));
    fromWindow(frame, { jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    const input = await until(() => posted.find((m) => m.method === 'ui/notifications/tool-input'));
    const result = await until(() => posted.find((m) => m.method === 'ui/notifications/tool-result'));
    expect(input.params).toEqual({ arguments: { a: 1 } });
    expect(result.params).toMatchObject({ content: [{ type: 'text', text: 'done' }], isError: false });
  });

  it('refuses a tool the port refuses with a JSON-RPC error, and returns an allowed one', async () => {
    const { frame, posted, log } = await start();
    fromWindow(frame, init);
    await until(() => posted.find((m) => m.id === 1));
    fromWindow(frame, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'hidden', arguments: {} } });
    fromWindow(frame, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { t: 'x' } } });
    const refused = await until(() => posted.find((m) => m.id === 2));
    const ok = await until(() => posted.find((m) => m.id === 3));
    expect(refused.error).toMatchObject({ message: expect.stringContaining('not available to views') });
    expect(ok.result).toMatchObject({ content: [{ type: 'text', text: 'ran echo' }] });
    expect(log.map((e) => `${e.method} ${e.outcome}`)).toEqual(
      expect.arrayContaining(['tools/call refused', 'tools/call ok']),
    );
  });

  it('a message the person does not allow comes back as an error result; a link is never opened', async () => {
    const { frame, posted, log } = await start();
    fromWindow(frame, init);
    await until(() => posted.find((m) => m.id === 1));
    fromWindow(frame, {
      jsonrpc: '2.0',
      id: 4,
      method: 'ui/message',
      params: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    });
    fromWindow(frame, { jsonrpc: '2.0', id: 5, method: 'ui/open-link', params: { url: 'https://example.com' } });
    expect((await until(() => posted.find((m) => m.id === 4))).result).toEqual({ isError: true });
    expect((await until(() => posted.find((m) => m.id === 5))).result).toEqual({ isError: true });
    expect(log.map((e) => `${e.method} ${e.outcome}`)).toEqual(
      expect.arrayContaining(['ui/message refused', 'ui/open-link refused']),
    );
  });

  it('close sends ui/resource-teardown to the View', async () => {
    const { posted } = await start();
    const closing = host?.close();
    await until(() => posted.find((m) => m.method === 'ui/resource-teardown'));
    await closing;
  });

  it('grants full screen when the port does, tells the View its new mode, and drops what is not JSON-RPC', async () => {
    const asked: string[] = [];
    const { frame, posted, log } = await start({
      displayMode: async (mode) => (asked.push(mode), mode === 'fullscreen' ? mode : 'inline'),
    });
    fromWindow(frame, init);
    await until(() => posted.find((m) => m.id === 1));
    fromWindow(frame, { jsonrpc: '2.0', id: 2, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });
    expect(await until(() => posted.find((m) => m.id === 2))).toMatchObject({ result: { mode: 'fullscreen' } });
    fromWindow(frame, { jsonrpc: '2.0', id: 3, method: 'ui/request-display-mode', params: { mode: 'pip' } });
    expect(await until(() => posted.find((m) => m.id === 3))).toMatchObject({ result: { mode: 'inline' } });
    expect(asked).toEqual(['fullscreen', 'pip']);
    expect(log.filter((e) => e.method === 'ui/request-display-mode').map((e) => e.outcome)).toEqual(['ok', 'refused']);
    host?.setDisplayMode('fullscreen', { width: 1000, height: 700 });
    expect(await until(() => posted.find((m) => m.method === 'ui/notifications/host-context-changed'))).toMatchObject({
      params: { displayMode: 'fullscreen', containerDimensions: { width: 1000, height: 700 } },
    });
    // Not JSON-RPC 2.0: never reaches the bridge (no answer, no error sent back).
    const before = posted.length;
    fromWindow(frame, { jsonrpc: '1.0', id: 9, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });
    fromWindow(frame, {
      jsonrpc: '2.0',
      id: { no: 1 },
      method: 'ui/request-display-mode',
      params: { mode: 'fullscreen' },
    });
    fromWindow(frame, 'ui/request-display-mode');
    await new Promise((r) => setTimeout(r, 50));
    expect(posted.length).toBe(before);
    expect(asked).toHaveLength(2);
  });
});
