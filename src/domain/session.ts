import type { ErrorInfo } from './error-info';
import type { LoopConfig } from './loop-config';
import type { Usage } from './messages';

/** What the session list shows; kept light so the sidebar never loads messages. */
export type SessionStatus =
  | 'idle'
  | 'generating'
  | 'running_tools'
  | 'awaiting_approval'
  | 'finished'
  | 'failed'
  | 'cancelled'
  | 'interrupted';

/** The statuses of a session whose run is under way (in this tab, another tab, or a page that closed mid-run). */
export const LIVE_STATUSES: readonly SessionStatus[] = ['generating', 'running_tools', 'awaiting_approval'];

export function isLiveStatus(status: SessionStatus | null | undefined): boolean {
  return status !== null && status !== undefined && LIVE_STATUSES.includes(status);
}

export type SessionSettings = Partial<Omit<LoopConfig, 'model'>> & {
  systemPrompt?: string;
  /** Context window override in tokens (context/model-limits.ts otherwise guesses it from the model). */
  contextLimit?: number;
  /** false: requests carry no `tools` field (for models that refuse tools). Absent: on. */
  toolsEnabled?: boolean;
  /** false: no memory recall and no `remember` tool. Absent: on. */
  memoryEnabled?: boolean;
};

export type SessionRecord = {
  id: string;
  title: string;
  model: string;
  status: SessionStatus;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  toolCallCount: number;
  usage: Usage;
  settings: SessionSettings;
  lastError?: ErrorInfo;
};
