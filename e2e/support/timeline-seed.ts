/**
 * Seeds the app's IndexedDB ("toolscope", tables from src/db/database.ts) with hand-built runs for the
 * timeline specs, through the raw IndexedDB API in the page, then reloads so Dexie reads them.
 */
import type { Page } from '@playwright/test';
import type { EventRecord, RunRecord, ToolCallRecord } from '../../src/db/records';
import type { SessionRecord } from '../../src/domain/session';
import { RunScript, usage } from '../../src/timeline/testing/run-script';

type Seed = { session: SessionRecord; runs: RunRecord[]; events: EventRecord[]; toolCalls: ToolCallRecord[] };

function sessionRecord(id: string, title: string, toolCallCount: number): SessionRecord {
  const now = Date.now();
  return {
    id,
    title,
    model: 'mock-gpt',
    status: 'finished',
    createdAt: now - 60_000,
    updatedAt: now - 1000,
    messageCount: 0,
    toolCallCount,
    usage: usage(0, 0),
    settings: {},
  };
}

/** Tool call rows as the persister would write them, derived from the events. */
function toolRows(sessionId: string, events: EventRecord[]): ToolCallRecord[] {
  const rows = new Map<string, ToolCallRecord>();
  for (const e of events) {
    if (e.type !== 'tool_finished') continue;
    rows.set(e.callId, {
      id: e.callId,
      sessionId,
      runId: e.runId,
      turn: e.turn,
      messageId: `m${e.turn}`,
      name: e.name,
      arguments: '{"q":"x"}',
      validation: 'ok',
      validationErrors: e.validationErrors ?? [],
      result: e.result,
      isError: e.isError,
      status: e.outcome,
      startedAt: null,
      finishedAt: null,
      durationMs: e.durationMs,
      logs: e.logs ?? [],
    });
  }
  return [...rows.values()];
}

/**
 * Three runs. Run 1: turn 1 fails once with a 503 and is retried after a backoff, then asks for three
 * parallel calls (search_web ok 0.4-1.6 s, fetch_url error, slow_tool timeout); turn 2 waits for two
 * approvals (delete_file approved, drop_table denied) and has a call with bad arguments; turn 3 answers.
 * Run 2 is cancelled while long_task runs. Run 3 was interrupted (page closed) while read_file ran.
 */
