import { beforeEach, describe, expect, it } from 'vitest';
import { askAboutView, noteAppCall, useMcpAppViews } from './app-views';
import { MAX_BRIDGE_ENTRIES, noteBridgeEntry } from './app-log';

const outcome = { outcome: 'ok' as const, content: 'x', blocks: [], logs: [] };

beforeEach(() => useMcpAppViews.setState({ views: {}, asks: [] }));

describe('MCP App views in the store', () => {
  it('notes a View only for a tool that names one', () => {
    noteAppCall('c1', { serverId: 's', serverName: 'S', tool: { name: 'plain', inputSchema: {} }, args: {}, outcome });
    noteAppCall('c2', {
      serverId: 's',
      serverName: 'S',
      tool: { name: 'board', inputSchema: {}, ui: { resourceUri: 'ui://s/b' } },
      args: { a: 1 },
      outcome,
    });
    expect(Object.keys(useMcpAppViews.getState().views)).toEqual(['c2']);
    expect(useMcpAppViews.getState().views.c2).toMatchObject({ resourceUri: 'ui://s/b', args: { a: 1 }, outcome });
  });

  it('keeps at most the last entries of a View that floods the host', () => {
    noteAppCall('c', {
      serverId: 's',
      serverName: 'S',
      tool: { name: 'b', inputSchema: {}, ui: { resourceUri: 'ui://s/b' } },
      args: {},
      outcome,
    });
    for (let i = 0; i < MAX_BRIDGE_ENTRIES + 50; i += 1)
      noteBridgeEntry('c', 's1', { t: i, at: i, method: 'notifications/message', params: {}, outcome: 'notice' });
    const log = useMcpAppViews.getState().views.c?.log ?? [];
    expect(log).toHaveLength(MAX_BRIDGE_ENTRIES);
    expect(log[0]?.t).toBe(50);
  });

  it('a question under a View is answered once, and a View that goes away answers no', async () => {
    const gone = new AbortController();
    const pending = askAboutView(
      (id, answer) => ({ kind: 'send-message', id, callId: 'c', text: 'hi', answer }),
      gone.signal,
    );
    expect(useMcpAppViews.getState().asks).toHaveLength(1);
    gone.abort();
    await expect(pending).resolves.toBe(false);
    expect(useMcpAppViews.getState().asks).toHaveLength(0);
  });
});
