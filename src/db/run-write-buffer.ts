/**
 * The persister's in-memory model of one session's run(s): what the event stream says the stored records should be,
 * plus which of them still have to be written. Pure (no Dexie), so the write path in persister.ts stays small.
 */
import type { AgentEvent, EventOf } from '../domain/run-events';
import { MAX_LIVE_LOG_LINES } from '../agent/tool-progress';
import { statusAfterStop } from '../domain/session';
import type { ErrorInfo } from '../domain/error-info';
import { addUsage, zeroUsage, type AssistantMessage, type ChatMessage, type Usage } from '../domain/messages';
import type { EventRecord, RunRecord, ToolCallRecord } from './records';
import { isLimitStop, type LimitStop, type SessionStatus } from '../domain/session';
import type { ToolSetRecord } from '../domain/offered-tools';

/** A message waiting to be written; `slot` is its position among messages appended since the persister started. */
type SlottedMessage = { slot: number; message: ChatMessage };

type PartialReply = {
  messageId: string;
  runId: string;
  turn: number;
  slot: number;
  content: string;
  reasoning: string;
  createdAt: number;
  dirty: boolean;
};

/** Everything one write transaction takes out of the state. */
export type Batch = {
  events: EventRecord[];
  deletes: string[];
  messages: SlottedMessage[];
  partial: (AssistantMessage & { slot: number }) | null;
  toolRows: ToolCallRecord[];
  run: RunRecord | null;
  session: boolean;
  /** Tool sets first offered since the last write; in the same transaction as the requests that name them. */
  toolSets: ToolSetRecord[];
};

export type FlushHint = 'none' | 'soon' | 'now';

const toolRowKey = (messageId: string, callId: string) => `${messageId}\u0000${callId}`;

export class RunWriteBuffer {
  events: EventRecord[] = [];
  messages = new Map<string, SlottedMessage>();
  /** Tool results held back until the whole group is in, so the group lands in one transaction. */
  held = new Map<string, SlottedMessage>();
  deletes = new Set<string>();
  toolRows = new Map<string, ToolCallRecord>();
  partial: PartialReply | null = null;
  toolSets = new Map<string, ToolSetRecord>();
  run: RunRecord | null = null;
  runDirty = false;
  sessionDirty = false;

  status: SessionStatus | null = null;
  model: string | null = null;
  lastError: ErrorInfo | undefined = undefined;
  lastErrorSet = false;
  limitStop: LimitStop | undefined = undefined;
  updatedAt = 0;
  appended = 0;
  toolCallsAppended = 0;
  finishedRunsUsage: Usage = zeroUsage();
  currentRunUsage: Usage = zeroUsage();

  /** Latest row per call id of the current assistant message (events carry only the call id). */
  private live = new Map<string, ToolCallRecord>();
  private expected = new Set<string>();
  private approvals = new Set<string>();
  private requestMessageId: string | null = null;
  private runStartedAt: number | null = null;

  constructor(
    readonly sessionId: string,
    private readonly now: () => number,
  ) {}

  usageDelta(): Usage {
    return addUsage(this.finishedRunsUsage, this.currentRunUsage);
  }

  private wall(t: number): number {
    return this.runStartedAt === null ? this.now() : this.runStartedAt + t;
  }

  private setStatus(status: SessionStatus): void {
    this.status = status;
    this.sessionDirty = true;
  }

  private toolsStatus(): SessionStatus {
    return this.approvals.size > 0 ? 'awaiting_approval' : 'running_tools';
  }

  /** A tool set a request of this run offers (architecture.md, "Offered tool sets"); written with the next batch. */
  addToolSet(hash: string, tools: ToolSetRecord['tools']): void {
    this.toolSets.set(hash, { sessionId: this.sessionId, hash, tools });
  }

