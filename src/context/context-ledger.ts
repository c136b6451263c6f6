/**
 * The context ledger (architecture.md, "Context ledger"): what filled one model request, split by
 * source and counted the way the context meter counts a request (`estimatePromptTokens`), so the ledger's total and
 * the meter's figure for the same request agree up to the tool list being counted per source.
 *
 * Pure: the caller passes the request as it was sent (the recorded step's system prompt, its request view and its
 * offered tool set) and a counter. Counting itself happens elsewhere: `contextLedgerTexts` lists what to have the
 * model's tokenizer count in its worker first, and this function only looks the counts up, so it stays cheap on
 * the main thread for a long conversation.
 */
import type { ChatMessage } from '../domain/messages';
import type { OfferedTool } from '../domain/offered-tools';
import { MESSAGE_OVERHEAD_TOKENS } from '../domain/token-heuristic';
import type { TokenCounter } from './tokens/token-count';
import { countedMessageText } from './tokens/token-estimate';

/** What kind of tool a person's own (custom) tool is, by name; the offered set records only that it is theirs. */
export type CustomToolKind = 'http' | 'code';

export type LedgerRequest = {
  /** The system prompt as sent (undefined: none). */
  systemPrompt: string | undefined;
  /** The messages the request carried, in order (the request view: summaries stand in for what they cover). */
  messages: readonly ChatMessage[];
  /** The offered tool set as recorded; null when the request predates recording. */
  tools: readonly OfferedTool[] | null;
  /** The kind of each custom tool by name (today's tools table); a name not in it stays `custom`. */
  customKinds?: ReadonlyMap<string, CustomToolKind>;
};

/**
 * Where a row's tokens came from. The page names each (ui/timeline/context-ledger-table.tsx): the names are the
 * page's contract (docs/accessible-names.md) and live with the page.
 */
export type LedgerSource =
  | { kind: 'system' }
  | { kind: 'tools'; from: 'mcp'; serverId: string; serverName: string }
  | { kind: 'tools'; from: 'builtin' | 'http' | 'code' | 'custom' | 'provider' }
  | { kind: 'history' }
  | { kind: 'tool-results' }
  | { kind: 'input' };

type LedgerRow = { source: LedgerSource; tokens: number; share: number };

export type ContextLedger = {
  rows: LedgerRow[];
  /** The sum of the rows' tokens. */
  total: number;
  /** Every text was counted by the model's tokenizer (otherwise some are the four-characters-a-token estimate). */
  exact: boolean;
  /** The model's window and the share of it the rows fill; null when the window is not known. */
  window: { tokens: number; used: number } | null;
  /** The prompt tokens the provider reported for this request; null when it reported none. */
  reported: number | null;
};

type ToolSource = Extract<LedgerSource, { kind: 'tools' }>;

/** Which row an offered tool counts in: its MCP server's (keyed by id: two servers may share a name), else its kind's. */
function toolSource(
  tool: OfferedTool,
  customKinds: ReadonlyMap<string, CustomToolKind> | undefined,
): { key: string; source: ToolSource } {
  switch (tool.source.kind) {
    case 'mcp':
      return {
        key: `mcp:${tool.source.serverId}`,
        source: { kind: 'tools', from: 'mcp', serverId: tool.source.serverId, serverName: tool.source.serverName },
      };
    case 'builtin':
    case 'provider':
      return { key: tool.source.kind, source: { kind: 'tools', from: tool.source.kind } };
    case 'custom': {
      // The offered set records only that the tool is the person's; today's tools say whether it is code or HTTP.
      const from = customKinds?.get(tool.name) ?? 'custom';
      return { key: from, source: { kind: 'tools', from } };
    }
  }
}

/** The offered tools grouped by source, in the order the sources first appear, each as the JSON the wire carries. */
function toolGroups(request: LedgerRequest): { source: ToolSource; text: string }[] {
  const groups = new Map<
    string,
    { source: ToolSource; specs: { name: string; description: string; parameters: Record<string, unknown> }[] }
  >();
  for (const t of request.tools ?? []) {
    const { key, source } = toolSource(t, request.customKinds);
    let group = groups.get(key);
    if (!group) {
      group = { source, specs: [] };
      groups.set(key, group);
    }
    // The fields a function tool sends (agent/to-wire.ts `toWireTools`), counted like the meter counts the list.
    group.specs.push({ name: t.name, description: t.description, parameters: t.parameters });
  }
  return [...groups.values()].map((g) => ({ source: g.source, text: JSON.stringify(g.specs) }));
}

/** Index of "This turn's input": the user message that started the run, the last one the request carries. */
function inputIndex(messages: readonly ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'user') return i;
  return -1;
}

/** Every text the ledger counts, to have the model's tokenizer count them (off the main thread) first. */
export function contextLedgerTexts(request: LedgerRequest): string[] {
  const texts = request.messages.map(countedMessageText);
  if (request.systemPrompt) texts.push(request.systemPrompt);
  for (const g of toolGroups(request)) texts.push(g.text);
  return texts;
}

type LedgerOptions = {
  /** The context window the request was measured against, when the model's window is known. */
  window?: number | null;
  /** The provider's prompt tokens for this request, when it reported them. */
  reported?: number | null;
};

/**
 * Splits one request by source: the system prompt whole; the tools offered, one row per source; the tool messages;
 * the user message that started the run; every other message as history. Each message costs its role framing, as
 * in the meter. Share = a row's tokens over the sum of the rows.
 */
export function contextLedger(
  request: LedgerRequest,
  counter: TokenCounter,
  options: LedgerOptions = {},
): ContextLedger {
  let exact = true;
  const count = (text: string, overhead: number): number => {
    const c = counter.count(text);
    exact &&= c.exact;
    return c.tokens + overhead;
  };
  const system = request.systemPrompt ? count(request.systemPrompt, MESSAGE_OVERHEAD_TOKENS) : 0;
  const tools = toolGroups(request).map((g) => ({ source: g.source, tokens: count(g.text, 0) }));
  const input = inputIndex(request.messages);
  let history = 0;
  let results = 0;
  let turnInput = 0;
  request.messages.forEach((m, i) => {
    const tokens = count(countedMessageText(m), MESSAGE_OVERHEAD_TOKENS);
    if (i === input) turnInput += tokens;
    else if (m.role === 'tool') results += tokens;
    else history += tokens;
  });
  const counted: { source: LedgerSource; tokens: number }[] = [
    { source: { kind: 'system' }, tokens: system },
    ...tools,
    { source: { kind: 'history' }, tokens: history },
    { source: { kind: 'tool-results' }, tokens: results },
    { source: { kind: 'input' }, tokens: turnInput },
  ];
  const total = counted.reduce((sum, r) => sum + r.tokens, 0);
  const rows = counted.map((r) => ({ ...r, share: total > 0 ? r.tokens / total : 0 }));
  const windowTokens = options.window ?? null;
  return {
    rows,
    total,
    exact,
    window: windowTokens !== null && windowTokens > 0 ? { tokens: windowTokens, used: total / windowTokens } : null,
    reported: options.reported ?? null,
  };
}

/** "12.3 %": one decimal, so small rows (a short input) do not all read 0 %. */
export function shareText(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}
