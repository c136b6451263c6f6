/** Loop limits and knobs. Defaults come from architecture.md ("Defaults"); every session may override them. */
export type LoopConfig = {
  model: string;
  temperature: number | null;
  /** Nucleus sampling (`top_p`), 0 to 1; null: the provider's default (not sent). */
  topP: number | null;
  maxTurns: number;
  maxToolCallsPerTurn: number;
  toolTimeoutMs: number;
  firstByteTimeoutMs: number;
  idleTimeoutMs: number;
  maxRetries: number;
  /** Base delay for exponential backoff; attempt n waits base * 2^(n-1) plus jitter, capped. */
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  toolConcurrency: number;
  toolOutputLimitBytes: number;
  /**
   * The repeated-call guard (architecture.md, "Repeated-call guard"): the n-th call of the same tool with the same
   * arguments in one run, n >= this, waits for the person before it runs. 0: off.
   */
  repeatCallLimit: number;
};

export const DEFAULT_CONFIG: Omit<LoopConfig, 'model'> = {
  temperature: null,
  topP: null,
  maxTurns: 25,
  maxToolCallsPerTurn: 10,
  toolTimeoutMs: 30_000,
  firstByteTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
  maxRetries: 3,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
  toolConcurrency: 4,
  toolOutputLimitBytes: 64 * 1024,
  repeatCallLimit: 3,
};
