import { lazy, Suspense, useEffect, useState } from 'react';
import type { SessionRecord } from '../../domain/session';
import { useUiStore } from '../../store/ui-store';
import { readAllSessions } from '../data/session/session-reads';
import type { OpenAIExportPlan } from './export-actions';
import { lazyExportJson, lazyExportTraceFile, lazyPrepareOpenAIExport } from './lazy-export';
import { usePopover } from '../shared/use-popover';
import { useMenuKeys } from './menu-keys';
import { MenuCheckItem } from './menu-check-item';
import { OtelExportItems } from './otel-export-items';
import './io.css';

type Status = { kind: 'info' | 'error'; text: string } | null;

const OpenAIExportNotice = lazy(() =>
  import('./openai-export-notice').then((m) => ({ default: m.OpenAIExportNotice })),
);

// Opened only by "Choose sessions…": not part of the first load.
const ExportChooser = lazy(() => import('./export-chooser').then((m) => ({ default: m.ExportChooser })));
// "Share link…" brings the sealing code (WebCrypto, the sync storage client) with its dialog, on first use.
const ShareLinkDialog = lazy(() => import('../share/share-ui').then((m) => ({ default: m.ShareLinkDialog })));
// AG-UI and Markdown: loaded when the menu first opens (architecture.md, "Import and export of other formats").
const InteropExportItems = lazy(() => import('./interop-ui').then((m) => ({ default: m.InteropExportItems })));

/**
 * "Export": a menu (the WAI-ARIA pattern: arrows, Home/End, Esc back to the button) of what to export; "Include raw
 * traffic" and "Include memories" are menu item checkboxes that toggle without closing it; "Choose sessions…" opens a
 * dialog. After an export the cursor returns to the Export button.
 */
export function ExportButton() {
  const sessionId = useUiStore((s) => s.currentSessionId);
  // The button may sit at the left (sidebar) or the right (header); the menu opens toward the side with room.
  const { open, alignEnd, toggle, close, wrap, trigger, panel: menu } = usePopover<HTMLDivElement>();
  const [includeMemories, setIncludeMemories] = useState(false);
  // Off by default: raw traffic holds every request body whole, often far more than the conversation.
  const [includeRawTraffic, setIncludeRawTraffic] = useState(false);
  const [choosing, setChoosing] = useState<SessionRecord[] | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  // An OpenAI export that leaves something out waits here until the person has read what and chosen to save.
  const [pendingOpenAI, setPendingOpenAI] = useState<OpenAIExportPlan | null>(null);
  const onMenuKeyDown = useMenuKeys(open, menu, trigger, close);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), 12_000);
    return () => clearTimeout(timer);
  }, [status]);

  const backToButton = () => trigger.current?.focus();

  const run = async (work: () => Promise<string>) => {
    close();
    setChoosing(null);
    backToButton();
    try {
      setStatus({ kind: 'info', text: await work() });
    } catch (err) {
      setStatus({ kind: 'error', text: `Export failed: ${err instanceof Error ? err.message : String(err)}` });
    }
  };

  const startChoosing = async () => {
    close();
    setChoosing(await readAllSessions());
  };

  return (
    <div className="io-menu-wrap" ref={wrap}>
      <button
        ref={trigger}
        type="button"
        className="io-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={toggle}
      >
        Export
      </button>
      {open && (
        <div
          ref={menu}
          role="menu"
          aria-label="Export options"
          className={alignEnd ? 'io-menu' : 'io-menu io-align-left'}
          onKeyDown={onMenuKeyDown}
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={!sessionId}
            onClick={() =>
              sessionId &&
              void run(() => lazyExportJson({ kind: 'session', sessionId }, includeMemories, includeRawTraffic))
            }
          >
            This session
          </button>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => void startChoosing()}>
            Choose sessions…
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => void run(() => lazyExportJson({ kind: 'all' }, includeMemories, includeRawTraffic))}
          >
            All sessions
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={!sessionId}
            onClick={() =>
              sessionId &&
              void run(async () => {
                const plan = await lazyPrepareOpenAIExport(sessionId);
                if (!plan.confirm) return plan.save();
                setPendingOpenAI(plan);
                return 'Read what the OpenAI export leaves out, then save it or cancel.';
              })
            }
          >
            This session as OpenAI messages
          </button>
          <Suspense fallback={null}>
            <InteropExportItems sessionId={sessionId} run={(work) => void run(work)} />
          </Suspense>
          <OtelExportItems sessionId={sessionId} run={(work) => void run(work)} />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={!sessionId}
            onClick={() => {
              close();
              setSharing(sessionId);
            }}
          >
            Share link…
          </button>
          <div role="separator" />
          <MenuCheckItem checked={includeRawTraffic} onToggle={() => setIncludeRawTraffic((v) => !v)}>
            Include raw traffic
          </MenuCheckItem>
          <MenuCheckItem checked={includeMemories} onToggle={() => setIncludeMemories((v) => !v)}>
            Include memories
          </MenuCheckItem>
        </div>
      )}
      {choosing && (
        <Suspense fallback={null}>
          <ExportChooser
            sessions={choosing}
            initial={sessionId ? [sessionId] : []}
            onExport={(ids, format) =>
              void run(() =>
                format.kind === 'otel'
                  ? lazyExportTraceFile({ kind: 'selection', sessionIds: ids }, format.includeContent)
                  : lazyExportJson({ kind: 'selection', sessionIds: ids }, includeMemories, includeRawTraffic),
              )
            }
            onClose={() => {
              setChoosing(null);
              backToButton();
            }}
          />
        </Suspense>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <ShareLinkDialog
            sessionId={sharing}
            onClose={() => {
              setSharing(null);
              backToButton();
            }}
          />
        </Suspense>
      )}
      {pendingOpenAI && (
        <Suspense fallback={null}>
          <OpenAIExportNotice
            plan={pendingOpenAI}
            onClose={(text) => {
              setPendingOpenAI(null);
              setStatus(text ? { kind: 'info', text } : null);
            }}
          />
        </Suspense>
      )}
      {status && !pendingOpenAI && (
        <p
          role={status.kind === 'error' ? 'alert' : 'status'}
          className={`io-status ${status.kind === 'error' ? 'warning' : 'hint'}${alignEnd ? '' : ' io-align-left'}`}
        >
          {status.text}
          {/* It floats over the session list and search box; let people clear it instead of waiting 12 s. */}
          <button type="button" className="io-status-dismiss" aria-label="Dismiss" onClick={() => setStatus(null)}>
            ×
          </button>
        </p>
      )}
    </div>
  );
}
