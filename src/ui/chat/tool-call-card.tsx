import { memo, useState } from 'react';
import type { ToolMessage } from '../../agent/messages';
import type { ToolCallRecord } from '../../db/records';
import { useRunStore } from '../../store/run-store';
import type { LiveToolCallStatus } from '../../store/run-state';
import { useUiStore } from '../../store/ui-store';
import { ApprovalCard } from './approval-card';
import { prettyArgs } from './pretty-args';
import { RememberButton } from '../memory/remember-button';
import { toolResultMemory } from '../memory/tool-result-memory';

type Props = {
  sessionId: string;
  callId: string;
  name: string;
  arguments: string;
  /** Arguments still streaming in. */
  partial?: boolean;
  result?: ToolMessage | undefined;
  record?: ToolCallRecord | undefined;
};

const PREVIEW_CHARS = 280;

const STATUS_TEXT: Record<LiveToolCallStatus | 'pending', string> = {
  streaming: 'receiving arguments',
  pending: 'pending',
  awaiting_approval: 'waiting for approval',
  running: 'running',
  ok: 'ok',
  error: 'error',
  timeout: 'timed out',
  cancelled: 'cancelled',
  denied: 'denied',
  interrupted: 'interrupted',
};

export const ToolCallCard = memo(function ToolCallCard(p: Props) {
  const live = useRunStore((s) => s.runs[p.sessionId]?.tools[p.callId]);
  const approval = useRunStore((s) => s.approvals[p.callId]);
  const showInTimeline = useUiStore((s) => s.showInTimeline);
  const [expanded, setExpanded] = useState(false);

  const status: LiveToolCallStatus | 'pending' =
    p.result?.outcome ?? live?.status ?? (p.record ? (p.record.status as LiveToolCallStatus | 'pending') : p.partial ? 'streaming' : 'pending');
  const durationMs = live?.durationMs ?? p.record?.durationMs ?? null;
  const result = p.result?.content ?? live?.result ?? p.record?.result ?? null;
  const isError = p.result?.isError ?? live?.isError ?? p.record?.isError ?? false;
  const args = live?.arguments || p.arguments;
  const long = result !== null && result.length > PREVIEW_CHARS;
  // The tool's console output is kept with its record; without it a user debugging a tool in a run sees only the result.
  const logs = p.record?.logs ?? [];

  return (
    <div className="tool-card" data-call-id={p.callId} aria-label={`Tool call ${p.name}`} role="group">
      <div className="tool-card-head">
        <strong>{p.name || '…'}</strong>
        <span className={`status status-${status}`}>{STATUS_TEXT[status]}</span>
        {durationMs !== null && <span className="hint">{formatDuration(durationMs)}</span>}
        <button type="button" className="link" onClick={() => showInTimeline(p.sessionId, p.callId)}>
          Show in timeline
        </button>
      </div>
      <pre aria-label="Arguments">{prettyArgs(args, !!p.partial)}</pre>
      {approval && <ApprovalCard approval={approval} />}
      {result !== null && (
        <div>
          <span className="hint">{isError ? 'Error result' : 'Result'}</span>
          <pre aria-label="Result" className={isError ? 'verdict-bad' : undefined}>
            {expanded || !long ? result : `${result.slice(0, PREVIEW_CHARS)}…`}
          </pre>
          {(status === 'ok' || status === 'error') && <RememberButton text={toolResultMemory(p.name, result)} sessionId={p.sessionId} label={`Remember result of ${p.name}`} />}
          {long && (
            <button type="button" className="link" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
              {expanded ? 'Show less' : `Show all (${result.length.toLocaleString()} characters)`}
            </button>
          )}
        </div>
      )}
      {logs.length > 0 && (
        <details className="tool-card-logs">
          <summary>Logs ({logs.length})</summary>
          <pre aria-label="Logs">{logs.map((l) => `[${l.level}] ${l.text}`).join('\n')}</pre>
        </details>
      )}
    </div>
  );
});

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
