import { useRunStore } from '../../store/run/run-store';
import { CompactNowButton } from './compact-now-button';
import { ContextMeter } from './context-meter';
import { RecallNotice } from './recall-notice';
import './context.css';

/** The chat's context strip: how full the window is, manual compaction, and how memories were recalled. */
export function ContextBar({ sessionId }: { sessionId: string }) {
  const running = useRunStore((s) => !!s.runs[sessionId] && !s.runs[sessionId]!.ended);
  return (
    <div className="context-bar">
      <ContextMeter sessionId={sessionId} />
      <CompactNowButton sessionId={sessionId} disabled={running} />
      <RecallNotice sessionId={sessionId} />
    </div>
  );
}
