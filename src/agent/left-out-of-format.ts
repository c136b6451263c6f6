import type { LeftOutNote } from '../domain/left-out-note';
import type { AssistantMessage, ChatMessage, WireParts } from '../domain/messages';

/**
 * The formats whose bodies are built from a reply's text and calls alone: Chat Completions (`toWireMessages`) and
 * the Responses API (`llm/responses-request.ts`, which also sends back its own reasoning items).
 */
type RebuiltFormat = 'chat' | 'responses';

const FORMAT_NAME: Record<RebuiltFormat, string> = { chat: 'Chat Completions', responses: 'the Responses API' };

/** Anthropic content blocks that are signed thinking, and those of a tool Anthropic ran on its side. */
const SIGNED_BLOCKS = new Set(['thinking', 'redacted_thinking']);
const SERVER_TOOL_BLOCK = /^server_tool_use$|_tool_result$/;

/**
 * What a Chat Completions or Responses request leaves out of `history` because that format cannot carry it: another
 * format's signed thinking and thought signatures (`wireParts`), and, for Chat Completions, the Responses API's
 * encrypted reasoning and tools the provider ran. Said per reply, as the Anthropic and Gemini builders say theirs
 * (docs/wire-formats.md, "What is kept verbatim").
 */
export function leftOutOfRebuilt(history: readonly ChatMessage[], format: RebuiltFormat): LeftOutNote[] {
  const notes: LeftOutNote[] = [];
  for (const m of history) if (m.role === 'assistant' && m.status !== 'streaming') notes.push(...notesOf(m, format));
  return notes;
}

function notesOf(m: AssistantMessage, format: RebuiltFormat): LeftOutNote[] {
  const name = FORMAT_NAME[format];
  const notes: LeftOutNote[] = [];
  const thinking = m.wireParts ? thinkingNote(m.wireParts, name) : null;
  if (thinking) notes.push({ messageId: m.id, ...thinking });
  const items = m.providerItems ?? [];
  if (format === 'chat' && items.some((i) => i.kind === 'reasoning' && i.encryptedContent !== null))
    notes.push({
      messageId: m.id,
      what: 'reasoning',
      why: 'Its encrypted reasoning was left out: Chat Completions cannot carry the Responses API reasoning items.',
    });
  // The Responses API leaves out its own provider-run tools too (their results are in the text): only another
  // format's are worth a note there.
  const serverBlocks = m.wireParts?.parts.some((p) => typeof p.type === 'string' && SERVER_TOOL_BLOCK.test(p.type));
  const providerTools = items.some((i) => i.kind === 'provider_tool');
  if (serverBlocks || (providerTools && (format === 'chat' || m.wireParts !== undefined)))
    notes.push({
      messageId: m.id,
      what: 'provider_tool',
      why: `Its provider-run tool calls were left out: ${name} cannot carry them; their results are in its text.`,
    });
  return notes;
}

function thinkingNote(wire: WireParts, name: string): Pick<LeftOutNote, 'what' | 'why'> | null {
  if (wire.format === 'anthropic') {
    if (!wire.parts.some((p) => typeof p.type === 'string' && SIGNED_BLOCKS.has(p.type))) return null;
    return { what: 'signed_thinking', why: `Its signed thinking was left out: ${name} cannot carry Anthropic's.` };
  }
  const signed = wire.parts.some((p) => typeof p.thoughtSignature === 'string');
  if (signed)
    return {
      what: 'thought_signature',
      why: `Its signed thinking (Gemini's thought signatures) was left out: ${name} cannot carry it.`,
    };
  if (wire.parts.some((p) => p.thought === true))
    return { what: 'thinking', why: `Its thinking was left out: ${name} cannot carry Gemini's thought parts.` };
  return null;
}
