import { useLayoutEffect, useRef } from 'react';
import type { ToolCall, ToolMessage } from '../../domain/messages';
import type { ToolCallRecord } from '../data/record-types';
import { chatRun, useRunStore } from '../../store/run/run-store';
import { useMcpAppViews } from '../../store/mcp/mcp-face';
import { useToolRowsOpen } from '../../store/tool-rows-open';
import { ToolCallCard } from './tool-call-card';
import { foldTurn } from './tool-turn-fold';

type Props = {
  sessionId: string;
  toolCalls: ToolCall[];
  partial: boolean;
  toolResults?: Map<string, ToolMessage> | undefined;
  toolRecords?: Map<string, ToolCallRecord> | undefined;
  editedCalls?: ReadonlySet<string>;
};

/**
 * A turn's tool calls, folded into one summary row once all have finished (tool-turn-fold.ts). Folded cards stay
 * mounted and only hidden, so a View's frame and a row's own state survive opening and closing the group.
 */
export function ToolTurnCalls(p: Props) {
  // One string per store change, so only this turn re-renders when one of its own calls moves on.
  const folded = useRunStore((s) => {
    if (p.partial) return '';
    const run = chatRun(s, p.sessionId);
    const views = useMcpAppViews.getState().views;
    const fold = foldTurn(
      p.toolCalls.map((c) => {
        const live = run?.tools[c.id];
        const result = p.toolResults?.get(c.id);
        const record = p.toolRecords?.get(c.id);
        return {
          id: c.id,
          status: result?.outcome ?? live?.status ?? record?.status ?? 'pending',
          isError: result?.isError ?? live?.isError ?? record?.isError ?? false,
          startedAt: live?.startedAt ?? record?.startedAt ?? null,
          durationMs: live?.durationMs ?? record?.durationMs ?? null,
          waiting: s.approvals[c.id] !== undefined,
          pinned:
            views[c.id] !== undefined ||
            record?.mcpServer?.view !== undefined ||
            useToolRowsOpen.getState().pinned[c.id] === true,
        };
      }),
    );
    return fold ? `${fold.tone}\n${fold.summary}\n${fold.shown.join('\n')}` : '';
  });
  // A View or a task lane showing up pins its call: these re-render the turn when one does.
  useMcpAppViews((s) => p.toolCalls.some((c) => s.views[c.id] !== undefined));
  useToolRowsOpen((s) => p.toolCalls.some((c) => s.pinned[c.id]));
  const key = `turn:${p.toolCalls[0]?.id ?? ''}`;
  const open = useToolRowsOpen((s) => s.open[key]) === true;
  // A row the person opened (before the turn folded, or by "Show in chat") stays in sight.
  const opened = useToolRowsOpen((s) =>
    p.toolCalls
      .filter((c) => s.open[c.id])
      .map((c) => c.id)
      .join('\n'),
  ).split('\n');
  const setRowOpen = useToolRowsOpen((s) => s.setRowOpen);
  const [tone, summary, ...shown] = folded.split('\n');
  const turn = useRef<HTMLDivElement>(null);
  const summaryButton = useRef<HTMLButtonElement>(null);
  const closed = summary !== undefined && !open;
  // A row that had focus when its turn folded is hidden now: focus goes to the summary that holds it, not to the page.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (closed && active instanceof HTMLElement && turn.current?.contains(active) && active.closest('[hidden]'))
      summaryButton.current?.focus();
  }, [closed]);
  const toggle = () => {
    setRowOpen(key, !open);
    // Closing the summary closes its rows: the turn is one row again.
    if (open) for (const id of opened) if (id) setRowOpen(id, false);
  };
  return (
    <div className="tool-turn" ref={turn}>
      {summary !== undefined && (
        <button type="button" ref={summaryButton} className="tool-turn-toggle" aria-expanded={open} onClick={toggle}>
          <span className={`status-${tone === 'ok' ? 'ok' : tone === 'failed' ? 'error' : 'denied'}`}>{summary}</span>
        </button>
      )}
      {p.toolCalls.map((c, i) => (
        <ToolCallCard
          key={c.id || `idx-${i}`}
          sessionId={p.sessionId}
          callId={c.id}
          name={c.name}
          arguments={c.arguments}
          partial={p.partial}
          result={p.toolResults?.get(c.id)}
          record={p.toolRecords?.get(c.id)}
          argsEdited={p.editedCalls?.has(c.id) ?? false}
          hidden={summary !== undefined && !open && !shown.includes(c.id) && !opened.includes(c.id)}
        />
      ))}
    </div>
  );
}
