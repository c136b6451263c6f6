import type { WireParts } from '../../domain/messages';

/** The note's accessible name (docs/accessible-names.md). */
const UNKNOWN_PARTS_NAME = 'Parts Toolscope does not know';

// The Anthropic block types and Gemini part kinds Toolscope reads (docs/wire-formats.md, "What is kept verbatim");
// any other is kept and sent back as it came, and named under the reply.
const ANTHROPIC_BLOCKS = new Set([
  'text',
  'thinking',
  'redacted_thinking',
  'tool_use',
  'server_tool_use',
  'mcp_tool_use',
]);
const GEMINI_KINDS = new Set(['text', 'functionCall', 'executableCode', 'codeExecutionResult']);
// Marks that sit on a part of another kind, or alone on a signature-only part.
const GEMINI_MARKS = new Set(['thought', 'thoughtSignature']);

function partType(format: WireParts['format'], part: Record<string, unknown>): string | null {
  if (format === 'anthropic') {
    const type = typeof part.type === 'string' ? part.type : '(no type)';
    return ANTHROPIC_BLOCKS.has(type) || type.endsWith('_tool_result') ? null : type;
  }
  const keys = Object.keys(part).filter((k) => !GEMINI_MARKS.has(k));
  if (keys.length === 0 || keys.some((k) => GEMINI_KINDS.has(k))) return null;
  return keys.join('+');
}

/** The types of the reply's parts Toolscope does not read, each once, in the order they came. */
function unknownPartTypes(wire: WireParts | undefined): string[] {
  if (!wire) return [];
  const types = new Set<string>();
  for (const part of wire.parts) {
    const type = partType(wire.format, part);
    if (type !== null) types.add(type);
  }
  return [...types];
}

/** How many of the reply's thinking blocks the provider sent encrypted (Anthropic's `redacted_thinking`). */
export function encryptedReasoningCount(wire: WireParts | undefined): number {
  if (wire?.format !== 'anthropic') return 0;
  return wire.parts.filter((p) => p.type === 'redacted_thinking').length;
}

export const encryptedReasoningWords = (n: number): string =>
  `${n} reasoning ${n === 1 ? 'block' : 'blocks'} encrypted by the provider`;

/** A quiet note naming what the provider sent that Toolscope does not know: kept, sent back, never a crash. */
export function UnknownPartsNote({ wireParts }: { wireParts: WireParts | undefined }) {
  const types = unknownPartTypes(wireParts);
  if (types.length === 0) return null;
  return (
    <p className="hint unknown-parts-note" role="note" aria-label={UNKNOWN_PARTS_NAME}>
      The provider sent parts Toolscope does not know: {types.join(', ')}. They are kept and sent back as they came.
    </p>
  );
}
