import type { MessageEdit, PauseDecision, PausePoint } from '../domain/breakpoints';
import type { ToolCall, ToolOutcome } from '../domain/messages';
import type { Emit } from './emitter';
import type { ToolExecutor, ValidationIssue } from './tool-executor';
import { isRecord } from '../domain/is-record';
import type { ApiFormat } from '../domain/session';

/** A call's result given without running it: typed by hand at a pause, or known from before a reload. */
export type StandingAnswer = { content: string; outcome: ToolOutcome; isError: boolean; edits?: MessageEdit[] };

/** Why an edit cannot be sent, in words; null: it can. */
export type EditCheck = (text: string) => Promise<string | null>;

/**
 * The loop's breakpoints (architecture.md, "Breakpoints"): asked at every point whether to stop there, then waited
 * on. A pause is a state of the one loop, not a second loop: the loop holds no open request while it waits.
 * `wait` settles `{ action: 'stop' }` when the signal aborts; the edits it returns have passed `check`.
 */
export type PauseGate = {
  stopsAt: (point: PausePoint) => Promise<boolean>;
  wait: (point: PausePoint, check: EditCheck, signal: AbortSignal) => Promise<PauseDecision>;
};

/** Asks the gate, announces the pause and its end; null when the run does not stop here. */
export async function pauseAt(
  gate: PauseGate | undefined,
  point: PausePoint,
  check: EditCheck,
  signal: AbortSignal,
  emit: Emit,
): Promise<PauseDecision | null> {
  if (!gate || signal.aborted || !(await gate.stopsAt(point))) return null;
  emit({ type: 'run_paused', point });
  const decision = signal.aborted
    ? { action: 'stop' as const }
    : await gate.wait(point, check, signal).catch((): PauseDecision => ({ action: 'stop' }));
  const settled: PauseDecision = signal.aborted ? { action: 'stop' } : decision;
  const edited = settled.action !== 'stop' && (settled.edited !== undefined || settled.answer !== undefined);
  emit({ type: 'run_resumed', turn: point.turn, action: settled.action, ...(edited ? { edited: true as const } : {}) });
  return settled;
}

/**
 * A request body a person edited, checked in the format it was shown in (docs/debugging.md, "Breakpoints"): JSON with
 * a model and a `messages` list (Chat Completions), an `input` (Responses), `messages` and a positive `max_tokens`
 * (Anthropic Messages), or a `contents` list (Gemini, whose model is in the address).
 */
export function requestEditCheck(format: ApiFormat): EditCheck {
  return async (text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return `The request is not valid JSON: ${e instanceof Error ? e.message : String(e)}`;
    }
    if (!isRecord(value)) return 'The request must be a JSON object.';
    return BODY_CHECKS[format](value as Record<string, unknown>);
  };
}

const needsModel = (body: Record<string, unknown>): string | null =>
  typeof body['model'] !== 'string' || body['model'] === '' ? 'The request needs a "model".' : null;

const needsMessages = (body: Record<string, unknown>): string | null =>
  Array.isArray(body['messages']) ? null : 'The request needs a "messages" list.';

const BODY_CHECKS: Record<ApiFormat, (body: Record<string, unknown>) => string | null> = {
  chat: (body) => needsMessages(body) ?? needsModel(body),
  responses: (body) =>
    typeof body['input'] === 'string' || Array.isArray(body['input'])
      ? needsModel(body)
      : 'The request needs an "input": a list of items or a text.',
  anthropic: (body) => {
    const max = body['max_tokens'];
    return (
      needsMessages(body) ??
      needsModel(body) ??
      (typeof max === 'number' && Number.isInteger(max) && max > 0
        ? null
        : 'The request needs "max_tokens": a whole number of tokens above 0.')
    );
  },
  gemini: (body) =>
    Array.isArray(body['contents'])
      ? null
      : 'The request needs a "contents" list (the model is in the address, not here).',
};

/**
 * The format of a request body a pause showed, for a pause a reload left (it records the body, not the format): only
 * Gemini's has `contents`, only Responses' an `input`, and Chat Completions' always asks for usage (`stream_options`).
 */
export function requestFormatOf(body: string): ApiFormat {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'chat';
  }
  if (!isRecord(value)) return 'chat';
  if ('contents' in value) return 'gemini';
  if ('input' in value) return 'responses';
  return 'max_tokens' in value && !('stream_options' in value) ? 'anthropic' : 'chat';
}

/** A tool result typed by hand or edited: any text the model can read. */
export const checkResultEdit: EditCheck = async () => null;

export function withEdit<T extends { edits?: MessageEdit[] }>(message: T, edits: readonly MessageEdit[]): T {
  return edits.length === 0 ? message : { ...message, edits: [...(message.edits ?? []), ...edits] };
}

/**
 * Pauses before each call of a turn that will run (before its message is stored): an argument edit replaces the call
 * in `calls`, an answer by hand stands for the tool's result. Stops asking once the run is stopped.
 */
export async function pauseBeforeCalls(o: {
  gate: PauseGate | undefined;
  calls: ToolCall[];
  turn: number;
  tools: ToolExecutor;
  signal: AbortSignal;
  emit: Emit;
  skip?: ReadonlyMap<string, unknown> | undefined;
}) {
  const answers = new Map<string, StandingAnswer>();
  const editedArgs = new Set<string>();
  const edits: MessageEdit[] = [];
  if (!o.gate) return { answers, editedArgs, edits };
  for (const [i, call] of o.calls.entries()) {
    if (o.skip?.has(call.id)) continue;
    const tool = o.tools.get(call.name);
    const point = {
      at: 'before_tool' as const,
      turn: o.turn,
      callId: call.id,
      name: call.name,
      arguments: call.arguments,
      ...(tool ? { schema: tool.spec.parameters } : {}),
    };
    const d = await pauseAt(
      o.gate,
      point,
      argumentsCheck(call.name, tool ? (v) => tool.validate(v) : undefined),
      o.signal,
      o.emit,
    );
    if (d === null) continue;
    if (d.action === 'stop') break;
    if (d.answer !== undefined)
      answers.set(call.id, { content: d.answer, outcome: 'ok', isError: false, edits: [{ kind: 'answered' }] });
    else if (d.edited !== undefined && d.edited !== call.arguments) {
      edits.push({ kind: 'arguments', callId: call.id, original: call.arguments });
      o.calls[i] = { ...call, arguments: d.edited };
      editedArgs.add(call.id);
    }
  }
  return { answers, editedArgs, edits };
}

export const NOT_RUN_EDITED = 'Not run: the arguments were edited at a pause; the edited call ran instead.';

/** Edited arguments must parse and fit the tool's schema before they are sent (a tool the run lacks takes any JSON). */
export function argumentsCheck(
  name: string,
  validate: ((value: unknown) => ValidationIssue[] | Promise<ValidationIssue[]>) | undefined,
): EditCheck {
  return async (text) => {
    let value: unknown;
    try {
      value = text.trim() === '' ? {} : JSON.parse(text);
    } catch (e) {
      return `The arguments are not valid JSON: ${e instanceof Error ? e.message : String(e)}`;
    }
    if (!validate) return null;
    const issues = await Promise.resolve(validate(value)).catch((e: unknown) => [
      { path: '', message: e instanceof Error ? e.message : String(e) },
    ]);
    if (issues.length === 0) return null;
    return `The arguments do not match the schema of ${name}: ${issues.map((i) => `${i.path === '' ? '(root)' : i.path} ${i.message}`).join('; ')}`;
  };
}
