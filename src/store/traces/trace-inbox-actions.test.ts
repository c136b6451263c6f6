import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TraceClient } from '../../traces/trace-client';
import type { TraceQuery, TraceQueryResult, TraceRow, TraceWindow } from '../../traces/trace-query';

type Pending<T> = { resolve: (v: T) => void };

/** The trace worker as the page sees it: every answer waits until the test gives it, in the order the test picks. */
const queries: { q: TraceQuery; answer: Pending<TraceQueryResult> }[] = [];
const windows: { version: number; start: number; end: number; answer: Pending<TraceWindow> }[] = [];
const client: TraceClient = {
  check: async () => ({ ok: false, message: 'not in this test' }),
  open: async () => ({ ok: false, message: 'not in this test' }),
  query: (_s, q) => new Promise((resolve) => queries.push({ q, answer: { resolve } })),
  window: (_s, version, start, end) =>
    new Promise((resolve) => windows.push({ version, start, end, answer: { resolve } })),
};

vi.mock('../../db/database', () => ({ db: {} }));
vi.mock('../../traces/trace-client', () => ({ createTraceClient: () => client }));

const { setQuery, showRange, showSource } = await import('./trace-inbox-actions');
const { useTraceInboxStore } = await import('./trace-inbox-store');
const state = () => useTraceInboxStore.getState();

const row = (name: string): TraceRow => ({
  sourceId: 's',
  traceId: name,
  name,
  start: 0,
  end: 1,
  spanCount: 1,
  models: [],
  toolCalls: 0,
  errors: 0,
  usage: [],
});
/** The rows of answer `version` from `start` to `end`, of `matched`, named by version and place. */
const rowsOf = (version: number, start: number, end: number, matched: number) =>
  Array.from({ length: Math.max(0, Math.min(end, matched) - start) }, (_, k) => row(`v${version}:${start + k}`));
const lastQuery = () => queries.at(-1)!;
const lastWindow = () => windows.at(-1)!;
function answerWindow(w: (typeof windows)[number], matched: number) {
  w.answer.resolve({ version: w.version, start: w.start, rows: rowsOf(w.version, w.start, w.end, matched) });
}
/** Lets every answer already given reach the store. */
const settle = () => new Promise((r) => setTimeout(r, 0));

// Each test starts from the view as the page opens it, so none leans on what an earlier one left.
beforeEach(() => {
  useTraceInboxStore.setState(useTraceInboxStore.getInitialState(), true);
  queries.length = 0;
  windows.length = 0;
});

describe('the Traces table asks the worker only for the rows it draws', () => {
  it('fetches the rows shown and about 100 on each side, never the whole answer, and nothing when they are at hand', async () => {
    showRange(0, 30);
    showSource('windows');
    await vi.waitFor(() => expect(queries).toHaveLength(1));
    lastQuery().answer.resolve({ version: 1, matched: 10_000, total: 10_000 });
    await vi.waitFor(() => expect(windows).toHaveLength(1));
    expect(windows.map(({ version, start, end }) => ({ version, start, end }))).toEqual([
      { version: 1, start: 0, end: 130 },
    ]);
    answerWindow(lastWindow(), 10_000);
    await vi.waitFor(() => expect(state().window.rows).toHaveLength(130));
    expect(state()).toMatchObject({ matched: 10_000, total: 10_000, version: 1 });

    // Scrolled to the middle: the rows there, and a margin either side.
    showRange(5_000, 5_030);
    expect(windows).toHaveLength(2);
    expect(lastWindow()).toMatchObject({ version: 1, start: 4_900, end: 5_130 });
    answerWindow(lastWindow(), 10_000);
    await vi.waitFor(() => expect(state().window.start).toBe(4_900));
    expect(state().window.rows).toHaveLength(230);
    expect(state().window.rows[100]!.name).toBe('v1:5000');
    // A little further, within what is at hand: nothing asked.
    showRange(5_050, 5_080);
    await settle();
    expect(windows).toHaveLength(2);
    // The end of the list: the window stops at the last row.
    showRange(9_980, 10_000);
    answerWindow(lastWindow(), 10_000);
    await vi.waitFor(() => expect(state().window.start).toBe(9_880));
    expect(state().window.rows).toHaveLength(120);
  });
});

describe('a newer search wins', () => {
  it('does not show a search answer that arrives after a newer search was answered', async () => {
    showRange(0, 30);
    showSource('stale-query');
    await vi.waitFor(() => expect(queries.at(-1)!.q.text).toBe(''));
    lastQuery().answer.resolve({ version: 20, matched: 50, total: 50 });
    await vi.waitFor(() => expect(lastWindow().version).toBe(20));
    answerWindow(lastWindow(), 50);
    await vi.waitFor(() => expect(state().window.rows).toHaveLength(50));

    setQuery({ text: 'paris' });
    const older = lastQuery();
    setQuery({ text: 'paris lyon' });
    const newer = lastQuery();
    expect([older.q.text, newer.q.text]).toEqual(['paris', 'paris lyon']);
    newer.answer.resolve({ version: 22, matched: 1, total: 50 });
    await vi.waitFor(() => expect(lastWindow().version).toBe(22));
    answerWindow(lastWindow(), 1);
    await vi.waitFor(() => expect(state().window.rows.map((r) => r.name)).toEqual(['v22:0']));

    // The older search's answer comes last: the count, the version and the rows stay the newer one's.
    const asked = windows.length;
    older.answer.resolve({ version: 21, matched: 9, total: 50 });
    await settle();
    await settle();
    expect(state()).toMatchObject({ matched: 1, version: 22 });
    expect(state().window.rows.map((r) => r.name)).toEqual(['v22:0']);
    expect(windows.slice(asked).filter((w) => w.version === 21)).toEqual([]);
  });

  it('does not show the rows of an older answer that arrive after the newer answer’s rows', async () => {
    useTraceInboxStore.setState({ query: { text: 'paris lyon', errorsOnly: false } });
    showRange(0, 30);
    showSource('stale-window');
    await vi.waitFor(() => expect(queries.at(-1)!.q.text).toBe('paris lyon'));
    lastQuery().answer.resolve({ version: 31, matched: 40, total: 40 });
    await vi.waitFor(() => expect(lastWindow().version).toBe(31));
    const olderRows = lastWindow();
    setQuery({ errorsOnly: true });
    lastQuery().answer.resolve({ version: 32, matched: 3, total: 40 });
    await vi.waitFor(() => expect(lastWindow().version).toBe(32));
    answerWindow(lastWindow(), 3);
    await vi.waitFor(() => expect(state().window.rows).toHaveLength(3));
    answerWindow(olderRows, 40);
    await settle();
    await settle();
    expect(state()).toMatchObject({ matched: 3, version: 32 });
    expect(state().window.rows.map((r) => r.name)).toEqual(['v32:0', 'v32:1', 'v32:2']);
  });
});
