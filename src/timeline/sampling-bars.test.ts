import { describe, expect, it } from 'vitest';
import type { McpSamplingUse } from '../domain/mcp-call-trace';
import { buildTimeline } from './build-timeline';
import { barAriaLabel, layoutTimeline } from './layout';
import { RunScript, usage } from './testing/run-script';

const sampled: McpSamplingUse = {
  model: 'mock-gpt',
  usage: { promptTokens: 30, completionTokens: 12, totalTokens: 42, estimated: false },
  startMs: 100,
  durationMs: 250,
};

describe('legacy MCP sampling on the timeline', () => {
  it('are drawn in a Sampling row under the call row, one level deeper, placed from the call start, with a name that says whose and how much', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 50, 100, { usage: usage(20, 8) })
      .tool(1, 'c1', 'legacy__trigger-sampling-request', 200, 900)
      .request(2, 910, 50, 100, { finish: 'stop', usage: usage(10, 5) })
      .finished(1100, 'complete', usage(60, 25));
    const events = s.build().map((e) => (e.type === 'tool_finished' ? { ...e, sampling: [sampled] } : e));
    const layout = layoutTimeline(buildTimeline('s1', [s.record()], events, 0));
    expect(layout.rows.map((r) => [r.label, r.depth])).toEqual([
      ['Run 1', 0],
      ['Turn 1', 1],
      ['legacy__trigger-sampling-request', 2],
      ['Sampling', 3],
      ['Turn 2', 1],
    ]);
    const bar = layout.rows[3]!.bars[0]!;
    expect([bar.kind, bar.callId, bar.start, bar.end]).toEqual(['request', 'c1', 300, 550]);
    expect(barAriaLabel(bar)).toBe(
      'sampling · mock-gpt · 42 tokens, Sampling for legacy__trigger-sampling-request, ok, 0.3 s, starts at 0.3 s',
    );
    // The call itself stays the one the address and the call index point at.
    expect(layout.callIndex.get('c1')?.bar.kind).toBe('call');
  });
});
