import type { LoopConfig } from '../domain/loop-config';
import type { Emit } from './emitter';
import type { MessageImage, ToolCall, ToolOutcome } from '../domain/messages';
import type { McpSamplingUse, McpWireMessage } from '../domain/mcp-call-trace';
import { progressReporter, type ProgressReporter } from './tool-progress';
import { checkResultEdit, pauseAt, type PauseGate, type StandingAnswer } from './pause';
import type { MessageEdit } from '../domain/breakpoints';
import { toolCallSink, type ToolExchangeTarget } from './tool-exchanges';
import type {
  ApprovalDecision,
  ApprovalGate,
  ToolExecutor,
  ToolHandle,
  ToolLog,
  ValidationIssue,
} from './tool-executor';

export const CANCELLED_RESULT = 'Cancelled by user';
export const DENIED_RESULT = 'Denied by user';
const CRASH_RESULT = 'Stopped: the agent loop hit an internal error before this call finished.';

export type ToolCallResult = {
  call: ToolCall;
  content: string;
  isError: boolean;
  outcome: ToolOutcome;
  images?: MessageImage[];
  /** Model requests the tool's server had the page run (legacy MCP sampling); their tokens count in the run's usage. */
  sampling?: McpSamplingUse[];
  /** The person edited the result at a pause, or answered the call by hand. */
  edits?: MessageEdit[];
};

export type ToolBatchInput = {
  calls: ToolCall[];
  turn: number;
  tools: ToolExecutor;
  approve?: ApprovalGate;
  config: Pick<LoopConfig, 'toolConcurrency' | 'toolTimeoutMs'> & Partial<Pick<LoopConfig, 'repeatCallLimit'>>;
  /**
   * Which occurrence of the same tool with the same arguments in the run each call is (domain/call-identity.ts), in
   * call order; absent: every call is a first. Drives the repeated-call guard.
   */
  occurrences?: readonly number[];
  /** Breakpoints after each call (the loop asks before calls itself). */
  pause?: PauseGate;
  /** Calls answered without running them (by hand at a pause, or before a reload): this is their result. */
  answers?: ReadonlyMap<string, StandingAnswer>;
  /** Calls whose arguments the person edited at a pause. */
  editedArgs?: ReadonlySet<string>;
  signal: AbortSignal;
  emit: Emit;
  clock: () => number;
  /** Where each call's HTTP exchanges go; absent: nothing is captured. */
  exchanges?: ToolExchangeTarget;
};

/**
 * Thrown by runToolBatch when something that should never throw did (the executor's get(), say).
 * Carries the results the batch did report, each already announced by a tool_finished event, so
 * the loop can keep them and answer only the calls that have none.
 */
export class ToolBatchCrash extends Error {
  constructor(
    readonly error: unknown,
    readonly settled: ToolCallResult[],
  ) {
    super(error instanceof Error ? error.message : String(error));
    this.name = 'ToolBatchCrash';
  }
}

type Finished = {
  content: string;
  outcome: ToolOutcome;
  validation?: 'ok' | 'invalid_json' | 'schema' | 'unknown_tool';
  validationErrors?: ValidationIssue[];
  logs?: ToolLog[];
  mcpMessages?: McpWireMessage[];
  images?: MessageImage[];
  sampling?: McpSamplingUse[];
  recorded?: true;
  edits?: MessageEdit[];
};

const ABORTED = Symbol('aborted');
const TIMED_OUT = Symbol('timed out');

/** Resolves (never rejects) with ABORTED when the signal fires; the listener goes with `dispose`. */
function abortRace(signal: AbortSignal): { promise: Promise<typeof ABORTED>; dispose: () => void } {
  let dispose = () => {};
  const promise = new Promise<typeof ABORTED>((resolve) => {
    if (signal.aborted) return resolve(ABORTED);
    const on = () => resolve(ABORTED);
    signal.addEventListener('abort', on, { once: true });
    dispose = () => signal.removeEventListener('abort', on);
  });
  return { promise, dispose };
}

type Parsed = { ok: true; value: unknown } | { ok: false; finished: Finished };

async function parseAndValidate(tool: ToolHandle, raw: string): Promise<Parsed> {
  let value: unknown;
  try {
    // Models often send "" for a tool without parameters.
    value = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      finished: {
        content: `Error: the arguments for "${tool.spec.name}" are not valid JSON (${message}). Arguments received: ${raw}`,
        outcome: 'error',
        validation: 'invalid_json',
        validationErrors: [{ path: '', message }],
      },
    };
  }
  let issues: ValidationIssue[];
  try {
    // On the page this waits for the validation worker (the page's CSP forbids compiling schemas there).
    issues = await tool.validate(value);
  } catch (e) {
    issues = [{ path: '', message: e instanceof Error ? e.message : String(e) }];
  }
  if (issues.length > 0) {
    const list = issues.map((i) => `- ${i.path === '' ? '(root)' : i.path}: ${i.message}`).join('\n');
    return {
      ok: false,
      finished: {
        content: `Error: the arguments for "${tool.spec.name}" do not match its schema:\n${list}\nArguments received: ${raw}`,
        outcome: 'error',
        validation: 'schema',
        validationErrors: issues,
      },
    };
  }
  return { ok: true, value };
}

