/**
 * One HTTP exchange as it went over the wire (docs/wire-capture.md): the request exactly as sent, every secret header
 * hidden when captured (never stored), and the response as it arrived, each network read with its arrival time, so the
 * server-sent events and their timings can be read back. Kept per session, bounded (db/wire-exchanges-repo.ts).
 */
export type WireExchange = {
  readonly id: string;
  readonly sessionId: string;
  /** What it belongs to: a model turn's attempt (by the attempt's message id), an HTTP tool's call, an MCP request. */
  readonly owner: WireOwner;
  /** Wall clock ms when the request went out. */
  readonly startedAt: number;
  readonly request: WireRequest;
  /** Absent while nothing came back (a fetch that failed before headers has `failure`). */
  readonly response?: WireResponse;
  /** Why no (whole) response: the fetch failed, the person stopped it. */
  readonly failure?: string;
};

type WireOwner =
  | {
      readonly kind: 'model';
      readonly runId: string;
      readonly messageId: string;
      readonly attempt: number;
      /** The run's turn: a retry writes under a new message id, so a turn's attempts are found by run and turn. */
      readonly turn?: number;
    }
  | { readonly kind: 'tool'; readonly runId: string; readonly callId: string }
  | { readonly kind: 'mcp'; readonly serverId: string }
  /** "Try on other models": answer `index` of the step's comparison `comparisonId` (each "Run again" adds one). */
  | { readonly kind: 'comparison'; readonly comparisonId: string; readonly index: number };

/** A header as sent; a secret one has its value replaced by nothing and names the shell variable that stands for it. */
export type WireHeader = { readonly name: string; readonly value: string; readonly secret?: WireSecret };

/** A hidden value: the variable a command uses instead (`OPENAI_API_KEY`, `TOOLSCOPE_SECRET_<NAME>`). */
type WireSecret = {
  readonly variable: string;
  /** What the value held before the secret (`Bearer `), so a command sends the same header. */
  readonly prefix?: string;
};

export type WireRequest = {
  readonly method: string;
  readonly url: string;
  readonly headers: readonly WireHeader[];
  /** The body exactly as sent: text, or base64 for bytes that are not UTF-8. */
  readonly body: WireBody | null;
};

export type WireBody = { readonly encoding: 'utf8' | 'base64'; readonly data: string };

export type WireResponse = {
  readonly status: number;
  /** The headers the browser exposes to the page. */
  readonly headers: readonly WireHeader[];
  /** Ms from the request's start until the headers arrived. */
  readonly headersAtMs: number;
  /** Each network read of the body, decoded as UTF-8 (base64 when not), with its arrival (ms from the request's start). */
  readonly reads: readonly WireRead[];
  /** Ms from the request's start until the body ended; absent while it streams or when it was cut off. */
  readonly endedAtMs?: number;
  /** Bytes of the body not kept (the session's raw traffic limit); the reads kept are the first ones. */
  readonly droppedBytes?: number;
};

export type WireRead = { readonly atMs: number; readonly text: string; readonly encoding?: 'base64' };

/** One server-sent event read back from the reads: when its last byte arrived, its event name, its data. */
export type WireEvent = { readonly atMs: number; readonly event: string; readonly data: string };

/** What a capture records of one request: the exchange before the loop names what it belongs to. */
export type CapturedExchange = Omit<WireExchange, 'id' | 'sessionId' | 'owner'>;

/** Where a capture hands a request's exchange once it is finished (the body ended, failed or was stopped). */
export type WireSink = (exchange: CapturedExchange) => void;
