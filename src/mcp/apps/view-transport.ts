/**
 * The bridge's transport to one View's frame (architecture.md, "MCP Apps"). One `message` listener on the page
 * serves every View, handing each message to the transport of the window that sent it: with many Views open, the
 * extension's own transport (a listener per View, each logging every message it ignores to the console) made one
 * message cost as many listener calls and console entries as there are Views. Only the frame's own window is heard,
 * and only JSON-RPC 2.0 shapes pass; the bridge checks each request's params against the extension's schemas.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { isRecord } from '../../domain/is-record';

const transports = new Map<MessageEventSource, ViewTransport>();
let listening = false;

function onWindowMessage(event: Event): void {
  const { source, data } = event as MessageEvent<unknown>;
  if (source === null) return;
  const transport = transports.get(source);
  if (transport === undefined) return;
  if (isJsonRpcMessage(data)) transport.onmessage?.(data);
}

/** A JSON-RPC 2.0 request, notification or response; anything else a View posts is dropped. */
function isJsonRpcMessage(data: unknown): data is JSONRPCMessage {
  if (!isRecord(data)) return false;
  const m = data as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return false;
  const idOk = m.id === undefined || typeof m.id === 'string' || (typeof m.id === 'number' && Number.isFinite(m.id));
  if (!idOk) return false;
  if (typeof m.method === 'string')
    return m.params === undefined || (m.params !== null && typeof m.params === 'object');
  return (
    m.id !== undefined &&
    ('result' in m
      ? m.result !== null && typeof m.result === 'object'
      : m.error !== null && typeof m.error === 'object')
  );
}

export class ViewTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(private readonly frame: Window) {}

  async start(): Promise<void> {
    transports.set(this.frame, this);
    if (!listening) {
      window.addEventListener('message', onWindowMessage);
      listening = true;
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // The View's origin is opaque ("null"), so no target origin narrower than "*" can be named; the window is its own.
    this.frame.postMessage(message, '*');
  }

  async close(): Promise<void> {
    if (transports.get(this.frame) === this) transports.delete(this.frame);
    if (transports.size === 0 && listening) {
      window.removeEventListener('message', onWindowMessage);
      listening = false;
    }
    this.onclose?.();
  }
}