  /** Applies one event; says whether it must be written now, within the batching interval, or needs no write. */
  apply(event: AgentEvent): FlushHint {
    this.events.push({ ...event, sessionId: this.sessionId });
    this.updatedAt = this.wall(event.t);
    switch (event.type) {
      case 'run_started':
        this.runStartedAt = event.startedAt;
        this.updatedAt = event.startedAt;
        this.currentRunUsage = zeroUsage();
        this.run = {
          id: event.runId,
          sessionId: this.sessionId,
          startedAt: event.startedAt,
          finishedAt: null,
          stopReason: null,
          usage: zeroUsage(),
        };
        this.runDirty = true;
        this.model = event.model;
        this.lastError = undefined;
        this.lastErrorSet = true;
        this.limitStop = undefined;
        this.setStatus('generating');
        return 'now';
      case 'request_started':
        this.requestMessageId = event.messageId;
        this.releaseHeld();
        this.setStatus('generating');
        return 'soon';
      case 'text_delta':
      case 'reasoning_delta':
        this.onDelta(event);
        return 'soon';
      case 'request_finished':
        this.currentRunUsage = addUsage(this.currentRunUsage, event.usage);
        if (this.run) this.run = { ...this.run, usage: this.currentRunUsage };
        this.runDirty = true;
        this.sessionDirty = true;
        return 'now';
      case 'request_failed':
        this.dropPartial();
        return 'now';
      case 'message_appended':
        return this.onMessage(event.message);
      case 'tool_started': {
        const row = this.row(event.callId, event.name, event.turn, event.arguments);
        this.putRow({
          ...row,
          arguments: event.arguments,
          status: row.status === 'awaiting_approval' ? row.status : 'running',
          startedAt: this.wall(event.t),
          ...(event.mcpServer ? { mcpServer: event.mcpServer } : {}),
        });
        this.setStatus(this.toolsStatus());
        return 'soon';
      }
      case 'tool_finished':
        this.onToolFinished(event);
        // Model requests the tool's server had the page run (legacy MCP sampling) count in the usage as they end.
        if (event.sampling && event.sampling.length > 0) {
          for (const s of event.sampling) this.currentRunUsage = addUsage(this.currentRunUsage, s.usage);
          if (this.run) this.run = { ...this.run, usage: this.currentRunUsage };
          this.runDirty = true;
          this.sessionDirty = true;
          return 'now';
        }
        return 'soon';
      case 'tool_progress':
        this.onToolProgress(event);
        return 'soon';
      case 'approval_requested': {
        const row = this.row(event.callId, event.name, event.turn, event.arguments);
        this.putRow({ ...row, status: 'awaiting_approval' });
        this.approvals.add(event.callId);
        this.setStatus('awaiting_approval');
        return 'now';
      }
      case 'approval_resolved': {
        this.approvals.delete(event.callId);
        const row = this.live.get(event.callId);
        if (row) {
          const status = event.decision === 'denied' ? 'denied' : row.startedAt !== null ? 'running' : 'pending';
          this.putRow({ ...row, arguments: event.arguments, status });
        }
        this.setStatus(this.toolsStatus());
        return 'now';
      }
      // Stored before the pause shows, so what the person looks at is what a reload finds.
      case 'run_paused':
        return 'now';
      case 'run_resumed':
        return 'soon';
      case 'branch_started':
        return 'now';
      case 'run_finished':
        this.onRunFinished(event);
        return 'now';
      case 'first_token':
      case 'request_left_out':
      case 'tool_call_delta':
      case 'provider_tool_updated':
        return 'soon';
      case 'context_compacted':
        this.sessionDirty = true;
        return 'soon';
      case 'summary_started':
      case 'summary_finished':
      case 'summary_failed':
        return 'soon';
    }
  }

  private onDelta(event: EventOf<'text_delta'> | EventOf<'reasoning_delta'>): void {
    if (this.partial && this.partial.messageId !== event.messageId) this.dropPartial();
    this.partial ??= {
      messageId: event.messageId,
      runId: event.runId,
      turn: event.turn,
      slot: this.appended,
      content: '',
      reasoning: '',
      createdAt: this.wall(event.t),
      dirty: true,
    };
    if (event.type === 'text_delta') this.partial.content += event.delta;
    else this.partial.reasoning += event.delta;
    this.partial.dirty = true;
  }

