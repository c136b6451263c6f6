import type { ToolLog } from '../../agent/tool-executor';
import type { SandboxRequest, SandboxResult } from './sandbox-types';

export type ToWorker = { type: 'run'; id: number; req: SandboxRequest } | { type: 'cancel'; id: number };
/** `log`: console lines of a run still going (at most the output limit's worth, like the result's own). */
export type FromWorker =
  | { type: 'result'; id: number; result: SandboxResult }
  | { type: 'log'; id: number; logs: ToolLog[] };
