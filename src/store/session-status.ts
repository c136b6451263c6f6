import type { SessionRecord, SessionStatus } from '../db/records';
import { useRunStore } from './run-store';

export function isActiveStatus(s: SessionStatus | undefined): boolean {
  return s === 'generating' || s === 'running_tools' || s === 'awaiting_approval';
}

/**
 * This tab's run status wins while it is live, and also after it ended when the stored status still
 * looks unfinished (the persister writes a moment later, or could not write at all).
 */
export function pickStatus(stored: SessionStatus, live: SessionStatus | undefined): SessionStatus {
  if (!live) return stored;
  if (isActiveStatus(live)) return live;
  return stored === 'idle' || isActiveStatus(stored) ? live : stored;
}

export function useSessionStatus(session: Pick<SessionRecord, 'id' | 'status'>): SessionStatus {
  const live = useRunStore((s) => s.runs[session.id]?.status);
  return pickStatus(session.status, live);
}
