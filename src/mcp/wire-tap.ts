/**
 * Which JSON-RPC messages belong to which tool call, for the timeline's details (architecture.md, "MCP in the
 * app"). The session hands every message it sends or receives to the tap; a call registers under the traceparent
 * its requests carry in `_meta` (every round of a 2026-07-28 call repeats the first request's `_meta`), and keeps:
 * its `tools/call` requests, the responses to them, a cancellation of one of them, and the server's requests made
 * for it with the page's answers. A 2025-11-25 server's request names no call: it is the call's when it came on that
 * call's own event stream (`relate`, from `related-stream.ts`), or else when that call is the only one in flight.
 */
import { MAX_WIRE_MESSAGES, MAX_WIRE_TEXT, type McpWireMessage } from '../domain/mcp-call-trace';
import { isRecord } from '../domain/is-record';

type Recording = {
  marker: string;
  started: number;
  ended: boolean;
  ids: Set<string>;
  serverRequestIds: Set<string>;
  messages: McpWireMessage[];
};

export type WireTap = {
  sent(message: unknown): void;
  received(message: unknown): void;
  /** Keeps the messages of the call whose requests carry `marker` in `sink` as they pass, until `end`. */
  begin(marker: string, sink: McpWireMessage[]): { end(): void };
  /** The server request `serverRequestId` came on the event stream answering the page's request `clientRequestId`. */
  relate(serverRequestId: string, clientRequestId: string): void;
};

export function createWireTap(now: () => number = () => Date.now()): WireTap {
  const active = new Map<string, Recording>();
  const related = new Map<string, string>();

  const keep = (rec: Recording, dir: McpWireMessage['dir'], message: unknown) => {
    if (rec.messages.length >= MAX_WIRE_MESSAGES) return;
    let json = JSON.stringify(message) ?? 'null';
    if (json.length > MAX_WIRE_TEXT) json = `${json.slice(0, MAX_WIRE_TEXT)}…[cut: ${json.length} characters in all]`;
    rec.messages.push({ dir, t: now() - rec.started, json });
  };
  const only = (): Recording | undefined => {
    const open = [...active.values()].filter((r) => !r.ended);
    return open.length === 1 ? open[0] : undefined;
  };

  return {
    sent(message) {
      if (!isRecord(message)) return;
      const id = idOf(message);
      if (message.method === 'tools/call' && id !== null) {
        const marker = traceparentOf(message);
        const rec = marker !== null ? active.get(marker) : undefined;
        if (rec !== undefined) {
          rec.ids.add(id);
          keep(rec, 'sent', message);
        }
        return;
      }
      if (message.method === 'notifications/cancelled' && isRecord(message.params)) {
        const target = String(message.params.requestId);
        for (const rec of active.values()) if (rec.ids.has(target)) keep(rec, 'sent', message);
        return;
      }
      // The page's answer to a server request (elicitation) goes with the call that request went with.
      if (!('method' in message) && id !== null) {
        for (const rec of active.values()) if (rec.serverRequestIds.has(id)) keep(rec, 'sent', message);
      }
    },
    received(message) {
      if (!isRecord(message)) return;
      const id = idOf(message);
      if (!('method' in message)) {
        if (id === null) return;
        for (const rec of active.values()) if (rec.ids.has(id)) keep(rec, 'received', message);
        return;
      }
      if (id !== null) {
        const clientId = related.get(id);
        related.delete(id);
        const rec = clientId !== undefined ? [...active.values()].find((r) => r.ids.has(clientId)) : only();
        if (rec !== undefined) {
          rec.serverRequestIds.add(id);
          keep(rec, 'received', message);
        }
      }
    },
    relate(serverRequestId, clientRequestId) {
      related.set(serverRequestId, clientRequestId);
      // Bounded: a relation whose message never arrives must not pile up.
      if (related.size > 256) related.delete(related.keys().next().value ?? '');
    },
    begin(marker, sink) {
      const rec: Recording = {
        marker,
        started: now(),
        ended: false,
        ids: new Set(),
        serverRequestIds: new Set(),
        messages: sink,
      };
      active.set(marker, rec);
      return {
        end: () => {
          rec.ended = true;
          // Late messages of this call (a cancellation sent after the abort) still arrive a moment after: keep them.
          setTimeout(() => active.delete(marker), 1_000);
        },
      };
    },
  };
}

function idOf(message: Record<string, unknown>): string | null {
  const id = message.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

export function traceparentOf(message: Record<string, unknown>): string | null {
  const params = message.params;
  if (!isRecord(params) || !isRecord(params._meta)) return null;
  const tp = params._meta.traceparent;
  return typeof tp === 'string' ? tp : null;
}
