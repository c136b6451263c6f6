import { isLiveStatus, type SessionRecord, type SessionStatus } from '../../domain/session';
import { useRunStore } from '../run/run-store';

/**
 * This tab's run status wins while it is live, and also after it ended when the stored status still
 * looks unfinished (the persister writes a moment later, or could not write at all).
 */
export function pickStatus(stored: SessionStatus, live: SessionStatus | undefined): SessionStatus {
  if (!live) return stored;
  if (isLiveStatus(live)) return live;
  return stored === 'idle' || isLiveStatus(stored) ? live : stored;
}

export function useSessionStatus(session: Pick<SessionRecord, 'id' | 'status'>): SessionStatus {
  const live = useRunStore((s) => s.runs[session.id]?.status);
  return pickStatus(session.status, live);
}
