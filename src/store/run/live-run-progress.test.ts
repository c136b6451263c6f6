import { describe, expect, it } from 'vitest';
import type { AgentEvent, AgentEventBody } from '../../domain/run-events';
import { initialLiveRun, reduceRun, type LiveRun } from './live-run';

let seq = 0;
const ev = (body: AgentEventBody): AgentEvent => ({ ...body, runId: 'r', seq: seq++, t: seq }) as AgentEvent;

describe('live tool progress in the run store', () => {
  it("gathers a running call's lines and bytes for its card, and ignores progress once it has its result", () => {
    let s: LiveRun = initialLiveRun('r', 's', 0);
    s = reduceRun(s, ev({ type: 'tool_started', turn: 1, callId: 'c1', name: 'slow', arguments: '{}' }), 1);
    s = reduceRun(
      s,
      ev({
        type: 'tool_progress',
        turn: 1,
        callId: 'c1',
        logs: [{ level: 'log', text: 'a', t: 1 }],
        bytesReceived: 10,
        bytesTotal: 90,
      }),
      2,
    );
    s = reduceRun(
      s,
      ev({ type: 'tool_progress', turn: 1, callId: 'c1', logs: [{ level: 'log', text: 'b', t: 2 }] }),
      3,
    );
    expect(s.tools['c1']?.progress).toEqual({
      logs: [
        { level: 'log', text: 'a', t: 1 },
        { level: 'log', text: 'b', t: 2 },
      ],
      bytesReceived: 10,
      bytesTotal: 90,
    });
    s = reduceRun(
      s,
      ev({
        type: 'tool_finished',
        turn: 1,
        callId: 'c1',
        name: 'slow',
        outcome: 'ok',
        durationMs: 3,
        result: 'r',
        isError: false,
      }),
      4,
    );
    const after = reduceRun(s, ev({ type: 'tool_progress', turn: 1, callId: 'c1', bytesReceived: 99 }), 5);
    expect(after.tools['c1']?.progress?.bytesReceived).toBe(10);
  });

  it("keeps an MCP call's server from tool_started and its latest progress report (MCP facts on the spine)", () => {
    let s: LiveRun = initialLiveRun('r', 's', 0);
    const server = { serverId: 'srv', serverName: 'everything', protocolRevision: '2025-11-25' };
    s = reduceRun(
      s,
      ev({ type: 'tool_started', turn: 1, callId: 'm1', name: 'everything__long', arguments: '{}', mcpServer: server }),
      1,
    );
    expect(s.tools['m1']?.mcpServer).toEqual(server);
    s = reduceRun(s, ev({ type: 'tool_progress', turn: 1, callId: 'm1', mcpProgress: { progress: 1, total: 5 } }), 2);
    s = reduceRun(
      s,
      ev({ type: 'tool_progress', turn: 1, callId: 'm1', logs: [{ level: 'info', text: 'x', t: 3 }] }),
      3,
    );
    expect(s.tools['m1']?.progress?.mcp).toEqual({ progress: 1, total: 5 });
    s = reduceRun(
      s,
      ev({ type: 'tool_progress', turn: 1, callId: 'm1', mcpProgress: { progress: 4, total: 5, message: 'step 4' } }),
      4,
    );
    expect(s.tools['m1']?.progress?.mcp).toEqual({ progress: 4, total: 5, message: 'step 4' });
    s = reduceRun(
      s,
      ev({
        type: 'tool_finished',
        turn: 1,
        callId: 'm1',
        name: 'everything__long',
        outcome: 'ok',
        durationMs: 9,
        result: 'done',
        isError: false,
      }),
      5,
    );
    expect(s.tools['m1']?.mcpServer?.serverName).toBe('everything');
  });
});
