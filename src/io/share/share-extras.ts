import type { MessageEdit } from '../../domain/breakpoints';
import type { ChatMessage, MessageImage, WireParts } from '../../domain/messages';
import type { Citation, ProviderToolCall } from '../../domain/provider-items';
import { isRecord } from '../../domain/is-record';
import { renameWireCalls } from '../../domain/wire-parts';

/**
 * What a share carries of a message besides its text and calls (share format 3, docs/files.md, "Share links"):
 * images, a refusal, citations, the tools the provider ran, the marks of edits made at a pause, and a reply's
 * provider content (signed thinking, thought signatures) so an imported copy can continue the conversation.
 * Positional like the rest of the share, and only where a message has any, so a plain conversation's link is no
 * longer than in format 2. Not carried, and why (share-left-out.ts says it to the sender): the provider's reasoning
 * and compaction items (sealed by the provider, never shown; the reasoning text itself is carried), what an edited
 * request sent and replaced (a request holds the system prompt layers and recalled memories), and, as with results,
 * anything a tool returned when results are left out.
 */
/** [MIME type, base64 data, where it came from] */
type CompactImage = [string, string, string];
type CompactCitation = [Citation['kind'], string, string];
/** A tool the provider ran: item type, name, status, input, output (0: left out with the results), ms when measured. */
type CompactProviderTool = [string, string, string, string, string | 0, number?];
/**
 * q: the request was edited; a: a call's arguments (its index in the message, the original); r: the result (the
 * original, 0: left out); n: answered by hand.
 */
type CompactEdit = ['q'] | ['a', number, string] | ['r', string | 0] | ['n'];
/** A reply's provider content as stored (format, the model that signed it, its blocks or parts), calls renamed. */
type CompactWire = [WireParts['format'], string, Record<string, unknown>[]];
export type CompactExtras = {
  i?: CompactImage[];
  f?: string;
  c?: CompactCitation[];
  p?: CompactProviderTool[];
  e?: CompactEdit[];
  w?: CompactWire;
};

/** What stands where a tool's result was when the link leaves results out. */
export const RESULT_LEFT_OUT = '[Tool result left out of this shared link]';
/** What stands where an edited request's texts were: a share never carries a request (it holds recalled memories). */
export const REQUEST_LEFT_OUT = '[Request left out of this shared link]';

export type ExtrasChoice = { toolResults: boolean; images: boolean };

const images = (list: readonly MessageImage[] | undefined): CompactImage[] =>
  (list ?? []).map((im) => [im.mimeType, im.data, im.label]);

function edits(list: readonly MessageEdit[] | undefined, m: ChatMessage, toolResults: boolean): CompactEdit[] {
  return (list ?? []).flatMap((e): CompactEdit[] => {
    if (e.kind === 'request') return [['q']];
    if (e.kind === 'answered') return [['n']];
    if (e.kind === 'result') return [['r', toolResults ? e.original : 0]];
    const k = m.role === 'assistant' ? m.toolCalls.findIndex((c) => c.id === e.callId) : -1;
    return k === -1 ? [] : [['a', k, e.original]];
  });
}

/**
 * Whether a reply's provider content holds what a tool the provider ran returned (Anthropic `*_tool_result` blocks,
 * Gemini `codeExecutionResult` parts): it goes, whole, only with the results, since it cannot be cut and stay signed.
 */
export function wireHoldsResults(w: WireParts): boolean {
  return w.parts.some((p) =>
    w.format === 'anthropic'
      ? typeof p.type === 'string' && p.type.endsWith('_tool_result')
      : p.codeExecutionResult !== undefined,
  );
}

/**
 * The extras of one message, or null when it has none (the share then names no entry for it). `callIds`: the ids
 * the share gives the message's calls (by index), which its provider content's calls take.
 */
export function compactExtras(
  m: ChatMessage,
  choice: ExtrasChoice,
  callIds: readonly string[] = [],
): CompactExtras | null {
  const x: CompactExtras = {};
  if (m.role === 'user' && choice.images && m.images?.length) x.i = images(m.images);
  if (m.role === 'tool' && choice.images && choice.toolResults && m.images?.length) x.i = images(m.images);
  if (m.role === 'assistant') {
    if (m.refusal !== null && m.refusal !== '') x.f = m.refusal;
    if (m.citations?.length) x.c = m.citations.map((c) => [c.kind, c.ref, c.title]);
    const tools = (m.providerItems ?? []).filter((p): p is ProviderToolCall => p.kind === 'provider_tool');
    if (tools.length > 0) {
      x.p = tools.map((p): CompactProviderTool => {
        const out: string | 0 = choice.toolResults ? p.output : 0;
        return p.durationMs === undefined
          ? [p.itemType, p.name, p.status, p.input, out]
          : [p.itemType, p.name, p.status, p.input, out, p.durationMs];
      });
    }
    if (m.wireParts && (choice.toolResults || !wireHoldsResults(m.wireParts))) {
      const index = new Map(m.toolCalls.map((c, k) => [c.id, k]));
      const w = renameWireCalls(m.wireParts, (id) => callIds[index.get(id) ?? -1]);
      x.w = [w.format, w.model, w.parts];
    }
  }
  if (m.role === 'assistant' || m.role === 'tool') {
    const e = edits(m.edits, m, choice.toolResults);
    if (e.length > 0) x.e = e;
  }
  return Object.keys(x).length > 0 ? x : null;
}

