/**
 * The context ledger of a 2,000-message request (architecture.md, "Context ledger"): what the page's main thread does
 * for it, against a baseline measured in the same run, the context meter's whole-request count of the same request
 * (`estimatePromptTokens`, which the chat's footer already runs on the main thread on every stored message).
 *
 * The page (ui/data/context/use-context-ledger.ts) draws the ledger at once from estimates, sends the texts to the token
 * worker, and sums and draws it again once they are counted. The timed path is all of the main thread's part: the
 * ledger from estimates and the table's render, sending the texts (collecting them, leaving out those known, and the
 * structured clone postMessage makes of them; `structuredClone` here, which also reads the copy back, so it
 * overstates), then the ledger with the counts known and the table's render again (React DOM into jsdom). The
 * tokenizing itself is the worker's, timed apart (here in process) and reported as off the main thread.
 * Target: under 50 ms per round, all of it; the process exits non-zero when the median misses it.
 */
import { createRequire } from 'node:module';
import { createElement } from 'react';
import {
  contextLedger,
  contextLedgerTexts,
  type ContextLedger,
  type LedgerRequest,
} from '../src/context/context-ledger';
import type { TokenCount } from '../src/context/tokens/token-count';
import { createTokenCounter, inProcessTransport, type CountTransport } from '../src/context/tokens/token-counter';
import { estimatePromptTokens } from '../src/context/tokens/token-estimate';
import type { ChatMessage } from '../src/domain/messages';
import type { OfferedTool } from '../src/domain/offered-tools';
import { requestView } from '../src/domain/request-view';
import { recordFigures } from './results-file';
import { spread } from './stats';

const MESSAGES = 2_000;
const ROUNDS = 31;
const TARGET_MS = 50;

/** Prose-like text (words and numbers, so the tokenizer does real work), different per message. */
function text(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++)
    out.push(
      i % 7 === 0
        ? String((seed * 31 + i) % 9973)
        : ['context', 'ledger', 'tool', 'result', 'weather', 'in', 'the', 'model'][(seed + i) % 8]!,
    );
  return out.join(' ');
}

/** A long agent session: a user turn, then assistant calls and tool results, repeated up to 2,000 messages. */
function history(): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let i = 0; messages.length < MESSAGES; i++) {
    const runId = `r${Math.floor(i / 10)}`;
    if (i % 10 === 0) messages.push({ id: `u${i}`, createdAt: 0, role: 'user', content: text(i, 40) });
    messages.push({
      id: `a${i}`,
      createdAt: 0,
      role: 'assistant',
      content: text(i + 1, 30),
      reasoning: '',
      refusal: null,
      status: 'complete',
      runId,
      turn: (i % 10) + 1,
      toolCalls: [{ id: `c${i}`, name: `srv${i % 3}__search`, arguments: JSON.stringify({ q: text(i + 2, 6) }) }],
    });
    messages.push({
      id: `t${i}`,
      createdAt: 0,
      role: 'tool',
      toolCallId: `c${i}`,
      name: `srv${i % 3}__search`,
      content: text(i + 3, 120),
      isError: false,
      outcome: 'ok',
      runId,
      turn: (i % 10) + 1,
    });
  }
  return messages.slice(0, MESSAGES);
}

/** Three MCP servers of 20 tools each and the built-ins. */
function tools(): OfferedTool[] {
  const out: OfferedTool[] = [];
  for (let s = 0; s < 3; s++) {
    for (let t = 0; t < 20; t++) {
      out.push({
        name: `srv${s}__tool${t}`,
        description: text(s * 100 + t, 25),
        parameters: { type: 'object', properties: { q: { type: 'string', description: text(t, 8) } }, required: ['q'] },
        source: { kind: 'mcp', serverId: `s${s}`, serverName: `server ${s}` },
      });
    }
  }
  out.push({
    name: 'current_time',
    description: 'The time now',
    parameters: { type: 'object', properties: {} },
    source: { kind: 'builtin' },
  });
  return out;
}

/** React DOM on a jsdom document, loaded once the globals it reads are set. */
async function tableRenderer() {
  // jsdom ships no types (Vitest loads it for the UI tests' environment): the little used here, typed by hand.
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
    JSDOM: new (html: string) => { window: Window & typeof globalThis };
  };
  const dom = new JSDOM('<!doctype html><div id="root"></div>');
  Object.assign(globalThis, {
    window: dom.window,
    document: dom.window.document,
    navigator: dom.window.navigator,
    HTMLElement: dom.window.HTMLElement,
  });
  const [{ createRoot }, { flushSync }, { LedgerTable }] = await Promise.all([
    import('react-dom/client'),
    import('react-dom'),
    import('../src/ui/timeline/ledger-table-view'),
  ]);
  const container = dom.window.document.getElementById('root')!;
  return () => {
    const root = createRoot(container);
    return {
      draw: (ledger: ContextLedger) => {
        flushSync(() => root.render(createElement(LedgerTable, { ledger: { ...ledger, encoding: 'o200k_base' } })));
        // What was drawn: one body row per ledger row, or the timing is of nothing.
        if (container.querySelectorAll('tbody tr').length !== ledger.rows.length)
          throw new Error('the table did not draw every row');
      },
      remove: () => root.unmount(),
    };
  };
}

