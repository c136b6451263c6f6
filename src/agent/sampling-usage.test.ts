import { describe, expect, it } from 'vitest';
import type { McpSamplingUse } from '../domain/mcp-call-trace';
import { fakeExecutor, fakeTool } from './testing/fake-tools';
import { harness } from './testing/harness';
import { scriptedModel, textReply, toolCallsReply } from './testing/scripted-model';

const sampled: McpSamplingUse = {
  model: 'mock-gpt',
  usage: { promptTokens: 30, completionTokens: 12, totalTokens: 42, estimated: false },
  startMs: 100,
  durationMs: 250,
};

describe('model requests an MCP server had the page run during a call (legacy sampling)', () => {
  it('count in the run usage and ride on tool_finished', async () => {
    const tool = fakeTool({
      name: 'haiku',
      run: () => ({ outcome: 'ok', content: 'a pond', logs: [], sampling: [sampled] }),
    });
    const model = scriptedModel([
      toolCallsReply([{ id: 'c1', name: 'haiku', args: '{}' }], { usage: [20, 8] }),
      textReply(['done'], { usage: [10, 5] }),
    ]);
    const h = harness(model, { tools: fakeExecutor([tool]) });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(r.usage).toMatchObject({
      promptTokens: 20 + 10 + 30,
      completionTokens: 8 + 5 + 12,
      totalTokens: 28 + 15 + 42,
    });
    expect(h.events.find((e) => e.type === 'tool_finished')).toMatchObject({ callId: 'c1', sampling: [sampled] });
    expect(h.events.find((e) => e.type === 'run_finished')).toMatchObject({ usage: { totalTokens: 85 } });
  });

  it('a call without sampling adds nothing and its event has no sampling field', async () => {
    const tool = fakeTool({ name: 'plain' });
    const h = harness(
      scriptedModel([
        toolCallsReply([{ id: 'c1', name: 'plain', args: '{}' }], { usage: [20, 8] }),
        textReply(['done'], { usage: [10, 5] }),
      ]),
      { tools: fakeExecutor([tool]) },
    );
    const r = await h.run();
    expect(r.usage.totalTokens).toBe(43);
    expect(h.events.find((e) => e.type === 'tool_finished')).not.toHaveProperty('sampling');
  });
});
