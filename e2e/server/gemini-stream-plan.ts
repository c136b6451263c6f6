import type { Planned, WireRenderer } from './play-step';
import type { Signer } from './thought-signatures';
import type { ChatRequest, StreamErrorStep, TextStep, ToolCallsStep } from './types';
import { newId, splitInto, splitWords } from './wire-format';

/** Google's status word for each HTTP status (google.rpc.Code). */
function googleStatus(status: number): string {
  switch (status) {
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 503:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION';
  }
}

/** Google's error envelope. */
export function googleError(code: number, message: string, details?: unknown[]): Record<string, unknown> {
  return { error: { code, message, status: googleStatus(code), ...(details ? { details } : {}) } };
}

/** What a function call's signature is minted over: the call as the model made it. */
export const callKey = (name: string, args: unknown): string => `${name}\n${JSON.stringify(args ?? {})}`;

const tokens = (text: string): number => Math.ceil(text.length / 4);

type Part = Record<string, unknown>;

/** The model name a request names in its path (`/v1beta/models/<model>:streamGenerateContent`). */
const modelOf = (req: ChatRequest): string => {
  const m = /^\/v1beta\/models\/([^:]+):/.exec(req.path);
  return m?.[1] ? decodeURIComponent(m[1]) : 'mock-gemini';
};

/**
 * Gemini's rendering of the scripted steps (`streamGenerateContent?alt=sse`): each event one whole response holding
 * only the new parts: thought parts word by word, text word by word, then every function call in one response with
 * the server's `thoughtSignature` on the first call (as Gemini 3 signs a step), and a last response with the
 * finishReason and usageMetadata. `minted` learns each signed call for the check on the next request.
 */
export function geminiRenderer(signer: Signer, minted: Map<string, string>): WireRenderer {
  return {
    errorJson: (status, message) => googleError(status, message ?? `Mock error ${status}.`),
    plan(s, req) {
      return s.kind === 'stream_error' ? errorPlan(s, req) : answerPlan(s, req, signer, minted);
    },
  };
}

function answerPlan(
  s: TextStep | ToolCallsStep,
  req: ChatRequest,
  signer: Signer,
  minted: Map<string, string>,
): Planned {
  const responseId = newId('mockresp');
  const modelVersion = s.model ?? modelOf(req);
  const chunks: Part[][] = [];
  if (s.reasoning) for (const w of splitWords(s.reasoning)) chunks.push([{ text: w, thought: true }]);
  const text = s.kind === 'text' ? s.content : (s.text ?? '');
  const pieces = s.kind === 'text' && s.chunks !== undefined ? splitInto(text, s.chunks) : splitWords(text);
  for (const piece of pieces) chunks.push([{ text: piece }]);
  let finishReason = s.kind === 'text' && s.finish === 'length' ? 'MAX_TOKENS' : 'STOP';
  if (s.kind === 'tool_calls') {
    const calls: Part[] = [];
    for (const c of s.calls) {
      const args = argsOf(c.arguments);
      // Arguments that are no JSON object are what Gemini reports as a malformed call instead of making it.
      if (args === null) finishReason = 'MALFORMED_FUNCTION_CALL';
      else calls.push({ functionCall: { ...(c.id ? { id: c.id } : {}), name: c.name, args } });
    }
    const first = calls[0]?.functionCall as { name: string; args: unknown } | undefined;
    if (first && calls[0]) {
      const key = callKey(first.name, first.args);
      const signature = signer.mint(key);
      minted.set(key, signature);
      calls[0] = { ...calls[0], thoughtSignature: signature };
    }
    if (calls.length > 0) chunks.push(calls);
  } else if (s.reasoning) {
    // A text answer after thinking carries its signature on a last empty text part, as Gemini 3 sends it.
    chunks.push([{ text: '', thoughtSignature: signer.mint(callKey('', s.reasoning)) }]);
  }
  const promptTokenCount = s.usage?.prompt_tokens ?? tokens(JSON.stringify(req.body));
  const candidatesTokenCount = s.usage?.completion_tokens ?? tokens(text + JSON.stringify(chunks.at(-1) ?? []));
  const thoughtsTokenCount = s.reasoning ? tokens(s.reasoning) : undefined;
  const usageMetadata = {
    promptTokenCount,
    candidatesTokenCount,
    totalTokenCount: promptTokenCount + candidatesTokenCount + (thoughtsTokenCount ?? 0),
    ...(thoughtsTokenCount !== undefined ? { thoughtsTokenCount } : {}),
  };
  const response = (parts: Part[], last: boolean) => ({
    candidates: [
      {
        content: { parts, role: 'model' },
        ...(last ? { finishReason } : {}),
        index: 0,
      },
    ],
    ...(s.omitUsage
      ? {}
      : { usageMetadata: last ? usageMetadata : { promptTokenCount, totalTokenCount: promptTokenCount } }),
    modelVersion,
    responseId,
  });
  if (chunks.length === 0) chunks.push([]);
  const bodies = chunks.map((parts, i) => response(parts, i === chunks.length - 1));
  if (!req.stream) {
    // streamGenerateContent without alt=sse answers one JSON array of the responses; generateContent one response.
    const json = req.path.endsWith(':streamGenerateContent') ? bodies : response(chunks.flat(), true);
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=UTF-8', ...(s.headers ?? {}) },
      events: [JSON.stringify(json)],
    };
  }
  return sse(bodies, s.headers);
}

function sse(bodies: unknown[], headers: Record<string, string> = {}): Planned {
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream', ...headers },
    // Google ends each event with CRLF pairs.
    events: bodies.map((b) => `data: ${JSON.stringify(b)}\r\n\r\n`),
  };
}

function argsOf(a: string | Record<string, unknown> | unknown[]): Record<string, unknown> | null {
  if (typeof a !== 'string') return Array.isArray(a) ? null : a;
  try {
    const parsed: unknown = JSON.parse(a);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** An error object in the stream after the text before it, as Google ends a stream that failed. */
function errorPlan(s: StreamErrorStep, req: ChatRequest): Planned {
  const code = s.statusCode ?? 500;
  const error = googleError(code, s.message);
  if (!req.stream)
    return { status: code, headers: { 'content-type': 'application/json' }, events: [JSON.stringify(error)] };
  const bodies: unknown[] = splitWords(s.textBefore ?? '').map((w) => ({
    candidates: [{ content: { parts: [{ text: w }], role: 'model' }, index: 0 }],
    modelVersion: s.model ?? modelOf(req),
  }));
  bodies.push(error);
  return sse(bodies, s.headers);
}
