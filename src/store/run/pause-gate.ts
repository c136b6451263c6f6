import type { EditCheck, PauseGate } from '../../agent/pause';
import type { Breakpoints, PauseDecision, PausePoint } from '../../domain/breakpoints';
import { defaultSchemaValidator } from '../../tools/validation/default-validator';
import { useRunStore } from './run-store';
import type { PrimedPause } from './resume-pause';
import { isRecord } from '../../domain/is-record';

type GateDeps = {
  sessionId: string;
  /** Read at every point, so a change applies at once. */
  breakpoints: () => Promise<Breakpoints | undefined>;
  /** Resolves once the run's events so far are stored. */
  stored: () => Promise<void>;
  /** A decision made at this point before a reload: the resumed run meets the point and goes on with it at once. */
  primed?: PrimedPause | null;
};

/**
 * The page's pause gate (architecture.md, "Breakpoints"): stops where the session's breakpoints say, or at the very
 * next request or call after "Step"; one pause at a time, however many calls run at once.
 */
export function createPauseGate(deps: GateDeps): PauseGate {
  let stepping = false;
  let queue: Promise<unknown> = Promise.resolve();
  let primed = deps.primed ?? null;
  const isPrimed = (point: PausePoint) =>
    primed !== null &&
    primed.point.at === point.at &&
    (point.at === 'request' || (primed.point.at !== 'request' && primed.point.callId === point.callId));

  async function stopsAt(point: PausePoint): Promise<boolean> {
    if (isPrimed(point)) return true;
    if (stepping && point.at !== 'after_tool') return true;
    const b = await deps.breakpoints().catch(() => undefined);
    if (!b) return false;
    if (point.at === 'request') return b.beforeRequest;
    if (!(point.at === 'before_tool' ? b.beforeTool : b.afterTool)) return false;
    if (b.tool !== undefined && b.tool !== point.name) return false;
    return b.argumentsSchema === undefined || b.argumentsSchema.trim() === ''
      ? true
      : argumentsMatch(b.argumentsSchema, point.arguments);
  }

  function wait(point: PausePoint, check: EditCheck, signal: AbortSignal): Promise<PauseDecision> {
    if (primed !== null && isPrimed(point)) {
      const { decision } = primed;
      primed = null;
      stepping = decision.action === 'step';
      return Promise.resolve(decision);
    }
    const turn = queue.then(
      () =>
        new Promise<PauseDecision>((resolve) => {
          let settled = false;
          const settle = (d: PauseDecision) => {
            if (settled) return;
            settled = true;
            signal.removeEventListener('abort', onAbort);
            useRunStore.getState().clearPause(deps.sessionId);
            stepping = d.action === 'step';
            resolve(d);
          };
          const onAbort = () => settle({ action: 'stop' });
          if (signal.aborted) return onAbort();
          signal.addEventListener('abort', onAbort, { once: true });
          // Shown once stored: a pause on screen is a pause a reload finds in the event log.
          void deps.stored().then(() => {
            if (!settled) useRunStore.getState().setPause({ sessionId: deps.sessionId, point, check, resolve: settle });
          });
        }),
    );
    queue = turn;
    return turn;
  }

  return { stopsAt, wait };
}

/** Whether a call's arguments fit the breakpoint's schema; arguments that are not JSON, or a schema that is not, never do. */
async function argumentsMatch(schemaText: string, args: string): Promise<boolean> {
  let schema: unknown;
  let value: unknown;
  try {
    schema = JSON.parse(schemaText);
    value = args.trim() === '' ? {} : JSON.parse(args);
  } catch {
    return false;
  }
  if (!isRecord(schema)) return false;
  const issues = await defaultSchemaValidator()
    .validateArgs({ id: 'breakpoint-condition', parameters: schema }, value)
    .catch(() => [{ path: '', message: 'unusable schema' }]);
  return issues.length === 0;
}
