import { afterEach, describe, expect, it } from 'vitest';
import { startEverythingServer, type EverythingMcpServer } from '../../e2e/mcp-servers/everything-server';
import { startModernMcpServer, type ModernMcpServer } from '../../e2e/mcp-servers/modern-server';
import { connectMcpServer, type McpConnection } from './connection';
import { until } from './testing/wait-until';

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function open(url: string): Promise<McpConnection> {
  const r = await connectMcpServer({ url, pageOrigin: null });
  if (r.status !== 'connected') throw new Error(JSON.stringify(r));
  cleanup.push(() => r.connection.close());
  return r.connection;
}

const rpcMethods = (bodies: readonly string[]) =>
  bodies.flatMap((b) => {
    try {
      const m = JSON.parse(b) as { method?: string; params?: { uri?: string } };
      return m.method !== undefined ? [`${m.method} ${m.params?.uri ?? ''}`.trim()] : [];
    } catch {
      return [];
    }
  });

describe('resource subscriptions, 2025-11-25 (server-everything)', () => {
  let server: EverythingMcpServer;

  it('resources/subscribe, then notifications/resources/updated reaches the listener; unsubscribing tells the server', async () => {
    server = await startEverythingServer();
    cleanup.push(() => server.close());
    const conn = await open(server.url);
    const uri = 'demo://resource/dynamic/text/1';
    let updates = 0;
    const unsubscribe = await conn.subscribeResource(uri, () => updates++);
    expect(unsubscribe).not.toBeNull();
    // The server's own switch for sending updates to subscribed sessions (it sends one at once).
    await conn.callTool('toggle-subscriber-updates', {}, { signal: new AbortController().signal, timeoutMs: 10_000 });
    await until(() => updates > 0, 'a resource update');
    const contents = await conn.readResource(uri);
    expect(contents[0]?.text).toMatch(/^Resource 1: This is a plaintext resource created at /);

    await unsubscribe?.();
    const sent = rpcMethods(server.recorder.requests.map((r) => r.body));
    expect(sent).toContain(`resources/subscribe ${uri}`);
    expect(sent).toContain(`resources/unsubscribe ${uri}`);
    await conn.callTool('toggle-subscriber-updates', {}, { signal: new AbortController().signal, timeoutMs: 10_000 });
  });

  it('two listeners on one resource share one subscription; the server hears unsubscribe after the last goes', async () => {
    server = await startEverythingServer();
    cleanup.push(() => server.close());
    const conn = await open(server.url);
    const uri = 'demo://resource/dynamic/text/2';
    const a = await conn.subscribeResource(uri, () => undefined);
    const b = await conn.subscribeResource(uri, () => undefined);
    const count = (m: string) =>
      rpcMethods(server.recorder.requests.map((r) => r.body)).filter((x) => x === `${m} ${uri}`).length;
    expect(count('resources/subscribe')).toBe(1);
    await a?.();
    expect(count('resources/unsubscribe')).toBe(0);
    await b?.();
    expect(count('resources/unsubscribe')).toBe(1);
  });
  it('an expired session opened again subscribes again to what is still watched, and the watcher re-reads', async () => {
    server = await startEverythingServer();
    cleanup.push(() => server.close());
    const conn = await open(server.url);
    const uri = 'demo://resource/dynamic/text/3';
    let updates = 0;
    const unsubscribe = await conn.subscribeResource(uri, () => updates++);
    expect(unsubscribe).not.toBeNull();
    const count = () =>
      rpcMethods(server.recorder.requests.map((r) => r.body)).filter((x) => x === `resources/subscribe ${uri}`).length;
    expect(count()).toBe(1);
    await server.expireSessions();
    // The next request meets the 404, opens the session again, and the subscription follows it there.
    await conn.readResource(uri);
    await until(() => count() === 2, 'resources/subscribe on the new session');
    await until(() => updates === 1, 'the watcher told to re-read');
    // The server's updates now reach the watcher through the new session.
    await conn.callTool('toggle-subscriber-updates', {}, { signal: new AbortController().signal, timeoutMs: 10_000 });
    await until(() => updates > 1, 'an update on the new session');
    await conn.callTool('toggle-subscriber-updates', {}, { signal: new AbortController().signal, timeoutMs: 10_000 });
    await unsubscribe?.();
  });
});

describe('resource subscriptions, 2026-07-28 (v2 SDK server)', () => {
  it('subscriptions/listen for the URI; an update reaches the listener and a re-read sees the new text; closing ends the stream', async () => {
    const server: ModernMcpServer = await startModernMcpServer({ note: 'first' });
    cleanup.push(() => server.close());
    const conn = await open(server.url);
    const uri = 'test://notes/today';
    expect((await conn.readResource(uri))[0]?.text).toBe('first');
    let updates = 0;
    const unsubscribe = await conn.subscribeResource(uri, () => updates++);
    expect(unsubscribe).not.toBeNull();
    const listen = server.recorder.requests
      .map((r) => r.body)
      .find((b) => b.includes('"subscriptions/listen"') && b.includes(uri));
    expect(listen).toBeDefined();

    server.updateNote('second');
    await until(() => updates === 1, 'the first update');
    expect((await conn.readResource(uri))[0]?.text).toBe('second');

    await unsubscribe?.();
    // Closing the subscription tells the server (the listen request is cancelled).
    await until(
      () => server.recorder.requests.some((r) => r.body.includes('"notifications/cancelled"')),
      'the listen stream cancelled',
    );
    let later = 0;
    const again = await conn.subscribeResource(uri, () => later++);
    server.updateNote('third');
    await until(() => later === 1, 'the update after subscribing again');
    expect(updates).toBe(1);
    await again?.();
  });

  it('a server without the resource offers no subscription for it', async () => {
    const server = await startModernMcpServer();
    cleanup.push(() => server.close());
    const conn = await open(server.url);
    expect(await conn.subscribeResource('test://nothing', () => undefined)).toBeNull();
  });
});
