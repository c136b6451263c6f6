import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../db/records';
import type { ChatMessage } from '../../domain/messages';
import { zeroUsage } from '../../domain/messages';
import { aguiEventProblem, undefinedFields } from './agui-check';
import { aguiFileText, sessionToAgui, toJsonArray, type AguiFileShape } from './agui-export';
import { foreignKindOf, mayBeAguiJsonLines } from './detect';
import { convertJsonLines, convertParsed } from './open-foreign';

const run = (id: string, stopReason: RunRecord['stopReason'], error?: RunRecord['error']): RunRecord => ({
  id,
  sessionId: 's',
  startedAt: 1000,
  finishedAt: 2000,
  stopReason,
  usage: zeroUsage(),
  ...(error ? { error } : {}),
});
const path: ChatMessage[] = [
  { id: 'u1', role: 'user', content: 'Weather?', createdAt: 1000 },
  {
    id: 'a1',
    role: 'assistant',
    content: '',
    reasoning: 'Use the tool.',
    refusal: null,
    toolCalls: [{ id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' }],
    status: 'complete',
    runId: 'r1',
    turn: 1,
    createdAt: 1100,
  },
  {
    id: 't1',
    role: 'tool',
    toolCallId: 'c1',
    name: 'weather',
    content: '3 °C',
    isError: false,
    outcome: 'ok',
    runId: 'r1',
    turn: 1,
    createdAt: 1200,
  },
  {
    id: 'a2',
    role: 'assistant',
    content: 'It is 3 °C.',
    reasoning: '',
    refusal: null,
    toolCalls: [],
    status: 'complete',
    runId: 'r1',
    turn: 2,
    createdAt: 1300,
  },
  { id: 'u2', role: 'user', content: 'Tomorrow?', createdAt: 3000 },
  {
    id: 'a3',
    role: 'assistant',
    content: 'Part',
    reasoning: '',
    refusal: null,
    toolCalls: [],
    status: 'cancelled',
    runId: 'r2',
    turn: 1,
    createdAt: 3100,
  },
  { id: 'u3', role: 'user', content: 'Again', createdAt: 4000 },
  {
    id: 'a4',
    role: 'assistant',
    content: '',
    reasoning: '',
    refusal: null,
    toolCalls: [],
    status: 'error',
    runId: 'r3',
    turn: 1,
    createdAt: 4100,
  },
];
const runs = [
  run('r1', 'complete'),
  run('r2', 'cancelled'),
  run('r3', 'error', { fault: 'system', kind: 'network', message: 'The connection was lost.' }),
];

describe('AG-UI export', () => {
  const events = sessionToAgui({ id: 's', settings: { systemPrompt: 'Be brief.' } }, path, runs);

  it('writes only valid events with no field the protocol does not define', () => {
    events.forEach((e, i) => {
      expect(aguiEventProblem(e, `$[${i}]`)).toBeNull();
      expect(undefinedFields(e, `$[${i}]`)).toEqual([]);
    });
    // The check itself finds a field the schemas would let through.
    expect(
      undefinedFields({
        type: 'RUN_STARTED',
        threadId: 't',
        runId: 'r',
        apiKey: 'sk-x',
        input: { threadId: 't', runId: 'r', messages: [{ id: 'm', role: 'user', content: 'x', extra: 1 }] },
      }),
    ).toEqual(['$.apiKey', '$.input.messages[0].extra']);
  });

  it('opens each run with RUN_STARTED carrying its input and closes it before the next; results and reasoning included', () => {
    const types = events.map((e) => e.type);
    const opens = types.flatMap((t, i) => (t === 'RUN_STARTED' ? [i] : []));
    const closes = types.flatMap((t, i) => (t === 'RUN_FINISHED' || t === 'RUN_ERROR' ? [i] : []));
    expect(opens).toHaveLength(3);
    opens.forEach((o, k) => {
      expect(closes[k]).toBeGreaterThan(o);
      if (k > 0) expect(o).toBeGreaterThan(closes[k - 1]!);
    });
    const first = events[0] as unknown as { input: { messages: { role: string; content: string }[] } };
    expect(first.input.messages.map((m) => `${m.role}:${m.content}`)).toEqual(['system:Be brief.', 'user:Weather?']);
    expect(types).toContain('REASONING_MESSAGE_CONTENT');
    expect(events.find((e) => e.type === 'TOOL_CALL_RESULT')).toMatchObject({ toolCallId: 'c1', content: '3 °C' });
    expect(events.find((e) => e.type === 'RUN_FINISHED' && e.runId === 'r2')).toMatchObject({
      outcome: { type: 'cancelled' },
    });
    expect(events.find((e) => e.type === 'RUN_ERROR')).toMatchObject({
      message: 'The connection was lost.',
      code: 'network',
    });
  });

  it.each<AguiFileShape>(['json-lines', 'json-array'])(
    'reads back as the same conversation from %s, by the way the import reads it',
    async (shape) => {
      const text = aguiFileText(events, shape);
      if (shape === 'json-array') expect(JSON.parse(text)).toEqual(events);
      else
        expect(
          text
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as unknown),
        ).toEqual(events);
      const opts = {
        now: 1,
        newId: (() => {
          let n = 0;
          return () => `n${++n}`;
        })(),
      };
      // The import job's two ways in (io/import/import-job.ts): text that parses as JSON by its shape, else JSON Lines.
      let data: unknown = null;
      try {
        data = JSON.parse(text);
      } catch {
        expect(shape).toBe('json-lines');
      }
      const kind = data === null ? null : foreignKindOf(data);
      if (shape === 'json-array') expect(kind).toBe('agui');
      else expect(mayBeAguiJsonLines(text)).toBe(true);
      const back = kind === null ? await convertJsonLines(text, opts) : await convertParsed(data, kind, opts);
      if (!back.ok) throw new Error(back.failure.message);
      const texts = back.file.sessions[0]!.messages.map((m) => `${m.role}:${m.content}`);
      expect(texts).toEqual([
        'system:Be brief.',
        'user:Weather?',
        'assistant:',
        'tool:3 °C',
        'assistant:It is 3 °C.',
        'user:Tomorrow?',
        'assistant:Part',
        'user:Again',
        'assistant:',
      ]);
    },
  );

  it('writes an empty array for no events', () => {
    expect(JSON.parse(toJsonArray([]))).toEqual([]);
  });
});
