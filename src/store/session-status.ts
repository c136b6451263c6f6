import type { SessionRecord, SessionStatus } from '../db/records';
import { useRunStore } from './run-store';

/** This tab's live run status wins over the stored one, which the persister writes a moment later. */
export function useSessionStatus(session: Pick<SessionRecord, 'id' | 'status'>): SessionStatus {
  const live = useRunStore((s) => s.runs[session.id]?.status);
  const active = useRunStore((s) => isActiveStatus(s.runs[session.id]?.status));
  return active && live ? live : session.status;
}

export function isActiveStatus(s: SessionStatus | undefined): boolean {
  return s === 'generating' || s === 'running_tools' || s === 'awaiting_approval';
}
