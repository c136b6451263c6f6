import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../db/database';
import { listSessionMcpViewEvents } from '../../../db/mcp-view-events-repo';
import { nextViewEventSeq, viewEventJson, VIEW_EVENT_JSON_CHARS } from '../../../domain/mcp-view-event';
import { noteBridgeEntry } from './app-log';
import { flushViewEvents, STORED_VIEW_EVENTS } from './app-persist';
import { noteAppView, useMcpAppViews } from './app-views';

afterAll(() => db.close());

describe('View events stored with the session', () => {
  it('stores what a View did (with its server and tool) so the lane can list it after a reload', async () => {
    noteAppView({
      callId: 'call_a',
      sessionId: 's-a',
      serverId: 'srv',
      serverName: 'apps',
      toolName: 'show_board',
      resourceUri: 'ui://b',
      args: {},
    });
    noteBridgeEntry('call_a', 's-a', {
      t: 1,
      at: 1_000,
      method: 'ui/update-model-context',
      params: { content: [{ type: 'text', text: 'card 2' }] },
      outcome: 'ok',
    });
    noteBridgeEntry('call_a', 's-a', {
      t: 2,
      at: 1_001,
      method: 'tools/call',
      params: { name: 'x' },
      outcome: 'refused',
      result: { error: 'no' },
    });
    await flushViewEvents();
    const stored = await listSessionMcpViewEvents(db, 's-a');
    expect(stored.map((e) => [e.method, e.outcome, e.serverName, e.toolName, e.callId])).toEqual([
      ['ui/update-model-context', 'ok', 'apps', 'show_board', 'call_a'],
      ['tools/call', 'refused', 'apps', 'show_board', 'call_a'],
    ]);
    expect(JSON.parse(stored[0]!.params)).toEqual({ content: [{ type: 'text', text: 'card 2' }] });
    expect(stored[1]!.result).toBe('{"error":"no"}');
    // The seq under the card is the stored one (the lane merges the two by it).
    expect(useMcpAppViews.getState().views.call_a?.log.map((e) => e.seq)).toEqual(stored.map((e) => e.seq));
  });

  it('keeps a flooding View to its latest events, and a View it does not know is not stored', async () => {
    noteAppView({
      callId: 'call_f',
      sessionId: 's-f',
      serverId: 'srv',
      serverName: 'apps',
      toolName: 'flood',
      resourceUri: 'ui://f',
      args: {},
    });
    for (let i = 0; i < STORED_VIEW_EVENTS + 30; i++)
      noteBridgeEntry('call_f', 's-f', {
        t: i,
        at: 2_000 + i,
        method: 'notifications/message',
        params: { i },
        outcome: 'notice',
      });
    noteBridgeEntry('call_unknown', 's-f', { t: 0, at: 1, method: 'ui/message', params: {}, outcome: 'ok' });
    await flushViewEvents();
    const stored = await listSessionMcpViewEvents(db, 's-f');
    expect(stored).toHaveLength(STORED_VIEW_EVENTS);
    expect(JSON.parse(stored[0]!.params)).toEqual({ i: 30 });
    expect(stored.some((e) => e.callId === 'call_unknown')).toBe(false);
  });

  it('cuts a large params text with a marker, and seqs grow across pages (wall clock based)', () => {
    const cut = viewEventJson({ big: 'x'.repeat(VIEW_EVENT_JSON_CHARS * 2) });
    expect(cut.length).toBeLessThan(VIEW_EVENT_JSON_CHARS + 50);
    expect(cut).toMatch(/… \[cut: \d+ characters\]$/);
    const a = nextViewEventSeq(5_000);
    const b = nextViewEventSeq(5_000);
    expect(b).toBeGreaterThan(a);
    expect(nextViewEventSeq(5_001)).toBeGreaterThan(b);
  });
});