/** What every call of one batch shares: the batch's signal, its results so far, and how a call ends. */
type Batch = {
  input: ToolBatchInput;
  /** The batch's own signal: the run's abort, or a crash in one lane. */
  signal: AbortSignal;
  aborted: Promise<typeof ABORTED>;
  reporters: Map<number, ProgressReporter>;
  finish: (i: number, call: ToolCall, f: Finished, startedAt: number) => void;
  cancelled: () => Finished;
};

function finisher(
  input: ToolBatchInput,
  results: (ToolCallResult | undefined)[],
  reporters: Map<number, ProgressReporter>,
): Batch['finish'] {
  const { turn, emit, clock } = input;
  return (i, call, f, startedAt) => {
    if (results[i] !== undefined) return;
    // Nothing of a call's progress may follow its result, even from a tool that keeps going after it was abandoned.
    reporters.get(i)?.close();
    const isError = f.outcome !== 'ok';
    const sampling = f.sampling && f.sampling.length > 0 ? { sampling: f.sampling } : {};
    results[i] = {
      call,
      content: f.content,
      isError,
      outcome: f.outcome,
      ...(f.images && f.images.length > 0 ? { images: f.images } : {}),
      ...sampling,
      ...(f.edits ? { edits: f.edits } : {}),
    };
    emit({
      type: 'tool_finished',
      turn,
      callId: call.id,
      name: call.name,
      outcome: f.outcome,
      durationMs: Math.max(0, clock() - startedAt),
      result: f.content,
      isError,
      ...(f.validation ? { validation: f.validation } : {}),
      ...(f.validationErrors ? { validationErrors: f.validationErrors } : {}),
      ...(f.logs ? { logs: f.logs } : {}),
      ...(f.mcpMessages ? { mcpMessages: f.mcpMessages } : {}),
      ...sampling,
      ...(f.recorded ? { recorded: true as const } : {}),
      ...(f.edits ? { edited: true as const } : {}),
    });
  };
}

async function decide(
  b: Batch,
  call: ToolCall,
  args: string,
  tool: ToolHandle,
  repeat?: number,
): Promise<ApprovalDecision | typeof ABORTED> {
  const { approve, emit, turn } = b.input;
  const r = repeat !== undefined ? { repeat } : {};
  emit({ type: 'approval_requested', turn, callId: call.id, name: call.name, arguments: args, ...r });
  if (!approve) return { decision: 'deny', reason: 'this tool needs approval and no one is there to give it' };
  const asked = {
    callId: call.id,
    name: call.name,
    arguments: args,
    schema: tool.spec.parameters,
    ...(tool.approvalKey ? { key: tool.approvalKey } : {}),
    ...r,
  };
  try {
    return await Promise.race([approve(asked, b.signal), b.aborted]);
  } catch {
    return b.signal.aborted ? ABORTED : { decision: 'deny', reason: 'the approval request failed' };
  }
}

/** A call that may run, with the arguments it runs with; or how it ended before running. */
type Admitted = { run: true; args: string; value: unknown } | { run: false; finished: Finished };

