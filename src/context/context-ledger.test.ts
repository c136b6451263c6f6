import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../domain/messages';
import type { OfferedTool } from '../domain/offered-tools';
import { requestView } from '../domain/request-view';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../domain/token-heuristic';
import { contextLedger, contextLedgerTexts, shareText, type LedgerRequest } from './context-ledger';
import { counterFrom, heuristicCounter } from './tokens/token-count';
import { createTokenCounter, inProcessTransport } from './tokens/token-counter';
import { estimatePromptTokens } from './tokens/token-estimate';

const at = { createdAt: 0 };
const object = (props: Record<string, unknown>) => ({ type: 'object', properties: props });

/** The offered set of a recorded request: two MCP servers, a built-in, a person's HTTP and code tools, a provider tool. */
const offered: OfferedTool[] = [
  {
    name: 'docs__search',
    description: 'Searches the docs',
    parameters: object({ q: { type: 'string' } }),
    source: { kind: 'mcp', serverId: 'srv-docs', serverName: 'docs' },
  },
  { name: 'current_time', description: 'The time now', parameters: object({}), source: { kind: 'builtin' } },
  {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: object({ city: { type: 'string' } }),
    source: { kind: 'custom' },
  },
  {
    name: 'git__log',
    description: 'Recent commits of a repository, newest first',
    parameters: object({ repo: { type: 'string' }, n: { type: 'integer' } }),
    source: { kind: 'mcp', serverId: 'srv-git', serverName: 'git' },
  },
  {
    name: 'docs__fetch',
    description: 'Fetches a page',
    parameters: object({ url: { type: 'string' } }),
    source: { kind: 'mcp', serverId: 'srv-docs', serverName: 'docs' },
  },
  {
    name: 'slugify',
    description: 'Makes a slug',
    parameters: object({ text: { type: 'string' } }),
    source: { kind: 'custom' },
  },
  {
    name: 'web_search',
    description: 'Run by the provider (web_search).',
    parameters: {},
    source: { kind: 'provider' },
  },
];

/** A session's path as recorded: an earlier run, then this run's first turn and its tool results (turn 2 is the step). */
const path: ChatMessage[] = [
  { ...at, id: 'u0', role: 'user', content: 'Hello there, what can you do?' },
  {
    ...at,
    id: 'a0',
    role: 'assistant',
    content: 'I can search docs and read git logs.',
    reasoning: '',
    refusal: null,
    toolCalls: [],
    status: 'complete',
    runId: 'r0',
    turn: 1,
  },
  { ...at, id: 'u1', role: 'user', content: 'Find the release notes and the last three commits.' },
  {
    ...at,
    id: 'a1',
    role: 'assistant',
    content: '',
    reasoning: 'thinking is not sent',
    refusal: null,
    status: 'complete',
    runId: 'r1',
    turn: 1,
    toolCalls: [
      { id: 'c1', name: 'docs__search', arguments: '{"q":"release notes"}' },
      { id: 'c2', name: 'git__log', arguments: '{"repo":"app","n":3}' },
    ],
  },
  {
    ...at,
    id: 't1',
    role: 'tool',
    toolCallId: 'c1',
    name: 'docs__search',
    content: 'Release notes: 2.0 adds the ledger.',
    isError: false,
    outcome: 'ok',
    runId: 'r1',
    turn: 1,
  },
  {
    ...at,
    id: 't2',
    role: 'tool',
    toolCallId: 'c2',
    name: 'git__log',
    content: 'abc123 ledger\ndef456 prices\n0a1b2c fix',
    isError: false,
    outcome: 'ok',
    runId: 'r1',
    turn: 1,
  },
];

const request: LedgerRequest = {
  systemPrompt: 'You are a careful assistant. Today is Monday.',
  messages: requestView(path),
  tools: offered,
  customKinds: new Map([
    ['get_weather', 'http'],
    ['slugify', 'code'],
  ]),
};

const framed = (text: string) => estimateTokens(text) + MESSAGE_OVERHEAD_TOKENS;
const listed = (tools: OfferedTool[]) =>
  estimateTokens(JSON.stringify(tools.map(({ name, description, parameters }) => ({ name, description, parameters }))));
const tool = (name: string) => offered.filter((t) => t.name === name);

