/**
 * Sessions holding hostile amounts of text, written straight into the app's IndexedDB ("toolscope", tables from
 * src/db/database.ts) the way an older version of the app could have stored them, then the page is reloaded.
 */
import type { Page } from '@playwright/test';
import type { ChatMessage } from '../../src/domain/messages';
import type { MessageRecord, RunRecord, ToolCallRecord, EventRecord } from '../../src/db/records';
import type { SessionRecord } from '../../src/domain/session';
import { RunScript, usage } from '../../src/timeline/testing/run-script';

type SessionSeed = {
  session: SessionRecord;
  messages: MessageRecord[];
  toolCalls: ToolCallRecord[];
  runs: RunRecord[];
  events: EventRecord[];
};

/** Letters without a space or line break, different all along (so no tokenizer cache makes it cheap). */
export function unbrokenText(chars: number): string {
  let seed = 7;
  const out: string[] = [];
  for (let i = 0; i < chars; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out.push(String.fromCharCode(97 + (seed % 26)));
  }
  return out.join('');
}

/** A GFM table of `rows` rows. */
export function markdownTable(rows: number): string {
  const lines = ['| # | name | value | note |', '|---|---|---|---|'];
  for (let i = 0; i < rows; i++) lines.push(`| ${i} | item ${i} | ${(i * 37) % 1000} | row ${i} of the big table |`);
  return `${lines.join('\n')}\n`;
}

/**
 * One finished run: the user's question, a tool call whose stored result is `toolResult` (an error), and the
 * assistant's `answer`. The session uses `model` (an OpenAI name, so the exact tokenizer counts it).
 */
export function sessionSeed(
  id: string,
  title: string,
  opts: { model: string; question: string; toolResult: string; answer: string },
): SessionSeed {
  const now = Date.now();
  const runId = `${id}-run`;
  const base = { sessionId: id };
  const msgs: ChatMessage[] = [
    { id: `${id}-u1`, createdAt: now - 5000, role: 'user', content: opts.question },
    {
      id: `${id}-a1`,
      createdAt: now - 4000,
      role: 'assistant',
      content: '',
      reasoning: '',
      refusal: null,
      status: 'complete',
      runId,
      turn: 1,
      toolCalls: [{ id: 'call_big', name: 'read_log', arguments: '{"path":"build.log"}' }],
    },
    {
      id: `${id}-t1`,
      createdAt: now - 3000,
      role: 'tool',
      toolCallId: 'call_big',
      name: 'read_log',
      content: opts.toolResult,
      isError: true,
      outcome: 'error',
      runId,
      turn: 1,
    },
    {
      id: `${id}-a2`,
      createdAt: now - 2000,
      role: 'assistant',
      content: opts.answer,
      reasoning: '',
      refusal: null,
      status: 'complete',
      toolCalls: [],
      runId,
      turn: 2,
    },
  ];
  const script = new RunScript(runId, id, now - 6000)
    .started(opts.model)
    .request(1, 0, 50, 50, { usage: usage(100, 20) })
    .at(120, { type: 'tool_started', turn: 1, callId: 'call_big', name: 'read_log', arguments: '{"path":"build.log"}' })
    .at(200, {
      type: 'tool_finished',
      turn: 1,
      callId: 'call_big',
      name: 'read_log',
      outcome: 'error',
      durationMs: 80,
      result: 'see the tool message',
      isError: true,
    })
    .request(2, 210, 50, 50, { finish: 'stop', usage: usage(300, 40) })
    .finished(400, 'complete', usage(400, 60));
  return {
    session: {
      id,
      title,
      model: opts.model,
      status: 'finished',
      createdAt: now - 6000,
      updatedAt: now - 1000,
      messageCount: msgs.length,
      toolCallCount: 1,
      usage: usage(400, 60),
      settings: {},
    },
    messages: msgs.map((m, order) => ({ ...m, ...base, order })),
    toolCalls: [
      {
        id: 'call_big',
        sessionId: id,
        runId,
        turn: 1,
        messageId: `${id}-a1`,
        name: 'read_log',
        arguments: '{"path":"build.log"}',
        validation: 'ok',
        validationErrors: [],
        result: opts.toolResult,
        isError: true,
        status: 'error',
        startedAt: now - 3500,
        finishedAt: now - 3000,
        durationMs: 80,
        logs: [],
      },
    ],
    runs: [script.record(now - 5600, 'complete')],
    events: script.build(),
  };
}

/** Writes the sessions with the page's IndexedDB (after the app created its schema) and reloads. */
export async function seedSessions(page: Page, seeds: SessionSeed[]): Promise<void> {
  await page.evaluate(async (data) => {
    const open = () =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('toolscope');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    let idb = await open();
    for (let i = 0; i < 50 && !idb.objectStoreNames.contains('events'); i++) {
      idb.close();
      await new Promise((r) => setTimeout(r, 100));
      idb = await open();
    }
    const tables = ['sessions', 'messages', 'toolCalls', 'runs', 'events'] as const;
    const tx = idb.transaction([...tables], 'readwrite');
    for (const seed of data) {
      tx.objectStore('sessions').put(seed.session);
      for (const m of seed.messages) tx.objectStore('messages').put(m);
      for (const c of seed.toolCalls) tx.objectStore('toolCalls').put(c);
      for (const r of seed.runs) tx.objectStore('runs').put(r);
      for (const e of seed.events) tx.objectStore('events').put(e);
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();
  }, seeds);
  await page.reload();
}
