import type { ChatMessage } from '../../domain/messages';
import { plural } from '../../domain/plural';

/** What an OpenAI-messages (Chat Completions) file cannot carry of a history, counted. */
type OpenAIExportLosses = {
  /** Responses reasoning items (their summaries and encrypted content). */
  reasoningItems: number;
  /** Replies whose reasoning text (Chat Completions reasoning or Responses summaries) is left out. */
  reasoningTexts: number;
  /** Tools the provider ran, by name. */
  providerTools: Record<string, number>;
  citations: number;
  /** The provider's own compaction items. */
  compactions: number;
  /** Images tools returned: a `tool` message carries text only (the text names each image). */
  toolImages: number;
};

export function openAIExportLosses(history: readonly ChatMessage[]): OpenAIExportLosses {
  const out: OpenAIExportLosses = {
    reasoningItems: 0,
    reasoningTexts: 0,
    providerTools: {},
    citations: 0,
    compactions: 0,
    toolImages: 0,
  };
  for (const m of history) {
    if (m.role === 'tool') out.toolImages += m.images?.length ?? 0;
    if (m.role !== 'assistant') continue;
    if (m.reasoning.trim() !== '') out.reasoningTexts += 1;
    out.citations += m.citations?.length ?? 0;
    for (const item of m.providerItems ?? []) {
      if (item.kind === 'reasoning') out.reasoningItems += 1;
      else if (item.kind === 'compaction') out.compactions += 1;
      else out.providerTools[item.name] = (out.providerTools[item.name] ?? 0) + 1;
    }
  }
  return out;
}

/**
 * Whether the person should confirm before saving: the session holds Responses output the file cannot carry. The
 * reasoning text of Chat Completions replies alone does not ask (it never had a place there); it is said after.
 */
export function lossesNeedConfirmation(l: OpenAIExportLosses): boolean {
  return l.reasoningItems + l.citations + l.compactions + l.toolImages + Object.keys(l.providerTools).length > 0;
}

/** The losses in one sentence for the person about to save; null when the file keeps everything. */
export function describeLosses(l: OpenAIExportLosses): string | null {
  const parts: string[] = [];
  if (l.reasoningItems > 0)
    parts.push(`${plural(l.reasoningItems, 'reasoning item')} (summaries and encrypted reasoning)`);
  if (l.reasoningTexts > 0) parts.push(`the reasoning text of ${plural(l.reasoningTexts, 'reply', 'replies')}`);
  const tools = Object.entries(l.providerTools);
  if (tools.length > 0) {
    const total = tools.reduce((n, [, c]) => n + c, 0);
    parts.push(
      `${plural(total, 'tool call')} the provider ran (${tools.map(([name, c]) => `${name} ×${c}`).join(', ')})`,
    );
  }
  if (l.citations > 0) parts.push(plural(l.citations, 'cited source'));
  if (l.compactions > 0) parts.push(plural(l.compactions, 'provider compaction item'));
  if (l.toolImages > 0) parts.push(plural(l.toolImages, 'image') + ' returned by tools');
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Chat Completions messages cannot carry everything in this session: the file leaves out ${list}. A Toolscope export keeps all of it.`;
}
