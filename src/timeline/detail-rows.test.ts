import { describe, expect, it } from 'vitest';
import { attemptRows, callRows, NOT_KNOWN_TIME, replayTimeText, runRows, type DetailRow } from './detail-rows';
import type { CallModel, ModelAttempt, RunModel, TurnModel } from './model';

const usage = { promptTokens: 10, completionTokens: 40, totalTokens: 50, estimated: false };

const attempt: ModelAttempt = {
  attempt: 1,
  messageId: 'm1',
  queuedAt: 0,
  start: 100,
  firstTokenAt: 300,
  end: 1300,
  outcome: 'ok',
  retrying: false,
  retryInMs: null,
  error: null,
  finishReason: 'stop',
  usage,
};

const call = {
  callId: 'c1',
  runId: 'r1',
  turn: 1,
  messageId: 'm1',
  name: 'js_eval',
  arguments: '{}',
  start: 1400,
  runStart: 1400,
  end: 1650,
  approval: null,
  outcome: 'ok',
  durationMs: 250,
  result: '2',
  isError: false,
  validationErrors: [],
  logs: [],
  lane: 0,
} satisfies CallModel;

const turn: TurnModel = {
  turn: 1,
  sessionTurn: 1,
  messageId: 'm1',
  attempts: [attempt],
  calls: [call],
  laneCount: 1,
  compactions: [],
  usage,
};

const run = (orderOnly: boolean): RunModel => ({
  runId: 'r1',
  index: 0,
  model: 'gpt-x',
  startedAt: Date.UTC(2026, 0, 1),
  duration: 2000,
  state: 'finished',
  stopReason: 'complete',
  usage,
  error: null,
  turns: [turn],
  ...(orderOnly ? { orderOnly: true as const } : {}),
});

const value = (rows: DetailRow[], label: string) => rows.find(([k]) => k === label)?.[1];

describe('details rows', () => {
  it('show the recorded times of a timed run', () => {
    expect(value(runRows(run(false), '$0.01'), 'Duration')).toBe('2.0 s');
    const a = attemptRows(run(false), attempt);
    expect(value(a, 'Time to first token')).toBe('0.2 s');
    expect(value(a, 'Output tokens per second')).toBe('40.0 tokens/s');
    expect(value(callRows(run(false), turn, call), 'Duration')).toBe('0.3 s');
  });

  it('say every time figure of a run imported without times is not known, never 0 or the layout offsets', () => {
    const r = run(true);
    const runR = runRows(r, '$0.01');
    expect(value(runR, 'Started')).toBe(NOT_KNOWN_TIME);
    expect(value(runR, 'Duration')).toBe(NOT_KNOWN_TIME);
    expect(value(runR, 'Tokens')).toBe('10 in, 40 out');
    const a = attemptRows(r, attempt);
    for (const label of [
      'Starts at',
      'Waiting (to first token)',
      'Streaming',
      'Time to first token',
      'Output tokens per second',
    ])
      expect(value(a, label)).toBe(NOT_KNOWN_TIME);
    expect(value(a, 'Queued before sending')).toBeUndefined();
    expect(value(a, 'Finish reason')).toBe('stop');
    const c = callRows(r, turn, call);
    for (const label of ['Starts at', 'Duration', 'Ran for']) expect(value(c, label)).toBe(NOT_KNOWN_TIME);
    expect(value(c, 'Call id')).toBe('c1');
  });
});

describe('replayTimeText', () => {
  it('gives the run time at the replay position, or says it is not known', () => {
    expect(replayTimeText(false, 1500)).toBe('Run time 1.5 s');
    expect(replayTimeText(true, 1500)).toBe(`Run time ${NOT_KNOWN_TIME}`);
  });
});
