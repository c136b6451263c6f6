import { useState } from 'react';
import { continueRun, refusalSentence } from '../../../store/session/chat-actions';
import type { McpTaskRecord } from '../../../domain/mcp-task';
import { useRunStartedSince } from '../../data/run/use-run-since';
import { primaryClass, usePrimaryClaim } from '../../shared/primary-action';

/**
 * A task's result that arrived after its run ended (architecture.md, "MCP Tasks"): the next request carries it in
 * place of the call's interrupted result; until a run of the session starts, the lane offers to send it now.
 */
export function LateResultOffer({ lane, arrivedAt }: { lane: McpTaskRecord; arrivedAt: number }) {
  const sent = useRunStartedSince(lane.sessionId, arrivedAt);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const primary = usePrimaryClaim(sent === false);
  if (sent !== false) return null;
  const send = async () => {
    setBusy(true);
    try {
      setRefused(refusalSentence(await continueRun(lane.sessionId)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="task-lane-late">
      Task result arrived: the model reads it with the next request.{' '}
      <button type="button" className={primaryClass(primary)} disabled={busy} onClick={() => void send()}>
        Continue with task result
      </button>
      {refused && <span role="status"> {refused}</span>}
    </span>
  );
}
