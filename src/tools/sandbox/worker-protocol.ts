import type { SandboxRequest, SandboxResult } from './sandbox-types';

export type ToWorker = { type: 'run'; id: number; req: SandboxRequest } | { type: 'cancel'; id: number };
export type FromWorker = { type: 'result'; id: number; result: SandboxResult };
