import { DEFAULT_CONFIG, type LoopConfig } from '../../domain/loop-config';
import type { LoopEvent } from '../events';
import { runAgent, type RunInput, type RunResult } from '../loop';
import type { ChatMessage } from '../../domain/messages';
import type { ScriptedModel } from './scripted-model';
import { fakeExecutor } from './fake-tools';

type HarnessOverrides = Partial<Omit<RunInput, 'config'>> & { config?: Partial<LoopConfig> };

type Harness = {
  events: LoopEvent[];
  sleeps: number[];
  controller: AbortController;
  input: RunInput;
  run(): Promise<RunResult>;
};

/**
 * A run with every clock and random source pinned: ids count up, `sleep` records and returns at
 * once (retries are instant), events are collected. Overrides replace any field.
 */
export function harness(model: ScriptedModel, overrides: HarnessOverrides = {}): Harness {
  const events: LoopEvent[] = [];
  const sleeps: number[] = [];
  const controller = new AbortController();
  let id = 0;
  let tick = 0;
  const { config, ...rest } = overrides;
  const input: RunInput = {
    runId: 'run-1',
    sessionId: 'session-1',
    history: [],
    userMessage: 'hello',
    config: { ...DEFAULT_CONFIG, model: 'test-model', ...config },
    model,
    tools: fakeExecutor([]),
    signal: controller.signal,
    emit: (e) => events.push(e),
    clock: () => tick++,
    now: () => 1_700_000_000_000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    newId: () => `id-${++id}`,
    ...rest,
  };
  return { events, sleeps, controller, input, run: () => runAgent(input) };
}

export const types = (events: LoopEvent[]) => events.map((e) => e.type);

export const roles = (history: ChatMessage[]) => history.map((m) => m.role);

export function toolResults(history: ChatMessage[]) {
  return history.flatMap((m) =>
    m.role === 'tool' ? [{ id: m.toolCallId, content: m.content, outcome: m.outcome }] : [],
  );
}
