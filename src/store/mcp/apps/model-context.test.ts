import 'fake-indexeddb/auto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { db } from '../../../db/database';
import { putMcpViewEvents } from '../../../db/mcp-view-events-repo';
import { viewEventJson, type McpViewEventRecord } from '../../../domain/mcp-view-event';
import { bringBackAppView } from './app-restore';
import { forgetStoredViewContexts, viewContextFor } from './model-context';
import { noteModelContext } from './app-log';
import { noteAppView, useMcpAppViews } from './app-views';
import type { ToolCallRecord } from '../../../db/records';

afterAll(() => db.close());
afterEach(() => {
  useMcpAppViews.setState({ views: {}, asks: [] });
  forgetStoredViewContexts();
});

let seq = 1;
const stored = (
  o: Partial<McpViewEventRecord> & { callId: string; at: number; text?: string },
): McpViewEventRecord => ({
  sessionId: 's-r',
  seq: seq++,
  serverName: 'apps',
  toolName: 'show_board',
  method: 'ui/update-model-context',
  outcome: 'ok',
  params: viewEventJson({ content: [{ type: 'text', text: o.text ?? 'x' }] }),
  ...o,
});

describe("a View's model context stored before a reload", () => {
  it('the latest accepted context of each stored View of the session goes with the next request', async () => {
    await putMcpViewEvents(db, [
      stored({ callId: 'c1', at: 1_000, text: 'card 1' }),
      stored({ callId: 'c1', at: 3_000, text: 'card 3' }),
      stored({ callId: 'c1', at: 2_000, text: 'card 2' }),
      // Refused, another method, another session, or cut past reading: none of them speaks.
      stored({ callId: 'c1', at: 4_000, text: 'refused', outcome: 'refused' }),
      stored({ callId: 'c1', at: 5_000, method: 'ui/message', text: 'a message' }),
      stored({ callId: 'c9', at: 5_000, sessionId: 'other', text: 'other session' }),
      stored({ callId: 'c2', at: 6_000, params: '{"content":[{"type":"text","text":"abc… [cut: 20000 characters]' }),
      stored({
        callId: 'c3',
        at: 7_000,
        toolName: 'show_map',
        params: viewEventJson({ content: [{ type: 'text', text: 'map at Oslo' }], structuredContent: { zoom: 3 } }),
      }),
    ]);
    const layer = await viewContextFor('s-r');
    expect(layer?.text).toBe(
      'From the apps — show_map view:\nmap at Oslo\n{"zoom":3}\n\nFrom the apps — show_board view:\ncard 3',
    );
  });

  it("a newer context from this page's View replaces the stored one; an older one does not", async () => {
    await putMcpViewEvents(db, [
      stored({ callId: 'n1', at: Date.now() + 60_000, text: 'stored newer' }),
      stored({ callId: 'n2', at: 1_000, text: 'stored older' }),
    ]);
    for (const callId of ['n1', 'n2'])
      noteAppView({
        callId,
        sessionId: 's-r',
        serverId: 'srv',
        serverName: 'apps',
        toolName: callId,
        resourceUri: 'ui://b',
        args: {},
      });
    noteModelContext('n1', 's-r', 'memory older');
    noteModelContext('n2', 's-r', 'memory newer');
    const text = (await viewContextFor('s-r'))?.text ?? '';
    expect(text).toContain('stored newer');
    expect(text).toContain('memory newer');
    expect(text).not.toContain('memory older');
    expect(text).not.toContain('stored older');
  });

  it('a restored View shows the context it last gave (the one the next request carries)', async () => {
    await putMcpViewEvents(db, [stored({ callId: 'call_back', at: 1_000, text: 'card 7' })]);
    const record = {
      id: 'call_back',
      sessionId: 's-r',
      runId: 'no-run',
      arguments: '{"label":"x"}',
      result: 'board',
      isError: false,
      mcpServer: { serverId: 'srv', serverName: 'apps', view: { resourceUri: 'ui://b', toolName: 'show_board' } },
    } as unknown as ToolCallRecord;
    await bringBackAppView(record);
    expect(useMcpAppViews.getState().views.call_back?.modelContext).toEqual({ text: 'card 7', at: 1_000 });
  });
});