/** The checks before a call runs: a standing answer, its arguments, the repeated-call guard, approval. */
async function admit(b: Batch, i: number, call: ToolCall, tool: ToolHandle): Promise<Admitted> {
  const { input, signal } = b;
  const { approve, config, emit, turn } = input;
  const ended = (finished: Finished): Admitted => ({ run: false, finished });
  const answer = input.answers?.get(call.id);
  if (answer !== undefined)
    return ended({
      content: answer.content,
      outcome: answer.outcome,
      ...(answer.edits ? { edits: answer.edits } : {}),
    });
  let args = call.arguments;
  const checked = await Promise.race([parseAndValidate(tool, args), b.aborted]);
  if (checked === ABORTED || signal.aborted) return ended(b.cancelled());
  let parsed: Parsed = checked;
  if (!parsed.ok) return ended(parsed.finished);

  // The repeated-call guard (architecture.md, "Repeated-call guard"): the limit-th identical call waits for the person.
  // Only "Continue" answers it; "Stop run" stops the run, so the call is answered as cancelled like any other.
  const occurrence = input.occurrences?.[i] ?? 1;
  const limit = config.repeatCallLimit ?? 0;
  if (approve && limit > 0 && occurrence >= limit) {
    const d = await decide(b, call, args, tool, occurrence);
    if (d === ABORTED || signal.aborted) return ended(b.cancelled());
    emit({
      type: 'approval_resolved',
      turn,
      callId: call.id,
      decision: d.decision === 'approve' ? 'approved' : 'denied',
      arguments: args,
    });
    if (d.decision !== 'approve')
      return ended({
        content: `${CANCELLED_RESULT}: the same call repeated ${occurrence} times`,
        outcome: 'cancelled',
      });
  }

  if (tool.needsApproval) {
    const d = await decide(b, call, args, tool);
    if (d === ABORTED || signal.aborted) return ended(b.cancelled());
    const decision = d.decision === 'approve' ? 'approved' : d.decision === 'deny' ? 'denied' : 'edited';
    if (d.decision === 'edit') args = d.arguments;
    emit({
      type: 'approval_resolved',
      turn,
      callId: call.id,
      decision,
      arguments: args,
      ...(d.decision !== 'edit' && d.by !== undefined ? { by: d.by } : {}),
    });
    if (d.decision === 'deny')
      return ended({ content: d.reason ? `${DENIED_RESULT}: ${d.reason}` : DENIED_RESULT, outcome: 'denied' });
    if (d.decision === 'edit') {
      const rechecked = await Promise.race([parseAndValidate(tool, args), b.aborted]);
      if (rechecked === ABORTED || signal.aborted) return ended(b.cancelled());
      parsed = rechecked;
      if (!parsed.ok) return ended(parsed.finished);
    }
  }
  return { run: true, args, value: parsed.value };
}

type RunOutput = Awaited<ReturnType<ToolHandle['run']>>;

/** The breakpoint after a call: the person reads the result and may change what the model reads. */
async function afterPause(b: Batch, call: ToolCall, args: string, r: RunOutput): Promise<Finished> {
  const { input } = b;
  const held = await pauseAt(
    input.pause,
    {
      at: 'after_tool',
      turn: input.turn,
      callId: call.id,
      name: call.name,
      arguments: args,
      result: r.content,
      isError: r.outcome !== 'ok',
    },
    checkResultEdit,
    input.signal,
    input.emit,
  );
  const edited =
    held !== null && held.action !== 'stop' && held.edited !== undefined && held.edited !== r.content
      ? held.edited
      : undefined;
  const edit =
    edited !== undefined ? { content: edited, edits: [{ kind: 'result' as const, original: r.content }] } : {};
  return {
    content: r.content,
    outcome: r.outcome,
    validation: 'ok',
    logs: r.logs,
    ...(r.mcpMessages ? { mcpMessages: r.mcpMessages } : {}),
    ...(r.images ? { images: r.images } : {}),
    ...(r.sampling ? { sampling: r.sampling } : {}),
    ...(r.recorded ? { recorded: true as const } : {}),
    ...edit,
  };
}

