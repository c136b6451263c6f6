import type { SessionStatus } from '../../domain/session';

const LABELS: Record<SessionStatus, string> = {
  idle: 'idle',
  generating: 'generating',
  running_tools: 'running tools',
  awaiting_approval: 'waiting for approval',
  finished: 'finished',
  failed: 'failed',
  cancelled: 'cancelled',
  interrupted: 'interrupted',
};

export const statusLabel = (s: SessionStatus): string => LABELS[s];