  /** A failed attempt's partial must not survive as a history message. */
  private dropPartial(): void {
    if (!this.partial) return;
    this.deletes.add(this.partial.messageId);
    this.partial = null;
  }

  private onMessage(message: ChatMessage): FlushHint {
    const slotted = { slot: this.appended++, message };
    if (message.role === 'assistant') {
      if (this.partial) {
        if (this.partial.messageId !== message.id) this.deletes.add(this.partial.messageId);
        this.partial = null;
      }
      this.releaseHeld();
      this.messages.set(message.id, slotted);
      this.live.clear();
      this.expected = new Set(message.toolCalls.map((c) => c.id));
      for (const call of message.toolCalls) {
        this.putRow(this.newRow(call.id, call.name, message.turn, call.arguments, message.id, message.runId));
      }
      this.toolCallsAppended += message.toolCalls.length;
      this.setStatus(message.toolCalls.length > 0 ? 'running_tools' : 'generating');
      return 'now';
    }
    this.sessionDirty = true;
    if (message.role === 'tool') {
      const row = this.live.get(message.toolCallId);
      if (row && (row.status === 'pending' || row.status === 'running' || row.status === 'awaiting_approval')) {
        this.putRow({
          ...row,
          result: message.content,
          isError: message.isError,
          status: message.outcome,
          finishedAt: message.createdAt,
        });
      }
      if (this.expected.delete(message.toolCallId)) {
        this.held.set(message.id, slotted);
        if (this.expected.size > 0) return 'soon';
        this.releaseHeld();
        return 'now';
      }
    }
    this.messages.set(message.id, slotted);
    return 'now';
  }

  /** What a running tool printed so far is stored with its row, so a reload mid-call shows it (the result replaces it). */
  private onToolProgress(event: EventOf<'tool_progress'>): void {
    const row = this.live.get(event.callId);
    if (!row || row.finishedAt !== null) return;
    const logs = event.logs ? [...row.logs, ...event.logs].slice(0, MAX_LIVE_LOG_LINES) : row.logs;
    this.putRow({
      ...row,
      logs,
      ...(event.bytesReceived !== undefined ? { bytesReceived: event.bytesReceived } : {}),
      ...(event.bytesTotal !== undefined ? { bytesTotal: event.bytesTotal } : {}),
    });
  }

  private onToolFinished(event: EventOf<'tool_finished'>): void {
    const row = this.row(event.callId, event.name, event.turn, null);
    const finishedAt = this.wall(event.t);
    this.putRow({
      ...row,
      status: event.outcome,
      result: event.result,
      isError: event.isError,
      finishedAt,
      startedAt: row.startedAt ?? finishedAt - event.durationMs,
      durationMs: event.durationMs,
      validation: event.validation ?? (event.validationErrors?.length ? 'schema' : row.validation),
      validationErrors: event.validationErrors ?? row.validationErrors,
      logs: event.logs ?? row.logs,
      ...(event.recorded ? { recorded: true as const } : {}),
    });
  }

  private onRunFinished(event: EventOf<'run_finished'>): void {
    this.releaseHeld();
    if (this.partial) {
      // The loop did not commit the streamed text; keep what was seen as a cancelled message.
      this.partial.dirty = true;
      this.messages.set(this.partial.messageId, {
        slot: this.partial.slot,
        message: { ...partialMessage(this.partial), status: 'cancelled' },
      });
      if (this.partial.slot >= this.appended) this.appended = this.partial.slot + 1;
      this.partial = null;
    }
    this.currentRunUsage = event.usage;
    if (this.run) {
      this.run = {
        ...this.run,
        finishedAt: this.wall(event.t),
        stopReason: event.stopReason,
        usage: event.usage,
        ...(event.error ? { error: event.error } : {}),
      };
      this.runDirty = true;
    }
    this.finishedRunsUsage = addUsage(this.finishedRunsUsage, event.usage);
    this.currentRunUsage = zeroUsage();
    this.approvals.clear();
    this.expected.clear();
    this.lastError = event.error;
    this.lastErrorSet = true;
    this.limitStop = isLimitStop(event.stopReason) ? event.stopReason : undefined;
    this.setStatus(statusAfterStop(event.stopReason));
  }