/** A transport as the page's worker one is on the main thread: the message's structured clone; the counts come from the worker's run. */
function postingTransport(counts: ReadonlyMap<string, TokenCount>): CountTransport {
  return (encoding, texts) => {
    structuredClone({ type: 'count', id: 1, encoding, texts });
    return Promise.resolve(texts.map((t) => counts.get(t) ?? { tokens: 0, exact: false }));
  };
}

async function main(): Promise<void> {
  const path = history();
  const offered = tools();
  const system = text(7, 300);
  const request = (): LedgerRequest => ({ systemPrompt: system, messages: requestView(path), tools: offered });
  const counter = createTokenCounter('o200k_base', inProcessTransport());

  // The worker's part, done once as the page does it (in the page it runs in the token worker, not here).
  const t0 = performance.now();
  await counter.prepare(contextLedgerTexts(request()), 600_000);
  const workerMs = performance.now() - t0;
  if (!contextLedger(request(), counter).exact) throw new Error('the tokenizer did not count every text');

  const specs = offered.map(({ name, description, parameters }) => ({ name, description, parameters }));
  const texts = [...new Set(contextLedgerTexts(request()))];
  const counts = new Map(texts.map((t) => [t, counter.count(t)]));
  const newTable = await tableRenderer();

  type Parts = Record<'estimatedMs' | 'drawMs' | 'sendMs' | 'countedMs' | 'redrawMs', number>;
  /** One showing of the ledger as the page does it, each main-thread part timed; the worker's wait is not. */
  async function showLedger(): Promise<Parts> {
    const fresh = createTokenCounter('o200k_base', postingTransport(counts));
    const table = newTable();
    const timed = <T>(fn: () => T): [T, number] => {
      const t = performance.now();
      const result = fn();
      return [result, performance.now() - t];
    };
    const [estimated, estimatedMs] = timed(() => contextLedger(request(), fresh));
    const [, drawMs] = timed(() => table.draw(estimated));
    const [counted, sendMs] = timed(() => fresh.prepare(contextLedgerTexts(request()), 600_000));
    await counted;
    const [ledger, countedMs] = timed(() => contextLedger(request(), fresh));
    const [, redrawMs] = timed(() => table.draw(ledger));
    if (!ledger.exact) throw new Error('the counts sent back were not used');
    table.remove();
    return { estimatedMs, drawMs, sendMs, countedMs, redrawMs };
  }

  // Warm-up, then the baseline and the ledger interleaved per round so load on the machine hits both alike.
  for (let i = 0; i < 5; i++) {
    await showLedger();
    estimatePromptTokens({ system, messages: requestView(path), tools: specs }, counter);
  }
  const meter: number[] = [];
  const shown: Parts[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    estimatePromptTokens({ system, messages: requestView(path), tools: specs }, counter);
    meter.push(performance.now() - t);
    shown.push(await showLedger());
  }
  const meterMs = spread(meter).median;
  const mid = (key: keyof Parts) => spread(shown.map((p) => p[key])).median;
  const totalMs = spread(shown.map((p) => p.estimatedMs + p.drawMs + p.sendMs + p.countedMs + p.redrawMs)).median;
  const ledger = contextLedger(request(), counter);
  const ratio = totalMs / meterMs;
  const met = totalMs < TARGET_MS;
  const out = process.stdout;
  out.write(
    `context ledger of a ${MESSAGES.toLocaleString('en-US')}-message request (${ledger.total.toLocaleString('en-US')} ` +
      `tokens, ${ledger.rows.length} rows), ${texts.length.toLocaleString('en-US')} texts:\n`,
  );
  out.write(
    `  main thread, all of it (median of ${ROUNDS} rounds): ${totalMs.toFixed(2)} ms (target < ${TARGET_MS} ms): ${met ? 'met' : 'NOT met'}\n`,
  );
  out.write(
    `    medians: the ledger from estimates ${mid('estimatedMs').toFixed(2)} ms, the table's render ` +
      `${mid('drawMs').toFixed(2)} ms, sending the texts to the worker ${mid('sendMs').toFixed(2)} ` +
      `ms, the ledger with the counts ${mid('countedMs').toFixed(2)} ms, the table again ${mid('redrawMs').toFixed(2)} ms\n`,
  );
  out.write(
    `  baseline, the context meter's count of the same request: ${meterMs.toFixed(2)} ms; ledger/meter ${ratio.toFixed(2)}x\n`,
  );
  out.write(
    `  tokenizing its texts (o200k_base; in the page, the token worker's work, off the main thread): ${workerMs.toFixed(0)} ms\n`,
  );
  recordFigures('contextLedger', {
    date: new Date().toISOString(),
    messages: MESSAGES,
    tokens: ledger.total,
    texts: texts.length,
    totalMs,
    estimatedMs: mid('estimatedMs'),
    drawMs: mid('drawMs'),
    sendMs: mid('sendMs'),
    countedMs: mid('countedMs'),
    redrawMs: mid('redrawMs'),
    meterMs,
    ratio,
    workerMs,
    targetMs: TARGET_MS,
    met,
  });
  if (!met) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
