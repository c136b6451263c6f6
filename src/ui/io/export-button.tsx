import { useEffect, useRef, useState } from 'react';
import type { SessionRecord } from '../../domain/session';
import { useUiStore } from '../../store/ui-store';
import { readAllSessions } from '../data/session-reads';
import { exportJson, exportOpenAI } from './export-actions';
import { OtelExportItems } from './otel-export-items';
import './io.css';

type Status = { kind: 'info' | 'error'; text: string } | null;

/** "Export": the current session, a chosen set, or all sessions as a Toolscope file; or one session as OpenAI messages. */
export function ExportButton() {
  const sessionId = useUiStore((s) => s.currentSessionId);
  const [open, setOpen] = useState(false);
  const [includeMemories, setIncludeMemories] = useState(false);
  const [choosing, setChoosing] = useState<SessionRecord[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState<Status>(null);
  // The button may sit at the left (sidebar) or the right (header); open toward the side with room.
  const [alignLeft, setAlignLeft] = useState(true);
  const wrap = useRef<HTMLDivElement>(null);

  const toggle = () => {
    const rect = wrap.current?.getBoundingClientRect();
    if (rect) setAlignLeft(rect.left + 320 <= window.innerWidth);
    setOpen((o) => !o);
  };

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('pointerdown', away);
    window.addEventListener('keydown', esc);
    return () => {
      window.removeEventListener('pointerdown', away);
      window.removeEventListener('keydown', esc);
    };
  }, [open]);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), 12_000);
    return () => clearTimeout(timer);
  }, [status]);

  const run = async (work: () => Promise<string>) => {
    setOpen(false);
    setChoosing(null);
    try {
      setStatus({ kind: 'info', text: await work() });
    } catch (err) {
      setStatus({ kind: 'error', text: `Export failed: ${err instanceof Error ? err.message : String(err)}` });
    }
  };

  const startChoosing = async () => {
    const sessions = await readAllSessions();
    setChosen(new Set(sessionId ? [sessionId] : []));
    setChoosing(sessions);
  };

  return (
    <div className="io-menu-wrap" ref={wrap}>
      <button type="button" className="io-button" aria-haspopup="menu" aria-expanded={open} onClick={toggle}>
        Export
      </button>
      {open && (
        <div role="menu" aria-label="Export options" className={alignLeft ? 'io-menu io-align-left' : 'io-menu'}>
          <button type="button" role="menuitem" disabled={!sessionId} onClick={() => sessionId && void run(() => exportJson({ kind: 'session', sessionId }, includeMemories))}>
            This session
          </button>
          <button type="button" role="menuitem" onClick={() => void startChoosing()}>
            Choose sessions…
          </button>
          <button type="button" role="menuitem" onClick={() => void run(() => exportJson({ kind: 'all' }, includeMemories))}>
            All sessions
          </button>
          <button type="button" role="menuitem" disabled={!sessionId} onClick={() => sessionId && void run(() => exportOpenAI(sessionId))}>
            This session as OpenAI messages
          </button>
          <OtelExportItems sessionId={sessionId} run={(work) => void run(work)} />
          <label>
            <input type="checkbox" checked={includeMemories} onChange={(e) => setIncludeMemories(e.target.checked)} />
            Include memories
          </label>
          {choosing && (
            <fieldset>
              <legend>Sessions to export</legend>
              {choosing.length === 0 && <p className="hint">No sessions yet.</p>}
              {choosing.map((s) => (
                <label key={s.id}>
                  <input
                    type="checkbox"
                    checked={chosen.has(s.id)}
                    onChange={(e) =>
                      setChosen((prev) => {
                        const next = new Set(prev);
                        if (e.target.checked) next.add(s.id);
                        else next.delete(s.id);
                        return next;
                      })
                    }
                  />
                  {s.title}
                  {/* Copies share a title; size and date tell them apart. */}
                  <span className="hint"> · {s.messageCount} message{s.messageCount === 1 ? '' : 's'} · {new Date(s.updatedAt).toLocaleDateString()}</span>
                </label>
              ))}
              <button type="button" disabled={chosen.size === 0} onClick={() => void run(() => exportJson({ kind: 'selection', sessionIds: [...chosen] }, includeMemories))}>
                Export selected ({chosen.size})
              </button>
            </fieldset>
          )}
        </div>
      )}
      {status && (
        <p
          role={status.kind === 'error' ? 'alert' : 'status'}
          className={`io-status ${status.kind === 'error' ? 'warning' : 'hint'}${alignLeft ? ' io-align-left' : ''}`}
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
