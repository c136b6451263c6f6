import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from '../domain/history-check';
import type { ContextHook } from './context-hook';
import type { PromptLayer } from '../domain/prompt-layer';
import type { ModelRequest } from './model-client';
import { withRequestLayers } from './request-layers';
import { fakeExecutor, fakeTool, ok } from './testing/fake-tools';
import { harness } from './testing/harness';
import { scriptedModel, textReply, toolCallsReply } from './testing/scripted-model';

function systemOf(request: ModelRequest | undefined): string {
  const first = request?.messages[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
}

const viewLayer = (text: string): PromptLayer => ({ id: 'mcp-app-views', title: 'Context from MCP App views', text });

describe('prompt layers asked for before each request of a run', () => {
  it('a change between two requests of one run is in the second request, not the first', async () => {
    let current: PromptLayer[] = [];
    // The tool stands in for a View that updates its context while the run waits on a call.
    const tool = fakeTool({
      name: 'show',
      run: () => {
        current = [viewLayer('card 3')];
        return ok('shown');
      },
    });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'show', args: '{}' }]), textReply(['done'])]);
    const asked: number[] = [];
    const h = harness(model, {
      systemPrompt: 'be brief',
      tools: fakeExecutor([tool]),
      requestLayers: async () => {
        asked.push(model.requests.length);
        return current;
      },
    });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(findHistoryProblems(r.history)).toEqual([]);
    expect(asked).toEqual([0, 1]);
    expect(model.requests).toHaveLength(2);
    expect(systemOf(model.requests[0])).toBe('be brief');
    expect(systemOf(model.requests[1])).toBe('be brief\n\n## Context from MCP App views\ncard 3');
  });

  it('the layers are recorded with each request and counted by the budget keeper, never stored in the history', async () => {
    let n = 0;
    const seen: string[] = [];
    const hook: ContextHook = {
      beforeRequest: async (_history, system) => {
        seen.push(system);
        return { compaction: null, systemLayers: [{ id: 'base', title: 'Base prompt', text: 'helpful' }] };
      },
      observeUsage: () => undefined,
    };
    const tool = fakeTool({ name: 'show', run: () => ok('shown') });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'show', args: '{}' }]), textReply(['done'])]);
    const h = harness(model, {
      systemPrompt: 'helpful',
      context: hook,
      tools: fakeExecutor([tool]),
      requestLayers: async () => [viewLayer(`turn ${++n}`)],
    });
    const r = await h.run();
    const started = h.events.flatMap((e) =>
      e.type === 'request_started' ? [e.systemLayers?.map((l) => `${l.id}:${l.text}`)] : [],
    );
    expect(started).toEqual([
      ['base:helpful', 'mcp-app-views:turn 1'],
      ['base:helpful', 'mcp-app-views:turn 2'],
    ]);
    expect(seen).toEqual([
      'helpful\n\n## Context from MCP App views\nturn 1',
      'helpful\n\n## Context from MCP App views\nturn 2',
    ]);
    expect(JSON.stringify(r.history)).not.toContain('Context from MCP App views');
  });

  it('a source that fails ends the run with an error and a valid history, after the calls already answered', async () => {
    let calls = 0;
    const tool = fakeTool({ name: 'show', run: () => ok('shown') });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'show', args: '{}' }]), textReply(['never'])]);
    const h = harness(model, {
      tools: fakeExecutor([tool]),
      requestLayers: async () => {
        if (++calls === 2) throw new Error('store gone');
        return [];
      },
    });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error?.message).toContain('store gone');
    expect(model.requests).toHaveLength(1);
    expect(findHistoryProblems(r.history)).toEqual([]);
  });

  it('appends under headings, and leaves the prompt as it is when there is nothing to add', () => {
    expect(withRequestLayers('base', [])).toBe('base');
    expect(withRequestLayers(undefined, [])).toBeUndefined();
    expect(withRequestLayers(undefined, [viewLayer('x')])).toBe('## Context from MCP App views\nx');
    expect(withRequestLayers('', [viewLayer('x'), { id: 'b', title: 'B', text: 'y' }])).toBe(
      '## Context from MCP App views\nx\n\n## B\ny',
    );
  });
});
