/**
 * The host side of one MCP App View (architecture.md, "MCP Apps"): the extension's AppBridge over postMessage to
 * the sandboxed frame, with every request the View makes handed to the app's ports, which decide. The bridge is
 * made without an MCP client on purpose: given one, it forwards a View's tools/call with no visibility check.
 * Loaded on first use (a View appears), never in the first page load.
 */
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiDisplayMode, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpCallOutcome, McpContentBlock } from '../types';
import { modelContextText } from './model-context-text';
import { viewContentSecurityPolicy, type McpUiResource } from './ui-resource';
import { ViewTransport } from './view-transport';
import { isRecord } from '../../domain/is-record';

/** What the View asked of the host, for the log under its tool card (the JSON-RPC as it came and went). */
export type AppBridgeEntry = {
  /** ms since the View's bridge started. */
  t: number;
  /** Wall clock (ms): where the timeline places it, as a View outlives its run. */
  at: number;
  method: string;
  params: unknown;
  /** 'approved'/'denied': the person's answer to a View's call or message that asked first. */
  outcome: 'ok' | 'refused' | 'error' | 'notice' | 'approved' | 'denied';
  result?: unknown;
};

export type AppToolCallAnswer = { refused: string } | { result: McpCallOutcome };

export type AppHostPorts = {
  /** A tools/call from the View; the port enforces visibility, approval and the rest. */
  callTool(name: string, args: Record<string, unknown>): Promise<AppToolCallAnswer>;
  /** A message the View wants in the chat; true when the person let it through. */
  message(text: string): Promise<boolean>;
  /** Context the View wants the model to have on its next turn. */
  modelContext(text: string): void;
  size(size: { width?: number; height?: number }): void;
  /** The View asks for a display mode; resolves to the mode the host set (the same, or the current one). */
  displayMode(mode: McpUiDisplayMode): Promise<McpUiDisplayMode>;
  log(entry: AppBridgeEntry): void;
};

type AppHostOptions = {
  /** The sandbox page's window (its frame has loaded): the View's HTML is handed to it. */
  frame: Window;
  resource: McpUiResource;
  hostContext: McpUiHostContext;
  toolInput: Record<string, unknown>;
  toolResult: McpCallOutcome | undefined;
  ports: AppHostPorts;
};

export type AppHost = {
  /** Tells the View its display mode (and the room it now has) changed, whoever changed it. */
  setDisplayMode(mode: McpUiDisplayMode, containerDimensions: McpUiHostContext['containerDimensions']): void;
  close(): Promise<void>;
};

/** The message the sandbox page (public/mcp-app-sandbox.html) takes its View from. */
export const SANDBOX_VIEW_MESSAGE = 'toolscope:mcp-app-view';

export async function startAppHost(o: AppHostOptions): Promise<AppHost> {
  const bridge = new AppBridge(
    null,
    { name: 'Toolscope', version: '0.1.0' },
    {
      serverTools: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {} },
      sandbox: { csp: o.resource.csp },
    },
    { hostContext: o.hostContext },
  );
  const started = Date.now();
  const log = (method: string, params: unknown, outcome: AppBridgeEntry['outcome'], result?: unknown) =>
    o.ports.log({
      t: Date.now() - started,
      at: Date.now(),
      method,
      params,
      outcome,
      ...(result !== undefined ? { result } : {}),
    });

  bridge.oncalltool = async (params) => {
    const args = isRecord(params.arguments) ? params.arguments : {};
    const answer = await o.ports.callTool(params.name, args);
    if ('refused' in answer) {
      log('tools/call', params, 'refused', { error: answer.refused });
      throw new Error(answer.refused);
    }
    const result = toCallToolResult(answer.result);
    log('tools/call', params, answer.result.outcome === 'ok' ? 'ok' : 'error', result);
    return result;
  };
  bridge.onmessage = async (params) => {
    const text = params.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
    const sent = await o.ports.message(text);
    log('ui/message', params, sent ? 'ok' : 'refused');
    return sent ? {} : { isError: true };
  };
  bridge.onupdatemodelcontext = async (params) => {
    o.ports.modelContext(modelContextText(params) ?? '');
    log('ui/update-model-context', params, 'ok');
    return {};
  };
  bridge.onopenlink = async (params) => {
    // A View never navigates or opens windows by itself; the link is shown in the log for the person to copy.
    log('ui/open-link', params, 'refused');
    return { isError: true };
  };
  bridge.onrequestdisplaymode = async (params) => {
    const mode = await o.ports.displayMode(params.mode);
    log('ui/request-display-mode', params, mode === params.mode ? 'ok' : 'refused', { mode });
    return { mode };
  };
  let lastSize = '';
  bridge.onsizechange = (params) => {
    o.ports.size(params);
    // The same size sent again is no event of its own (a View may report on every layout).
    const size = JSON.stringify(params);
    if (size !== lastSize) log('ui/notifications/size-changed', params, 'notice');
    lastSize = size;
  };
  bridge.onloggingmessage = (params) => log('notifications/message', params, 'notice');
  bridge.oninitialized = () => {
    log('ui/notifications/initialized', {}, 'notice');
    void bridge.sendToolInput({ arguments: o.toolInput });
    log('ui/notifications/tool-input', { arguments: o.toolInput }, 'notice');
    if (o.toolResult !== undefined) {
      const result = toCallToolResult(o.toolResult);
      void bridge.sendToolResult(result);
      log('ui/notifications/tool-result', result, 'notice');
    }
  };

  await bridge.connect(new ViewTransport(o.frame));
  o.frame.postMessage(
    { type: SANDBOX_VIEW_MESSAGE, html: o.resource.html, csp: viewContentSecurityPolicy(o.resource.csp) },
    '*',
  );

  let closed = false;
  let context = o.hostContext;
  return {
    setDisplayMode: (displayMode, containerDimensions) => {
      if (closed) return;
      context = { ...context, displayMode, ...(containerDimensions !== undefined ? { containerDimensions } : {}) };
      // Sends ui/notifications/host-context-changed with what differs (nothing when nothing does).
      bridge.setHostContext(context);
      log('ui/notifications/host-context-changed', { displayMode, containerDimensions }, 'notice');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      log('ui/resource-teardown', {}, 'notice');
      // The View gets a moment to save its state; a frame already gone never answers, so this does not wait long.
      await Promise.race([bridge.teardownResource({}).catch(() => undefined), new Promise((r) => setTimeout(r, 300))]);
      await bridge.close().catch(() => undefined);
    },
  };
}

type ResultBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name: string }
  | { type: 'resource'; resource: { uri: string; text: string } | { uri: string; blob: string } };

/** The stored outcome back in the shape of a tools/call result, as the View expects it. */
function toCallToolResult(o: McpCallOutcome): {
  content: ResultBlock[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
} {
  const content = o.blocks.length > 0 ? o.blocks.map(toResultBlock) : [{ type: 'text' as const, text: o.content }];
  const structured = o.structured?.value;
  return {
    content,
    ...(isRecord(structured) ? { structuredContent: structured } : {}),
    isError: o.outcome === 'error',
  };
}

function toResultBlock(b: McpContentBlock): ResultBlock {
  switch (b.type) {
    case 'text':
      return b;
    case 'image':
    case 'audio':
      return { type: b.type, data: b.data, mimeType: b.mimeType };
    case 'resource_link':
      return { type: 'resource_link', uri: b.uri, name: b.name };
    case 'resource':
      return {
        type: 'resource',
        resource: b.blob !== undefined ? { uri: b.uri, blob: b.blob } : { uri: b.uri, text: b.text ?? '' },
      };
  }
}
