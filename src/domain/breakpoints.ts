/**
 * Breakpoints and pauses (architecture.md, "Breakpoints"). A session keeps its breakpoints; the loop asks its pause
 * gate at three points and waits while the person looks, edits, steps or stops. Nothing here runs a request.
 */
export type Breakpoints = {
  beforeRequest: boolean;
  beforeTool: boolean;
  afterTool: boolean;
  /** The one tool the tool breakpoints stop at; absent: all tools. */
  tool?: string;
  /** A JSON Schema the call's arguments must match for a tool breakpoint to stop; absent: every call. */
  argumentsSchema?: string;
};

export const NO_BREAKPOINTS: Breakpoints = Object.freeze({ beforeRequest: false, beforeTool: false, afterTool: false });

/** Where a run waits: before a model request, before a tool call, after one. */
export type PausePoint =
  | { at: 'request'; turn: number /** The request body exactly as it will be sent, as JSON text. */; body: string }
  | {
      at: 'before_tool';
      turn: number;
      callId: string;
      name: string;
      arguments: string;
      schema?: Record<string, unknown>;
    }
  | {
      at: 'after_tool';
      turn: number;
      callId: string;
      name: string;
      arguments: string;
      result: string;
      isError: boolean;
    };

/**
 * How a pause ends. `edited` replaces what the point offered (request body, arguments, result) and is sent verbatim;
 * `answer` gives a tool's result without running it. `step`: pause again at the very next request or tool call.
 */
export type PauseDecision = { action: 'continue' | 'step'; edited?: string; answer?: string } | { action: 'stop' };

/** An edit made at a pause, kept on the message it changed beside what it replaced (architecture.md, "Breakpoints"). */
export type MessageEdit =
  | { kind: 'request'; original: string; sent: string }
  | { kind: 'arguments'; callId: string; original: string }
  | { kind: 'result'; original: string }
  | { kind: 'answered' };
