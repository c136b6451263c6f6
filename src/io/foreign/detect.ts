import { isRecord } from '../../domain/is-record';

/**
 * Which other app's file a parsed value is, by its shape alone (no library loaded): the converters load only when
 * one of these says yes (architecture.md, "Import and export of other formats").
 */
export type ForeignKind = 'chatgpt' | 'claude' | 'agui';

/** How many leading entries detection looks at: one odd entry first (a conversation with no mapping) must not hide the format. */
const LOOK_AT = 50;

export function foreignKindOf(data: unknown): ForeignKind | null {
  if (!Array.isArray(data) || data.length === 0) return null;
  const head = data.slice(0, LOOK_AT).filter(isRecord);
  if (head.some((e) => isRecord(e.mapping) && 'current_node' in e)) return 'chatgpt';
  if (head.some((e) => Array.isArray(e.chat_messages) && typeof e.uuid === 'string')) return 'claude';
  // AG-UI event types are upper snake case; an OpenAI message has a role instead.
  if (head.some((e) => typeof e.type === 'string' && /^[A-Z][A-Z_]+$/.test(e.type) && e.role === undefined))
    return 'agui';
  return null;
}

/** The first non-blank line is a JSON object with an AG-UI-like type: the text may be JSON Lines of events. */
export function mayBeAguiJsonLines(text: string): boolean {
  const first = text
    .slice(0, 4096)
    .split('\n')
    .find((l) => l.trim() !== '');
  if (!first) return false;
  try {
    const head: unknown = JSON.parse(first);
    return isRecord(head) && typeof head.type === 'string' && /^[A-Z][A-Z_]+$/.test(head.type);
  } catch {
    return false;
  }
}

export const isZipName = (name: string) => /\.zip$/i.test(name);

/** A zip's local file header signature, "PK\x03\x04" (or the empty-archive end record "PK\x05\x06"). */
export function hasZipMagic(head: Uint8Array): boolean {
  return (
    head.length >= 4 &&
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))
  );
}