describe('contextLedger', () => {
  it("splits a recorded request by source: system prompt, tools per source, history, tool results, this turn's input", () => {
    const ledger = contextLedger(request, heuristicCounter);
    expect(ledger.rows.map((r) => [r.source, r.tokens])).toEqual([
      [{ kind: 'system' }, framed(request.systemPrompt!)],
      [
        { kind: 'tools', from: 'mcp', serverId: 'srv-docs', serverName: 'docs' },
        listed([...tool('docs__search'), ...tool('docs__fetch')]),
      ],
      [{ kind: 'tools', from: 'builtin' }, listed(tool('current_time'))],
      [{ kind: 'tools', from: 'http' }, listed(tool('get_weather'))],
      [{ kind: 'tools', from: 'mcp', serverId: 'srv-git', serverName: 'git' }, listed(tool('git__log'))],
      [{ kind: 'tools', from: 'code' }, listed(tool('slugify'))],
      [{ kind: 'tools', from: 'provider' }, listed(tool('web_search'))],
      // The earlier run's two messages and this run's tool-calling turn (calls counted by name and arguments).
      [
        { kind: 'history' },
        framed('Hello there, what can you do?') +
          framed('I can search docs and read git logs.') +
          framed('docs__search{"q":"release notes"}git__log{"repo":"app","n":3}'),
      ],
      [
        { kind: 'tool-results' },
        framed('Release notes: 2.0 adds the ledger.') + framed('abc123 ledger\ndef456 prices\n0a1b2c fix'),
      ],
      [{ kind: 'input' }, framed('Find the release notes and the last three commits.')],
    ]);
    expect(ledger.exact).toBe(false);
  });

  it("adds up: the total is the rows' sum, the shares are over it and sum to one, and it matches the meter when tools are one source", () => {
    const ledger = contextLedger(request, heuristicCounter, { window: 1000, reported: 321 });
    expect(ledger.total).toBe(ledger.rows.reduce((s, r) => s + r.tokens, 0));
    expect(ledger.rows.reduce((s, r) => s + r.share, 0)).toBeCloseTo(1, 10);
    for (const r of ledger.rows) expect(r.share).toBeCloseTo(r.tokens / ledger.total, 10);
    expect(ledger.window).toEqual({ tokens: 1000, used: ledger.total / 1000 });
    expect(ledger.reported).toBe(321);

    const oneSource = { ...request, tools: tool('current_time') };
    const meter = estimatePromptTokens({
      system: oneSource.systemPrompt!,
      messages: oneSource.messages,
      tools: tool('current_time').map(({ name, description, parameters }) => ({ name, description, parameters })),
    });
    expect(contextLedger(oneSource, heuristicCounter).total).toBe(meter.tokens);
  });

  it("leaves a custom tool missing from today's tools as the person's, keys MCP rows by server id, and keeps every fixed row", () => {
    const twins: OfferedTool[] = [
      { ...tool('docs__search')[0]!, source: { kind: 'mcp', serverId: 'a', serverName: 'same' } },
      { ...tool('git__log')[0]!, source: { kind: 'mcp', serverId: 'b', serverName: 'same' } },
      tool('slugify')[0]!,
    ];
    const ledger = contextLedger({ systemPrompt: undefined, messages: [], tools: twins }, heuristicCounter);
    expect(ledger.rows.map((r) => r.source)).toEqual([
      { kind: 'system' },
      { kind: 'tools', from: 'mcp', serverId: 'a', serverName: 'same' },
      { kind: 'tools', from: 'mcp', serverId: 'b', serverName: 'same' },
      { kind: 'tools', from: 'custom' },
      { kind: 'history' },
      { kind: 'tool-results' },
      { kind: 'input' },
    ]);
    expect(ledger.rows[0]).toEqual({ source: { kind: 'system' }, tokens: 0, share: 0 });
    expect(ledger.window).toBeNull();
    expect(ledger.reported).toBeNull();
    // Nothing recorded, nothing counted: no division by zero.
    expect(
      contextLedger({ systemPrompt: undefined, messages: [], tools: null }, heuristicCounter).rows.every(
        (r) => r.share === 0,
      ),
    ).toBe(true);
  });

  it('counts a summary as history and leaves out what it covers, as the request did', () => {
    const summary: ChatMessage = {
      ...at,
      id: 's',
      role: 'system',
      content: 'Earlier: greetings.',
      summaryOf: ['u0', 'a0'],
    };
    const ledger = contextLedger({ ...request, messages: requestView([...path, summary]) }, heuristicCounter);
    const history = ledger.rows.find((r) => r.source.kind === 'history')!;
    expect(history.tokens).toBe(
      framed('Earlier: greetings.') + framed('docs__search{"q":"release notes"}git__log{"repo":"app","n":3}'),
    );
  });

  it("counts with the model's tokenizer once its texts are prepared, and says so", async () => {
    const counter = createTokenCounter('o200k_base', inProcessTransport());
    expect(contextLedger(request, counter).exact).toBe(false);
    await counter.prepare(contextLedgerTexts(request), 60_000);
    const ledger = contextLedger(request, counter);
    expect(ledger.exact).toBe(true);
    expect(ledger.rows[0]).toMatchObject({
      source: { kind: 'system' },
      tokens: countTokens(request.systemPrompt!) + MESSAGE_OVERHEAD_TOKENS,
    });
    expect(ledger.rows.at(-1)).toMatchObject({
      source: { kind: 'input' },
      tokens: countTokens('Find the release notes and the last three commits.') + MESSAGE_OVERHEAD_TOKENS,
    });
  });

  it('lists every text it counts', () => {
    const seen: string[] = [];
    contextLedger(
      request,
      counterFrom((t) => (seen.push(t), 1)),
    );
    expect(new Set(contextLedgerTexts(request))).toEqual(new Set(seen));
  });
});

describe('shareText', () => {
  it('reads to one decimal', () => {
    expect(shareText(0.1234)).toBe('12.3 %');
    expect(shareText(0)).toBe('0.0 %');
    expect(shareText(1)).toBe('100.0 %');
  });
});
