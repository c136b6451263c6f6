import { useEffect, useRef, useState } from 'react';
import type { AppHost } from '../../../mcp/apps/app-host';
import type { McpUiResource } from '../../../mcp/apps/ui-resource';
import { startRun } from '../../../store/session/chat-actions';
import {
  callToolForView,
  noteViewAnswer,
  readViewResource,
  useMcpStates,
  askAboutView,
  type McpAppView,
  noteBridgeEntry,
  noteModelContext,
} from '../../../store/mcp/mcp-face';
import { AppViewAsks } from './app-view-asks';
import { BridgeLog } from './bridge-log';
import { takeStartSlot } from './view-start-queue';
import { useViewDisplayMode } from './use-view-display-mode';
import { lastViewHeight, rememberViewHeight } from './view-heights';
import './mcp-apps.css';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; resource: McpUiResource };

const MIN_HEIGHT = 80;

/**
 * One View in its sealed frame: the sandbox page beside index.html, sandboxed without allow-same-origin (an opaque
 * origin: no storage, cookies or reach into this page), given the View's HTML and policy once it has loaded.
 */
export default function AppViewFrame({ sessionId, view }: { sessionId: string; view: McpAppView }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  // A View coming back into the list starts at the height it had (view-heights.ts).
  const [height, setHeight] = useState(() => lastViewHeight(view.callId) ?? MIN_HEIGHT * 2);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<{ host: Promise<AppHost | null>; abort: AbortController } | null>(null);
  // Started lazily: near the viewport, then in its turn (view-start-queue.ts); the width is the observer's, so
  // starting reads no layout.
  const [near, setNear] = useState(false);
  const [started, setStarted] = useState(false);
  const widthRef = useRef(0);
  const releaseRef = useRef<(() => void) | null>(null);
  const sizeRef = useRef<{ height: number | null; frame: number | null }>({ height: null, frame: null });
  const stageRef = useRef<HTMLDialogElement>(null);
  const display = useViewDisplayMode(hostRef, boxRef, stageRef);
  const { callId, serverId, resourceUri } = view;
  // A View whose server was not connected is read again once it is (the person connects it in the Tools view).
  const connected = useMcpStates((s) => s.states[serverId]?.status === 'connected');

  useEffect(() => {
    const abort = new AbortController();
    setLoaded({ state: 'loading' });
    void readViewResource({ serverId, resourceUri }, abort.signal).then((r) => {
      if (!abort.signal.aborted)
        setLoaded('kind' in r ? { state: 'failed', message: r.message } : { state: 'ready', resource: r });
    });
    return () => abort.abort();
  }, [serverId, resourceUri, connected]);

  useEffect(() => {
    const box = boxRef.current;
    if (box === null || near) return;
    if (typeof IntersectionObserver !== 'function') return setNear(true);
    const seen = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((e) => e.isIntersecting);
        if (entry === undefined) return;
        widthRef.current = entry.boundingClientRect.width;
        setNear(true);
      },
      { rootMargin: '400px 0px' },
    );
    seen.observe(box);
    return () => seen.disconnect();
  }, [near]);

  const ready = loaded.state === 'ready';
  useEffect(() => {
    if (!near || !ready || started) return;
    return takeStartSlot((release) => {
      releaseRef.current = release;
      setStarted(true);
    });
  }, [near, ready, started]);

  // Teardown when the card leaves the page (a session switch, scrolled out of the list): the View may save its state.
  useEffect(
    () => () => {
      const h = hostRef.current;
      hostRef.current = null;
      releaseRef.current?.();
      if (sizeRef.current.frame !== null) cancelAnimationFrame(sizeRef.current.frame);
      h?.abort.abort();
      void h?.host.then((host) => host?.close());
    },
    [],
  );

  const onLoad = () => {
    const frame = frameRef.current?.contentWindow;
    // The sandbox page loads once; writing the View into it fires load again, which must not start a second bridge.
    if (frame == null || loaded.state !== 'ready' || hostRef.current !== null) return;
    const abort = new AbortController();
    const host = import('../../../mcp/apps/app-host')
      .then(({ startAppHost }) =>
        startAppHost({
          frame,
          resource: loaded.resource,
          hostContext: hostContextFor(widthRef.current, view),
          toolInput: view.args,
          toolResult: view.outcome,
          ports: {
            callTool: (name, args) => callToolForView({ ...view, sessionId }, name, args, abort.signal),
            message: async (text) => {
              const yes = await askAboutView(
                (id, answer) => ({ kind: 'send-message', id, callId, text, answer }),
                abort.signal,
              );
              noteViewAnswer(callId, sessionId, 'ui/message', { text }, yes);
              if (yes) await startRun({ kind: 'message', sessionId, text });
              return yes;
            },
            modelContext: (text) => noteModelContext(callId, sessionId, text),
            displayMode: display.request,
            size: (s) => {
              if (s.height === undefined) return;
              // Coalesced to one style change per animation frame, however often the View reports.
              const pending = sizeRef.current;
              pending.height = Math.max(MIN_HEIGHT, Math.ceil(s.height));
              pending.frame ??= requestAnimationFrame(() => {
                pending.frame = null;
                if (pending.height === null) return;
                rememberViewHeight(callId, pending.height);
                setHeight(pending.height);
              });
            },
            log: (entry) => {
              noteBridgeEntry(callId, sessionId, entry);
              // Up and talking: the next View may start.
              if (entry.method === 'ui/notifications/initialized') releaseRef.current?.();
            },
          },
        }),
      )
      .catch((error: unknown) => {
        releaseRef.current?.();
        setLoaded({
          state: 'failed',
          message: `The view could not start: ${error instanceof Error ? error.message : String(error)}`,
        });
        return null;
      });
    hostRef.current = { host, abort };
  };

  const title = `${view.serverName} — ${view.toolName} view`;
  const full = display.mode === 'fullscreen';
  return (
    <div className="mcp-app-view" ref={boxRef}>
      {loaded.state === 'loading' && (
        <p className="hint" style={lastViewHeight(callId) !== undefined ? { height, margin: 0 } : undefined}>
          Loading the view…
        </p>
      )}
      {loaded.state === 'failed' && (
        <p className="hint verdict-bad" role="alert">
          {loaded.message}
        </p>
      )}
      {ready && !started && <div className="mcp-app-frame-waiting" style={{ height }} aria-hidden="true" />}
      {ready && started && (
        <dialog
          ref={stageRef}
          className={full ? 'mcp-app-stage mcp-app-fullscreen' : 'mcp-app-stage'}
          // A <dialog> allows no role but its own, and one shown inline (closed, drawn by CSS) is still exposed as a
          // dialog: it is named for its View either way, and modal only in full screen (architecture.md, "MCP Apps").
          aria-label={full ? `${title}, full screen` : title}
          onCancel={(e) => {
            e.preventDefault();
            display.exit();
          }}
        >
          {full && (
            <div className="mcp-app-fullscreen-bar">
              <span>{title}</span>
              <button type="button" ref={display.exitRef} onClick={display.exit}>
                Exit full screen
              </button>
            </div>
          )}
          <iframe
            ref={frameRef}
            title={title}
            className="mcp-app-frame"
            sandbox="allow-scripts"
            referrerPolicy="no-referrer"
            src={sandboxUrl()}
            style={{ height }}
            onLoad={onLoad}
          />
        </dialog>
      )}
      <AppViewAsks callId={callId} />
      {view.modelContext !== undefined && (
        <p className="hint" aria-label="Context for the model">
          Context the view gave the model (sent with the next request): {view.modelContext.text}
        </p>
      )}
      <BridgeLog entries={view.log} />
    </div>
  );
}

function sandboxUrl(): string {
  return new URL('mcp-app-sandbox.html', document.baseURI).href;
}

function hostContextFor(width: number, view: McpAppView) {
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;
  return {
    theme: dark ? ('dark' as const) : ('light' as const),
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: 'web' as const,
    displayMode: 'inline' as const,
    availableDisplayModes: ['inline' as const, 'fullscreen' as const],
    containerDimensions: { width: Math.round(width) || 600, maxHeight: Math.round(window.innerHeight * 0.8) },
    toolInfo: { tool: { name: view.toolName, inputSchema: { type: 'object' as const } } },
  };
}
