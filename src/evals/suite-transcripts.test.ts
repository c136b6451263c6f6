import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openToolscopeDB } from '../db/database';
import { addSuite, listSuiteRuns, runTranscripts } from '../db/evals-repo';
import { loadHistory } from '../db/messages-repo';
import { listSessions } from '../db/sessions-repo';
import type { EvalCaseRecord, EvalRunRecord } from '../domain/eval-case';
import type { ChatMessage } from '../domain/messages';
import { buildSuiteFile, parseSuiteFile, suiteFromFile } from './suite-file';

const weather: EvalCaseRecord = {
  id: 'c1',
  suiteId: 's1',
  name: 'Weather',
  createdAt: 1,
  updatedAt: 1,
  request: {
    model: 'gpt-x',
    messages: [{ id: 'm1', createdAt: 1, role: 'user', content: 'Weather in Paris?' }],
    tools: [],
  },
  recorded: [],
  checks: [{ kind: 'answer_contains', text: '18 °C' }],
};
const transcript: ChatMessage[] = [
  { id: 'r-m1', createdAt: 10, role: 'user', content: 'Weather in Paris?' },
  {
    id: 'r-m2',
    createdAt: 11,
    role: 'assistant',
    content: 'It is sunny.',
    reasoning: '',
    refusal: null,
    toolCalls: [],
    status: 'complete',
    runId: 'run-x',
    turn: 0,
    responseId: 'resp_1',
  },
];
const run: EvalRunRecord = {
  id: 'r1',
  suiteId: 's1',
  startedAt: 5,
  finishedAt: 9,
  models: ['a', 'b'],
  state: 'finished',
  cells: [
    {
      caseId: 'c1',
      caseName: 'Weather',
      model: 'a',
      verdict: 'fail',
      reasons: ['The answer does not contain “18 °C”.'],
      sessionId: 'cell-session',
      costUsd: null,
      ttftMs: 3,
      durationMs: 9,
    },
    // A cell whose session is gone (or never made) carries no transcript.
    {
      caseId: 'c1',
      caseName: 'Weather',
      model: 'b',
      verdict: 'stopped',
      reasons: ['Stopped before it started.'],
      costUsd: null,
      ttftMs: null,
      durationMs: null,
    },
  ],
};

describe("a suite exported with results carries each cell's transcript", () => {
  it('round-trips: export, import into a fresh profile, the failed cell opens a test-run session with the same messages', async () => {
    const file = buildSuiteFile(
      { id: 's1', name: 'Weather', createdAt: 1, updatedAt: 1 },
      [weather],
      [run],
      new Date(0),
      new Map([['cell-session', transcript]]),
    );
    const text = JSON.stringify(file);
    // Provider specifics stay home; the session's own id does too.
    expect(text).not.toContain('resp_1');
    expect(text).not.toContain('cell-session');
    const parsed = parseSuiteFile(text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.file.runs?.[0]?.cells.map((c) => c.transcript?.length)).toEqual([2, undefined]);

    const db = openToolscopeDB('fresh', { indexedDB: new IDBFactory(), IDBKeyRange });
    let n = 0;
    const { suite, cases, runs, transcripts } = suiteFromFile(parsed.file, () => `new-${n++}`, 99);
    await addSuite(db, suite, cases, runs, transcripts);

    const [stored] = await listSuiteRuns(db, suite.id);
    const [failed, stopped] = stored?.cells ?? [];
    expect(stopped?.sessionId).toBeUndefined();
    const sessionId = failed?.sessionId;
    if (sessionId === undefined) throw new Error('the failed cell has no session');
    const session = await db.sessions.get(sessionId);
    expect(session).toMatchObject({ title: 'Weather on a', evalRun: { suiteId: suite.id, runId: stored?.id } });
    const messages = await loadHistory(db, sessionId);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Weather in Paris?'],
      ['assistant', 'It is sunny.'],
    ]);
    // Under new ids: message ids are unique across sessions.
    expect(messages.map((m) => m.id)).not.toContain('r-m1');
    // A test run, so out of the Sessions list.
    expect(await listSessions(db)).toEqual([]);

    // Exported again from here, the transcript is the same.
    const again = buildSuiteFile(suite, cases, [stored!], new Date(0), await runTranscripts(db, [stored!]));
    expect(again.runs?.[0]?.cells[0]?.transcript?.map((m) => m.content)).toEqual(['Weather in Paris?', 'It is sunny.']);
  });
});
