import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { setModal } from '../../shared/use-modal';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppHost } from '../../../mcp/apps/app-host';

type ViewDisplayMode = 'inline' | 'fullscreen';

/**
 * A View's display mode (architecture.md, "MCP Apps"): inline under its card, or full screen when the View asks,
 * in a modal dialog over the page with its own "Exit full screen" button and Esc. The frame element stays where it
 * is (moving an iframe reloads it): its wrapper is the dialog, shown inline while closed, so the sandbox is the same
 * one; only its box grows. The View is told each change,
 * and focus goes back to the card when it ends.
 */
export function useViewDisplayMode(
  host: RefObject<{ host: Promise<AppHost | null> } | null>,
  box: RefObject<HTMLElement | null>,
  stage: RefObject<HTMLDialogElement | null>,
) {
  const [mode, setMode] = useState<ViewDisplayMode>('inline');
  const exitRef = useRef<HTMLButtonElement>(null);
  const shown = useRef<ViewDisplayMode>('inline');

  const request = useCallback(async (wanted: McpUiDisplayMode): Promise<McpUiDisplayMode> => {
    if (wanted !== 'inline' && wanted !== 'fullscreen') return shown.current;
    setMode(wanted);
    return wanted;
  }, []);
  const exit = useCallback(() => setMode('inline'), []);

  useEffect(() => {
    if (shown.current === mode) return;
    shown.current = mode;
    const full = mode === 'fullscreen';
    // A modal dialog is drawn in the top layer: above the page, outside the chat list's transforms and clipping.
    setModal(stage.current, full);
    const dims = full
      ? { width: window.innerWidth, height: window.innerHeight }
      : { width: box.current?.getBoundingClientRect().width ?? 600, maxHeight: Math.round(window.innerHeight * 0.8) };
    void host.current?.host.then((h) => h?.setDisplayMode(mode, dims));
    if (full) exitRef.current?.focus();
    else {
      // Back to the card the View belongs to (its first control), or the View's own box.
      const card = box.current?.closest('.tool-card');
      const target = card?.querySelector<HTMLElement>('button, [tabindex]') ?? box.current;
      target?.focus();
    }
  }, [mode, host, box, stage]);

  useEffect(() => {
    if (mode !== 'fullscreen') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        setMode('inline');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mode]);

  return { mode, request, exit, exitRef };
}