  private releaseHeld(): void {
    for (const [id, m] of this.held) this.messages.set(id, m);
    this.held.clear();
  }

  private newRow(
    callId: string,
    name: string,
    turn: number,
    args: string,
    messageId: string,
    runId: string,
  ): ToolCallRecord {
    return {
      id: callId,
      sessionId: this.sessionId,
      runId,
      turn,
      messageId,
      name,
      arguments: args,
      validation: null,
      validationErrors: [],
      result: null,
      isError: false,
      status: 'pending',
      startedAt: null,
      finishedAt: null,
      durationMs: null,
      logs: [],
    };
  }

  /** The row for a call id; created when a tool event arrives before its assistant message (defensive). */
  private row(callId: string, name: string, turn: number, args: string | null): ToolCallRecord {
    return (
      this.live.get(callId) ??
      this.newRow(callId, name, turn, args ?? '', this.requestMessageId ?? '', this.run?.id ?? '')
    );
  }

  private putRow(row: ToolCallRecord): void {
    this.live.set(row.id, row);
    this.toolRows.set(toolRowKey(row.messageId, row.id), row);
  }

  hasWork(): boolean {
    return (
      this.events.length > 0 ||
      this.messages.size > 0 ||
      this.deletes.size > 0 ||
      this.toolRows.size > 0 ||
      this.toolSets.size > 0 ||
      this.runDirty ||
      this.sessionDirty ||
      (this.partial?.dirty ?? false)
    );
  }

  take(): Batch {
    const batch: Batch = {
      events: this.events,
      deletes: [...this.deletes],
      messages: [...this.messages.values()],
      partial: this.partial?.dirty ? { ...partialMessage(this.partial), slot: this.partial.slot } : null,
      toolRows: [...this.toolRows.values()],
      run: this.runDirty ? this.run : null,
      session: this.sessionDirty,
      toolSets: [...this.toolSets.values()],
    };
    this.events = [];
    this.toolSets.clear();
    this.deletes.clear();
    this.messages.clear();
    this.toolRows.clear();
    if (this.partial) this.partial.dirty = false;
    this.runDirty = false;
    this.sessionDirty = false;
    return batch;
  }

  /** Puts a failed batch back; anything newer that arrived meanwhile wins. */
  giveBack(batch: Batch): void {
    this.events = [...batch.events, ...this.events];
    for (const id of batch.deletes) if (this.partial?.messageId !== id) this.deletes.add(id);
    for (const m of batch.messages) if (!this.messages.has(m.message.id)) this.messages.set(m.message.id, m);
    for (const r of batch.toolRows) {
      const key = toolRowKey(r.messageId, r.id);
      if (!this.toolRows.has(key)) this.toolRows.set(key, r);
    }
    if (batch.partial && this.partial?.messageId === batch.partial.id) this.partial.dirty = true;
    for (const t of batch.toolSets) if (!this.toolSets.has(t.hash)) this.toolSets.set(t.hash, t);
    if (batch.run) this.runDirty = true;
    if (batch.session) this.sessionDirty = true;
  }

  /** Messages not yet written, in order (held tool results and the partial included). */
  unsavedMessages(): SlottedMessage[] {
    const out = [...this.messages.values(), ...this.held.values()];
    if (this.partial) out.push({ slot: this.partial.slot, message: partialMessage(this.partial) });
    return out.sort((a, b) => a.slot - b.slot);
  }
}

function partialMessage(p: PartialReply): AssistantMessage {
  return {
    id: p.messageId,
    role: 'assistant',
    content: p.content,
    reasoning: p.reasoning,
    refusal: null,
    toolCalls: [],
    status: 'streaming',
    runId: p.runId,
    turn: p.turn,
    createdAt: p.createdAt,
  };
}
