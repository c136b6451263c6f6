/** Test-only helpers: an isolated fake IndexedDB per database, and an event-stream builder. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { AgentEvent, AgentEventBody } from '../agent/events';
import type { AssistantMessage, ToolCall, ToolMessage, UserMessage } from '../domain/messages';
import { openToolscopeDB, type ToolscopeDB } from './database';
import type { PersisterTimers } from './persister';

export function freshDB(name = 'toolscope-test'): { db: ToolscopeDB; factory: IDBFactory } {
  const factory = new IDBFactory();
  return { db: openToolscopeDB(name, { indexedDB: factory, IDBKeyRange }), factory };
}

export type Emitter = { emit(body: AgentEventBody, dt?: number): AgentEvent; events: AgentEvent[] };

/** Builds a run's events with gap-free seq and a clock advancing `dt` ms per event. */
export function runEmitter(runId: string, sink: (e: AgentEvent) => void): Emitter {
  let seq = 0;
  let t = 0;
  const events: AgentEvent[] = [];
  return {
    events,
    emit(body, dt = 1) {
      t += dt;
      const event = { ...body, runId, seq: seq++, t } as AgentEvent;
      events.push(event);
      sink(event);
      return event;
    },
  };
}

export const userMsg = (id: string, content: string, createdAt = 1): UserMessage => ({ id, role: 'user', content, createdAt });

export const assistantMsg = (id: string, runId: string, turn: number, content: string, toolCalls: ToolCall[] = []): AssistantMessage => ({
  id, role: 'assistant', content, reasoning: '', refusal: null, toolCalls, status: 'complete', runId, turn, createdAt: 2,
});

export const toolMsg = (id: string, runId: string, turn: number, call: ToolCall, content: string): ToolMessage => ({
  id, role: 'tool', toolCallId: call.id, name: call.name, content, isError: false, outcome: 'ok', runId, turn, createdAt: 3,
});

/** Timers fired by hand, so batching tests do not depend on wall time. */
export function manualTimers(): PersisterTimers & { fire(): void; readonly scheduled: number; readonly delays: number[] } {
  let next: (() => void) | null = null;
  let scheduled = 0;
  const delays: number[] = [];
  return {
    delays,
    set(fn, ms) {
      next = fn;
      delays.push(ms);
      scheduled++;
      return scheduled;
    },
    clear() {
      next = null;
    },
    fire() {
      const fn = next;
      next = null;
      fn?.();
    },
    get scheduled() {
      return scheduled;
    },
  };
}
