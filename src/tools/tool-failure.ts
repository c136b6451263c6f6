import type { ToolLog, ToolRunResult } from '../agent/tool-executor';

/**
 * Why a tool call did not give a result, as the person trying it should read it. The model reads the message; the
 * editor's "Try it" names the kind, so a thrown error, a timeout and a refused request do not all look alike.
 */
export type ToolFailure =
  /** Not run: the arguments are not JSON or do not fit the schema. */
  | 'invalid_arguments'
  /** Not run: the arguments could not be checked (the check took too long, or the schema does not compile). */
  | 'argument_check'
  | 'unknown_tool'
  /** Not run: the tool itself is incomplete (a secret not set, a template that makes no valid URL or body). */
  | 'setup'
  | 'thrown'
  | 'bad_return'
  | 'timeout'
  | 'memory'
  /** The server could not be reached. */
  | 'network'
  /** The server answered but the browser withheld the answer (CORS). */
  | 'cors'
  | 'http_status'
  /** A safety rule stopped the request: a redirect, another origin, a private address. */
  | 'blocked'
  | 'cancelled'
  | 'crashed';

/** A run's result as the tools layer reports it: what the loop reads, plus the kind of failure. */
export type ToolRunReport =
  | { outcome: 'ok'; content: string; logs: ToolLog[] }
  | { outcome: 'error'; content: string; logs: ToolLog[]; failure: ToolFailure };

export function failed(failure: ToolFailure, content: string, logs: ToolLog[] = []): ToolRunReport {
  return { outcome: 'error', content, logs, failure };
}

/** The kind of failure of a result; null when it succeeded or came from a tool that reports none. */
export function failureOf(result: ToolRunResult | ToolRunReport): ToolFailure | null {
  return result.outcome === 'error' && 'failure' in result ? result.failure : null;
}
