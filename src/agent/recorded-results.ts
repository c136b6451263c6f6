/**
 * Recorded tool results (architecture.md, "Re-run from here"): a session's finished tool calls, found again by tool
 * name and canonical arguments. Call ids differ between models and runs, so they never take part in a match.
 * Pure: no storage, no React; the re-run and the evals feed it messages they have already read.
 */
import type { ChatMessage, MessageImage, ToolOutcome } from '../domain/messages';
import { canonicalJson } from '../domain/call-identity';

/**
 * The canonical form of a tool call's raw arguments string. Empty arguments mean `{}` (the loop runs them so:
 * agent/run-tools.ts); arguments that are not JSON stay as their exact text, marked so they never equal a JSON value.
 */
type CanonicalArguments = { kind: 'json'; text: string } | { kind: 'not_json'; text: string };

export function canonicalArguments(raw: string): CanonicalArguments {
  if (raw.trim() === '') return { kind: 'json', text: '{}' };
  try {
    return { kind: 'json', text: canonicalJson(JSON.parse(raw)) };
  } catch {
    return { kind: 'not_json', text: raw };
  }
}

/** True when two raw arguments strings say the same thing (key order, spacing and escapes aside). */
export function sameArguments(a: string, b: string): boolean {
  const x = canonicalArguments(a);
  const y = canonicalArguments(b);
  return x.kind === y.kind && x.text === y.text;
}

/** The key a call is indexed under: tool name and canonical arguments. */
function recordedCallKey(name: string, rawArguments: string): string {
  const args = canonicalArguments(rawArguments);
  return JSON.stringify([name, args.kind, args.text]);
}

/** Only calls that ran and answered are recordings; denied, cancelled, timed-out and interrupted ones have no output. */
const RECORDED_OUTCOMES = ['ok', 'error'] as const satisfies readonly ToolOutcome[];
type RecordedOutcome = (typeof RECORDED_OUTCOMES)[number];

/** One recorded call: what the model asked for and exactly what it was answered. */
export type RecordedCall = {
  /** The original call id (for the timeline and "recorded" rows; never for matching). */
  callId: string;
  /** The assistant message that asked for it. */
  messageId: string;
  name: string;
  arguments: string;
  content: string;
  isError: boolean;
  outcome: RecordedOutcome;
  images?: MessageImage[];
};

function isRecordedOutcome(o: ToolOutcome): o is RecordedOutcome {
  return (RECORDED_OUTCOMES as readonly string[]).includes(o);
}

/**
 * The recorded calls of a history, in order: each assistant tool call paired with the tool message that answered it
 * (the next one with its call id before the next assistant message, so a reused id pairs with its own answer).
 */
export function recordedCallsFromHistory(messages: readonly ChatMessage[]): RecordedCall[] {
  const out: RecordedCall[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (m?.role !== 'assistant' || m.toolCalls.length === 0) continue;
    for (const call of m.toolCalls) {
      for (let j = i + 1; j < messages.length; j++) {
        const r = messages[j];
        if (r === undefined || r.role === 'assistant') break;
        if (r.role !== 'tool' || r.toolCallId !== call.id) continue;
        if (isRecordedOutcome(r.outcome)) {
          out.push({
            callId: call.id,
            messageId: m.id,
            name: call.name,
            arguments: call.arguments,
            content: r.content,
            isError: r.isError,
            outcome: r.outcome,
            ...(r.images ? { images: r.images } : {}),
          });
        }
        break;
      }
    }
  }
  return out;
}

/** "Same tool + same canonical arguments -> recorded output" over one session's recorded calls. */
type RecordedResults = {
  /** The first recorded answer to this call, or null when none was recorded. */
  lookup(name: string, rawArguments: string): RecordedCall | null;
  /** Every recorded answer to this call, in the order they happened. */
  all(name: string, rawArguments: string): readonly RecordedCall[];
  readonly size: number;
};

export function indexRecordedResults(calls: readonly RecordedCall[]): RecordedResults {
  const byKey = new Map<string, RecordedCall[]>();
  for (const c of calls) {
    const key = recordedCallKey(c.name, c.arguments);
    const list = byKey.get(key);
    if (list) list.push(c);
    else byKey.set(key, [c]);
  }
  return {
    lookup: (name, args) => byKey.get(recordedCallKey(name, args))?.[0] ?? null,
    all: (name, args) => byKey.get(recordedCallKey(name, args)) ?? [],
    size: calls.length,
  };
}

/**
 * Answers in the order they were recorded: the n-th identical call of a re-run gets the n-th recorded answer and,
 * past the last, the last again (a tool polled until it changes answers as it did then).
 */
export type RecordedResultsCursor = { next(name: string, rawArguments: string): RecordedCall | null };

export function recordedResultsCursor(index: RecordedResults): RecordedResultsCursor {
  const used = new Map<string, number>();
  return {
    next(name, args) {
      const list = index.all(name, args);
      if (list.length === 0) return null;
      const key = recordedCallKey(name, args);
      const n = used.get(key) ?? 0;
      used.set(key, n + 1);
      return list[Math.min(n, list.length - 1)] ?? null;
    },
  };
}
