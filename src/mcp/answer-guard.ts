/**
 * An answer the page cannot read must fail its request at once (architecture.md, "MCP in the app"). When a server
 * answers a POST with an event stream and an event's data is not a JSON-RPC message, the SDK's transport reports it
 * to its `onerror` and drops it: the request it answered waits until its timeout (30 s for a tool call), and says
 * only "Request timed out". This fetch reads the stream as it passes and, after the first unreadable event, adds a
 * JSON-RPC error for that request, marked as the page's own (protocol-fault.ts reads the mark), so the call fails
 * with a sentence naming what came.
 */
import { UNREADABLE_ANSWER_MARK } from './protocol-fault';
import { eventStreamAnswer, soleRequest, withBodyThrough } from './related-stream';
import { isRecord } from '../domain/is-record';

export function createAnswerGuardFetch(base: typeof fetch): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await base(input, init);
    const request = soleRequest(init?.body);
    const body = eventStreamAnswer(response);
    // A listen stream carries notifications for as long as it lives; it has no one answer to stand in for.
    if (request === null || request.method === 'subscriptions/listen' || body === null) return response;
    return withBodyThrough(response, body, answerGuard(request.id));
  };
}

/** Passes the bytes through; after the first event the transport would drop, adds an error answering `id` (once). */
export function answerGuard(id: string | number): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  let data: string[] = [];
  let event = '';
  let answered = false;
  /** Ends the event; the error to add after it, if it is the first one the transport would drop. */
  const dispatch = (): string => {
    const text = data.join('\n');
    const name = event;
    data = [];
    event = '';
    // The transport reads only unnamed events and those named "message", and skips those without data.
    if (text === '' || (name !== '' && name !== 'message') || answered) return '';
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      message = undefined;
    }
    if (isJsonRpc(message)) {
      if (!('method' in message) && String(message.id) === String(id)) answered = true;
      return '';
    }
    answered = true;
    const detail = `its data begins: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
    const error = {
      jsonrpc: '2.0',
      id,
      error: {
        code: -32700,
        message: 'The server sent an event the page cannot read.',
        data: { toolscope: UNREADABLE_ANSWER_MARK, problem: 'unreadable-event', detail },
      },
    };
    return `\n\nevent: message\ndata: ${JSON.stringify(error)}\n\n`;
  };
  const line = (text: string): string => {
    if (text === '') return dispatch();
    if (text.startsWith('data:')) data.push(text.slice(text.startsWith('data: ') ? 6 : 5));
    else if (text.startsWith('event:')) event = text.slice(6).trim();
    return '';
  };
  /** Passes on the complete lines read so far, each followed by what its end adds; `end` reads the rest as a last line. */
  const pass = (controller: TransformStreamDefaultController<Uint8Array>, end: boolean) => {
    let out = '';
    let from = 0;
    for (const m of pending.matchAll(/\r\n|\r|\n/g)) {
      // A \r last in the text may be the first half of a \r\n split across chunks.
      if (m[0] === '\r' && m.index === pending.length - 1 && !end) break;
      out += pending.slice(from, m.index + m[0].length) + line(pending.slice(from, m.index));
      from = m.index + m[0].length;
    }
    pending = pending.slice(from);
    if (end) {
      out += pending + (pending !== '' ? line(pending) : '') + line('');
      pending = '';
    }
    if (out !== '') controller.enqueue(encoder.encode(out));
  };
  return new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      pass(controller, false);
    },
    flush(controller) {
      pending += decoder.decode();
      pass(controller, true);
    },
  });
}

/** What the transport's schema takes: a request, a notification, a result or an error, each with jsonrpc 2.0. */
function isJsonRpc(m: unknown): m is Record<string, unknown> {
  if (!isRecord(m) || m.jsonrpc !== '2.0') return false;
  if (typeof m.method === 'string') return true;
  return (typeof m.id === 'string' || typeof m.id === 'number') && (isRecord(m.result) || isRecord(m.error));
}
