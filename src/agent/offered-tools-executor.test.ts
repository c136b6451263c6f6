import { describe, expect, it } from 'vitest';
import { toolSetHash, type OfferedTool } from '../domain/offered-tools';
import { harness } from './testing/harness';
import { fakeExecutor, fakeTool, ok } from './testing/fake-tools';
import { scriptedModel, textReply, toolCallsReply } from './testing/scripted-model';
import { notAvailableText, offeredToolsExecutor } from './offered-tools-executor';
import { indexRecordedResults, recordedResultsCursor } from './recorded-results';

const wireNames = (r: { tools?: unknown }) =>
  ((r.tools ?? []) as { function: { name: string; description: string } }[]).map((t) => t.function.name);

describe('the tools a request offered', () => {
  it('are recorded once per run under a content hash that every request names', async () => {
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'add', args: '{"a":1}' }]), textReply(['done'])]);
    const sets: { hash: string; tools: OfferedTool[] }[] = [];
    const provider: OfferedTool = {
      name: 'web_search',
      description: 'Run by the provider (web_search).',
      parameters: {},
      source: { kind: 'provider' },
    };
    const h = harness(model, {
      tools: fakeExecutor([
        fakeTool({ name: 'add', run: () => ok('2') }),
        { ...fakeTool({ name: 'now' }), source: { kind: 'builtin' } },
      ]),
      providerTools: [provider],
      onToolSet: (s) => sets.push(s),
    });
    await h.run();
    expect(model.requests.map(wireNames)).toEqual([
      ['add', 'now'],
      ['add', 'now'],
    ]);
    expect(sets).toHaveLength(1);
    expect(sets[0]!.tools.map((t) => [t.name, t.source.kind])).toEqual([
      ['add', 'custom'],
      ['now', 'builtin'],
      ['web_search', 'provider'],
    ]);
    expect(sets[0]!.tools[0]).toMatchObject({ description: 'fake add', parameters: { type: 'object' } });
    const hashes = h.events.flatMap((e) => (e.type === 'request_started' ? [e.toolSet] : []));
    expect(hashes).toEqual([sets[0]!.hash, sets[0]!.hash]);
    expect(sets[0]!.hash).toBe(toolSetHash(sets[0]!.tools));
    expect(sets[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an empty tool list is a set too (the request offered none)', async () => {
    const model = scriptedModel([textReply(['hi'])]);
    const sets: { hash: string; tools: OfferedTool[] }[] = [];
    await harness(model, { onToolSet: (s) => sets.push(s) }).run();
    expect(sets.map((s) => s.tools)).toEqual([[]]);
    expect(model.requests[0]!.tools).toBeUndefined();
  });
});

describe('a re-run offers the recorded tools', () => {
  const recorded: OfferedTool[] = [
    {
      name: 'add',
      description: 'Add two numbers (as recorded)',
      parameters: { type: 'object', properties: { a: { type: 'number' } } },
      source: { kind: 'custom' },
    },
    {
      name: 'gone',
      description: 'A tool of a removed MCP server',
      parameters: { type: 'object' },
      source: { kind: 'mcp', serverId: 's', serverName: 'Old server' },
    },
    { name: 'web_search', description: 'Run by the provider', parameters: {}, source: { kind: 'provider' } },
  ];

  it("exactly as recorded, not today's tools; a gone tool answers from the recordings or says it is not available", async () => {
    const add = fakeTool({ name: 'add', run: () => ok('3') });
    const today = fakeExecutor([add, fakeTool({ name: 'added_since' })]);
    const cursor = recordedResultsCursor(
      indexRecordedResults([
        {
          callId: 'x',
          messageId: 'm',
          name: 'gone',
          arguments: '{"q":1}',
          content: 'recorded answer',
          isError: false,
          outcome: 'ok',
        },
      ]),
    );
    const tools = offeredToolsExecutor(recorded, today, cursor);
    const model = scriptedModel([
      toolCallsReply([
        { id: 'c1', name: 'gone', args: '{"q":1}' },
        { id: 'c2', name: 'gone', args: '{"q":2}' },
        { id: 'c3', name: 'add', args: '{"a":1}' },
      ]),
      textReply(['ok']),
    ]);
    const h = harness(model, { tools });
    const result = await h.run();
    const first = model.requests[0]!.tools as { function: { name: string; description: string } }[];
    expect(first.map((t) => [t.function.name, t.function.description])).toEqual([
      ['add', 'Add two numbers (as recorded)'],
      ['gone', 'A tool of a removed MCP server'],
    ]);
    const results = result.history.flatMap((m) => (m.role === 'tool' ? [[m.toolCallId, m.content]] : []));
    expect(results).toEqual([
      ['c1', 'recorded answer'],
      ['c2', notAvailableText('gone')],
      ['c3', '3'],
    ]);
    expect(add.calls).toHaveLength(1);
    expect(notAvailableText('gone')).toContain('not available now');
  });
});
