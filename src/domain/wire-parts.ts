import type { WireParts } from './messages';
import { isRecord } from './is-record';

/**
 * The same reply with its calls under new ids, for a copy whose tool calls were renamed (an import as a copy, a
 * share link): the call ids inside the provider's content (Anthropic `tool_use.id`, Gemini `functionCall.id`) follow
 * the message's `toolCalls`, so a tool result still answers the block it names. Only ids `rename` knows change;
 * every other byte (thinking, signatures, redacted data, server tool blocks) stays as the provider sent it. The hash of
 * what the reply answered goes: it was taken over the old ids, and the copy's own rule stands in for it
 * (docs/wire-formats.md, "Anthropic Messages requests").
 */
export function renameWireCalls(wire: WireParts, rename: (id: string) => string | undefined): WireParts {
  const parts = wire.parts.map((part): Record<string, unknown> => {
    if (wire.format === 'anthropic') {
      if (part.type !== 'tool_use' || typeof part.id !== 'string') return part;
      const id = rename(part.id);
      return id === undefined ? part : { ...part, id };
    }
    const call = part.functionCall;
    if (!isRecord(call) || typeof call.id !== 'string') return part;
    const id = rename(call.id);
    return id === undefined ? part : { ...part, functionCall: { ...call, id } };
  });
  const { prefixHash: _renamed, ...kept } = wire;
  return { ...kept, parts };
}