/** The fields a share's extras give back, for the session builder; the import's schema check then holds their shapes. */
export type ExpandedExtras = {
  images?: MessageImage[];
  refusal?: string;
  citations?: Citation[];
  providerItems?: ProviderToolCall[];
  edits?: MessageEdit[];
  wireParts?: WireParts;
};

const isText = (v: unknown): v is string => typeof v === 'string';
const isTuple = (v: unknown, n: number): v is unknown[] => Array.isArray(v) && v.length >= n;

/**
 * Reads one message's extras back; null where they are not what compactExtras writes. `callIds`: the ids the
 * rebuilt message's calls got, which an edit of arguments names by index.
 */
export function expandExtras(raw: unknown, at: number, callIds: readonly string[]): ExpandedExtras | null {
  if (!isRecord(raw)) return null;
  const x = raw as Record<string, unknown>;
  const out: ExpandedExtras = {};
  try {
    if (x.i !== undefined)
      out.images = list(x.i).map((im) =>
        isTuple(im, 3) && im.slice(0, 3).every(isText)
          ? { mimeType: im[0] as string, data: im[1] as string, label: im[2] as string }
          : bad(),
      );
    if (x.f !== undefined) out.refusal = isText(x.f) ? x.f : bad();
    if (x.c !== undefined)
      out.citations = list(x.c).map((c) =>
        isTuple(c, 3) &&
        (c[0] === 'url' || c[0] === 'file' || c[0] === 'container_file') &&
        isText(c[1]) &&
        isText(c[2])
          ? { kind: c[0], ref: c[1], title: c[2] }
          : bad(),
      );
    if (x.p !== undefined) out.providerItems = list(x.p).map((p, k) => providerTool(p, `pt_${at}_${k}`));
    if (x.e !== undefined) out.edits = list(x.e).map((e) => edit(e, callIds));
    if (x.w !== undefined) out.wireParts = wire(x.w);
  } catch (e) {
    if (e instanceof BadExtras) return null;
    throw e;
  }
  return out;
}

class BadExtras extends Error {}
const bad = (): never => {
  throw new BadExtras();
};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : bad());

function providerTool(p: unknown, id: string): ProviderToolCall {
  if (!isTuple(p, 5) || !p.slice(0, 4).every(isText) || !(isText(p[4]) || p[4] === 0)) return bad();
  const [itemType, name, status, input, output, ms] = p as CompactProviderTool;
  if (ms !== undefined && (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)) return bad();
  return {
    kind: 'provider_tool',
    id,
    itemType,
    name,
    status,
    input,
    output: output === 0 ? RESULT_LEFT_OUT : output,
    ...(ms === undefined ? {} : { durationMs: ms }),
  };
}

function wire(w: unknown): WireParts {
  if (!isTuple(w, 3) || (w[0] !== 'anthropic' && w[0] !== 'gemini') || !isText(w[1])) return bad();
  return { format: w[0], model: w[1], parts: list(w[2]).map((p) => (isRecord(p) ? p : bad())) };
}

function edit(e: unknown, callIds: readonly string[]): MessageEdit {
  if (!Array.isArray(e)) return bad();
  if (e[0] === 'q') return { kind: 'request', original: REQUEST_LEFT_OUT, sent: REQUEST_LEFT_OUT };
  if (e[0] === 'n') return { kind: 'answered' };
  if (e[0] === 'r' && (isText(e[1]) || e[1] === 0))
    return { kind: 'result', original: e[1] === 0 ? RESULT_LEFT_OUT : e[1] };
  const callId = e[0] === 'a' && typeof e[1] === 'number' ? callIds[e[1]] : undefined;
  if (callId === undefined || !isText(e[2])) return bad();
  return { kind: 'arguments', callId, original: e[2] };
}

/** Which extras each role may have: anything else is a damaged share. */
export function extrasFit(x: ExpandedExtras, role: ChatMessage['role']): boolean {
  const keys = Object.keys(x) as (keyof ExpandedExtras)[];
  const allowed: Record<ChatMessage['role'], readonly (keyof ExpandedExtras)[]> = {
    user: ['images'],
    system: [],
    assistant: ['refusal', 'citations', 'providerItems', 'edits', 'wireParts'],
    tool: ['images', 'edits'],
  };
  return keys.every((k) => allowed[role].includes(k));
}