/** Runs an admitted call under its timeout, the batch's signal and the breakpoint after it. */
async function execute(
  b: Batch,
  i: number,
  call: ToolCall,
  tool: ToolHandle,
  args: string,
  value: unknown,
): Promise<void> {
  const { input, signal, finish, cancelled } = b;
  const { emit, turn, clock } = input;
  const timeoutMs = tool.timeoutMs ?? input.config.toolTimeoutMs;
  const ctl = new AbortController();
  const onRunAbort = () => ctl.abort(signal.reason);
  signal.addEventListener('abort', onRunAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  const startedAt = clock();
  emit({
    type: 'tool_started',
    turn,
    callId: call.id,
    name: call.name,
    arguments: args,
    ...(tool.mcpServer ? { mcpServer: tool.mcpServer } : {}),
    ...(input.editedArgs?.has(call.id) ? { edited: true as const } : {}),
  });
  const reporter = progressReporter((body) => emit({ type: 'tool_progress', turn, callId: call.id, ...body }), clock);
  b.reporters.set(i, reporter);
  try {
    // A stop pressed while tool_started was being handled: do not start the tool at all.
    if (signal.aborted) return finish(i, call, cancelled(), startedAt);
    const run = Promise.resolve(
      tool.run(value, {
        signal: ctl.signal,
        timeoutMs,
        callId: call.id,
        suspendTimeout: () => clearTimeout(timer),
        onProgress: (p) => reporter.report(p),
        ...(input.exchanges ? { capture: toolCallSink(input.exchanges, call.id) } : {}),
      }),
    );
    // An abandoned tool may still reject later; that must not surface as an unhandled rejection.
    run.catch(() => undefined);
    const r = await Promise.race([run, timeout, b.aborted]);
    // A stopped MCP call still shows what went over the wire up to the stop (the request and the cancellation).
    const sent = () => {
      const m = tool.wireMessages?.(call.id);
      return m !== undefined && m.length > 0 ? { mcpMessages: m } : {};
    };
    if (r === ABORTED) finish(i, call, { ...cancelled(), ...sent() }, startedAt);
    else if (r === TIMED_OUT) {
      finish(
        i,
        call,
        {
          content: `Error: the tool "${call.name}" did not finish within ${timeoutMs} ms and was stopped.`,
          outcome: 'timeout',
          ...sent(),
        },
        startedAt,
      );
    } else finish(i, call, await afterPause(b, call, args, r), startedAt);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    finish(
      i,
      call,
      signal.aborted
        ? cancelled()
        : { content: `Error: the tool "${call.name}" failed: ${message}`, outcome: 'error', validation: 'ok' },
      startedAt,
    );
  } finally {
    clearTimeout(timer);
    reporter.close();
    signal.removeEventListener('abort', onRunAbort);
    // Tells a tool that outlived its timeout (or the run) to stop; whatever it returns later is ignored.
    ctl.abort();
  }
}

async function runOne(b: Batch, i: number, call: ToolCall): Promise<void> {
  const { tools, clock } = b.input;
  const queuedAt = clock();
  if (b.signal.aborted) return b.finish(i, call, b.cancelled(), queuedAt);
  const tool = tools.get(call.name);
  if (!tool) {
    const names = tools.list().map((t) => t.spec.name);
    return b.finish(
      i,
      call,
      {
        content: `Error: there is no tool named "${call.name}". Available tools: ${names.length > 0 ? names.join(', ') : '(none)'}.`,
        outcome: 'error',
        validation: 'unknown_tool',
      },
      queuedAt,
    );
  }
  const admitted = await admit(b, i, call, tool);
  if (!admitted.run) return b.finish(i, call, admitted.finished, queuedAt);
  await execute(b, i, call, tool, admitted.args, admitted.value);
}

/**
 * Runs one turn's tool calls, at most `toolConcurrency` at a time, and returns one result per
 * call in call order. Every failure becomes a result the model reads. When `signal` aborts,
 * every call without a result gets "Cancelled by user" at once: a tool that ignores its signal
 * is abandoned and its late result dropped.
 */
export async function runToolBatch(input: ToolBatchInput): Promise<{ results: ToolCallResult[]; cancelled: boolean }> {
  const { calls, config } = input;
  const results: (ToolCallResult | undefined)[] = calls.map(() => undefined);
  // Everything below watches the batch's own signal: the run's abort stops it, and so does a crash
  // in one lane, which must not leave the other lanes running (and emitting) after the run ended.
  const stopBatch = new AbortController();
  const stopWithRun = () => stopBatch.abort(input.signal.reason);
  if (input.signal.aborted) stopWithRun();
  else input.signal.addEventListener('abort', stopWithRun, { once: true });
  let crash: { error: unknown } | null = null;
  const abort = abortRace(stopBatch.signal);
  const reporters = new Map<number, ProgressReporter>();
  const batch: Batch = {
    input,
    signal: stopBatch.signal,
    aborted: abort.promise,
    reporters,
    finish: finisher(input, results, reporters),
    cancelled: () =>
      crash !== null && !input.signal.aborted
        ? { content: CRASH_RESULT, outcome: 'error' }
        : { content: CANCELLED_RESULT, outcome: 'cancelled' },
  };

  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const i = next++;
      const call = calls[i];
      if (!call) continue;
      try {
        await runOne(batch, i, call);
      } catch (error) {
        // Only a broken executor or emitter gets here (tool failures are results). Stop the
        // other lanes, let them settle, and report it after: see ToolBatchCrash.
        crash ??= { error };
        stopBatch.abort();
      }
    }
  };
  const lanes = Math.max(1, Math.min(config.toolConcurrency, calls.length));
  await Promise.all(Array.from({ length: lanes }, worker));
  abort.dispose();
  input.signal.removeEventListener('abort', stopWithRun);
  // Read through a cast: TypeScript cannot see that the workers above assigned it.
  const crashed = crash as { error: unknown } | null;
  if (crashed !== null)
    throw new ToolBatchCrash(
      crashed.error,
      calls.flatMap((_, i) => results[i] ?? []),
    );

  const wasCancelled = input.signal.aborted;
  const out: ToolCallResult[] = calls.map((call, i) => {
    const r = results[i];
    return r ?? { call, content: CANCELLED_RESULT, isError: true, outcome: 'cancelled' };
  });
  return { results: out, cancelled: wasCancelled };
}