export function mixedSeed(sessionId = 'tl-mixed'): Seed {
  const t0 = Date.now() - 120_000;
  const r1 = new RunScript('run-1', sessionId, t0)
    .started('mock-gpt')
    .at(0, { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' })
    .at(50, {
      type: 'request_failed',
      turn: 1,
      attempt: 1,
      error: { fault: 'system', kind: 'server', status: 503, message: 'Service unavailable' },
      retryInMs: 150,
    })
    .at(200, { type: 'request_started', turn: 1, attempt: 2, messageId: 'm1' })
    .at(280, { type: 'first_token', turn: 1, attempt: 2 })
    .at(300, {
      type: 'tool_call_delta',
      turn: 1,
      messageId: 'm1',
      index: 0,
      id: 'call_search',
      name: 'search_web',
      argumentsDelta: '{"q"',
    })
    .at(390, { type: 'request_finished', turn: 1, attempt: 2, finishReason: 'tool_calls', usage: usage(120, 40) })
    .at(400, {
      type: 'tool_started',
      turn: 1,
      callId: 'call_search',
      name: 'search_web',
      arguments: '{"query":"toolscope timeline","limit":5}',
    })
    .at(410, {
      type: 'tool_started',
      turn: 1,
      callId: 'call_fetch',
      name: 'fetch_url',
      arguments: '{"url":"https://example.invalid/x"}',
    })
    .at(420, { type: 'tool_started', turn: 1, callId: 'call_slow', name: 'slow_tool', arguments: '{"n":1}' })
    .at(700, {
      type: 'tool_finished',
      turn: 1,
      callId: 'call_fetch',
      name: 'fetch_url',
      outcome: 'error',
      durationMs: 290,
      result: 'HTTP 500 from example.invalid',
      isError: true,
      logs: [{ level: 'warn', text: 'server said 500', t: 650 }],
    })
    .at(1420, {
      type: 'tool_finished',
      turn: 1,
      callId: 'call_slow',
      name: 'slow_tool',
      outcome: 'timeout',
      durationMs: 1000,
      result: 'Timed out after 1 s',
      isError: true,
    })
    .at(1600, {
      type: 'tool_finished',
      turn: 1,
      callId: 'call_search',
      name: 'search_web',
      outcome: 'ok',
      durationMs: 1200,
      result: JSON.stringify({
        hits: Array.from({ length: 60 }, (_, i) => ({
          title: `Result ${i}`,
          url: `https://example.invalid/${i}`,
          snippet: 'lorem ipsum dolor sit amet '.repeat(3),
        })),
      }),
      isError: false,
    })
    .request(2, 1610, 120, 80)
    .at(1820, {
      type: 'approval_requested',
      turn: 2,
      callId: 'call_delete',
      name: 'delete_file',
      arguments: '{"path":"/tmp/a"}',
    })
    .at(1830, {
      type: 'approval_requested',
      turn: 2,
      callId: 'call_drop',
      name: 'drop_table',
      arguments: '{"table":"users"}',
    })
    .at(2400, {
      type: 'approval_resolved',
      turn: 2,
      callId: 'call_drop',
      decision: 'denied',
      arguments: '{"table":"users"}',
    })
    .at(2400, {
      type: 'tool_finished',
      turn: 2,
      callId: 'call_drop',
      name: 'drop_table',
      outcome: 'denied',
      durationMs: 0,
      result: 'The user denied this call.',
      isError: true,
    })
    .at(2600, {
      type: 'approval_resolved',
      turn: 2,
      callId: 'call_delete',
      decision: 'approved',
      arguments: '{"path":"/tmp/a"}',
    })
    .at(2610, {
      type: 'tool_started',
      turn: 2,
      callId: 'call_delete',
      name: 'delete_file',
      arguments: '{"path":"/tmp/a"}',
    })
    .at(2700, {
      type: 'tool_finished',
      turn: 2,
      callId: 'call_delete',
      name: 'delete_file',
      outcome: 'ok',
      durationMs: 90,
      result: '{"deleted":true}',
      isError: false,
    })
    .at(2705, {
      type: 'tool_finished',
      turn: 2,
      callId: 'call_calc',
      name: 'calc',
      outcome: 'error',
      durationMs: 0,
      result: 'Invalid arguments',
      isError: true,
      validationErrors: [{ path: '/x', message: 'must be number' }],
    })
    .request(3, 2710, 100, 300, { finish: 'stop', usage: usage(300, 90) })
    .finished(3110, 'complete', usage(900, 200));
  const r2 = new RunScript('run-2', sessionId, t0 + 60_000)
    .started('mock-gpt')
    .request(1, 0, 90, 60)
    .at(160, { type: 'tool_started', turn: 1, callId: 'call_long', name: 'long_task', arguments: '{}' })
    .at(1160, {
      type: 'tool_finished',
      turn: 1,
      callId: 'call_long',
      name: 'long_task',
      outcome: 'cancelled',
      durationMs: 1000,
      result: 'Cancelled by the user',
      isError: true,
    })
    .finished(1170, 'cancelled', usage(150, 30));
  // The page closed while read_file ran: crash recovery marked the run, but no run_finished was ever written.
  const r3 = new RunScript('run-3', sessionId, t0 + 90_000)
    .started('mock-gpt')
    .request(1, 0, 80, 40)
    .at(130, {
      type: 'tool_started',
      turn: 1,
      callId: 'call_crash',
      name: 'read_file',
      arguments: '{"path":"notes.txt"}',
    })
    .at(500, { type: 'text_delta', turn: 1, messageId: 'm1', delta: 'Reading the notes' });
  const events = [...r1.build(), ...r2.build(), ...r3.build()];
  return {
    session: sessionRecord(sessionId, 'Timeline mixed run', 8),
    runs: [
      r1.record(t0 + 3110, 'complete'),
      r2.record(t0 + 60_000 + 1170, 'cancelled'),
      { ...r3.record(t0 + 90_000 + 500, 'cancelled'), interrupted: true },
    ],
    events,
    toolCalls: toolRows(sessionId, events),
  };
}

/**
 * `turns` turns of `perTurn` calls each, run four at a time (the default concurrency cap), so a
 * 2,000-call session is 200 turns of 10 calls in 3 waves. The calls take `names` in turn.
 */
export function bulkSeed(
  sessionId: string,
  title: string,
  turns: number,
  perTurn: number,
  names: readonly string[] = ['search_web', 'fetch_url', 'calc', 'read_file', 'write_file'],
): Seed {
  const t0 = Date.now() - 3_600_000;
  const outcomes = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'error', 'timeout', 'ok', 'cancelled'] as const;
  const s = new RunScript(`${sessionId}-run`, sessionId, t0).started('mock-gpt');
  let t = 0;
  let n = 0;
  for (let turn = 1; turn <= turns; turn++) {
    s.request(turn, t, 120, 80);
    t += 210;
    let waveEnd = t;
    for (let i = 0; i < perTurn; i++) {
      if (i % 4 === 0) t = waveEnd;
      const dur = 80 + ((n * 37) % 400);
      const name = names[n % names.length] ?? 'calc';
      s.tool(turn, `c${n}`, name, t + (i % 4) * 3, t + (i % 4) * 3 + dur, outcomes[n % outcomes.length], `{"n":${n}}`);
      waveEnd = Math.max(waveEnd, t + (i % 4) * 3 + dur);
      n++;
    }
    t = waveEnd + 10;
  }
  s.request(turns + 1, t, 100, 100, { finish: 'stop' }).finished(t + 210);
  const events = s.build();
  return {
    session: sessionRecord(sessionId, title, n),
    runs: [s.record(t0 + t + 210, 'complete')],
    events,
    toolCalls: toolRows(sessionId, events),
  };
}

/** Writes the seeds with the page's IndexedDB (after the app created its schema) and reloads. */
export async function seedDatabase(page: Page, seeds: Seed[]): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Timeline' }).waitFor();
  await page.evaluate(async (data) => {
    const open = () =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('toolscope');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    let idb = await open();
    // The app may not have created its schema yet on a first visit; wait for it.
    for (let i = 0; i < 50 && !idb.objectStoreNames.contains('events'); i++) {
      idb.close();
      await new Promise((r) => setTimeout(r, 100));
      idb = await open();
    }
    const tx = idb.transaction(['sessions', 'runs', 'events', 'toolCalls'], 'readwrite');
    for (const seed of data) {
      tx.objectStore('sessions').put(seed.session);
      for (const r of seed.runs) tx.objectStore('runs').put(r);
      for (const e of seed.events) tx.objectStore('events').put(e);
      for (const c of seed.toolCalls) tx.objectStore('toolCalls').put(c);
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();
  }, seeds);
  await page.reload();
}

/** Opens a session from the sidebar and switches to the Timeline tab. */
export async function openTimeline(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: title, exact: true }).click();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByRole('region', { name: 'Timeline' }).waitFor();
}
