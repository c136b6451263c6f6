/**
 * "Replay run" (architecture.md, "Replay"): one small action, placed on a run's timeline details and on the assistant
 * messages of a run in the chat. The replay's code loads on the first click, not with the page.
 */
export function ReplayRunButton({
  sessionId,
  runId,
  disabled = false,
}: {
  sessionId: string;
  runId: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="replay-run"
      disabled={disabled}
      onClick={() => void import('../../store/replay/replay-store').then((m) => m.startReplay(sessionId, runId))}
    >
      Replay run
    </button>
  );
}
