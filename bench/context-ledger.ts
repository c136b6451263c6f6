/**
 * The context ledger of a 2,000-message request (architecture.md, "Context ledger"): what the page's main thread does
 * for it, against a baseline measured in the same run, the context meter's whole-request count of the same request
 * (`estimatePromptTokens`, which the chat's footer already runs on the main thread on every stored message).
 *
 * The page has the model's tokenizer count the texts in its worker first; the main thread then builds the request
 * view and sums counts it looks up. So the timed path is `requestView` + `contextLedger` with the counts known; the
 * worker's tokenizing is timed apart (here in process) and reported as off the main thread. Target: under 50 ms.
 */
import { contextLedger, contextLedgerTexts, type LedgerRequest } from '../src/context/context-ledger';
import { createTokenCounter, inProcessTransport } from '../src/context/tokens/token-counter';
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
  for (let i = 0; i < words; i++) out.push(i % 7 === 0 ? String((seed * 31 + i) % 9973) : ['context', 'ledger', 'tool', 'result', 'weather', 'in', 'the', 'model'][(seed + i) % 8]!);
  return out.join(' ');
}

/** A long agent session: a user turn, then assistant calls and tool results, repeated up to 2,000 messages. */
function history(): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let i = 0; messages.length < MESSAGES; i++) {
    const runId = `r${Math.floor(i / 10)}`;
    if (i % 10 === 0) messages.push({ id: `u${i}`, createdAt: 0, role: 'user', content: text(i, 40) });
    messages.push({
      id: `a${i}`, createdAt: 0, role: 'assistant', content: text(i + 1, 30), reasoning: '', refusal: null, status: 'complete', runId, turn: i % 10 + 1,
      toolCalls: [{ id: `c${i}`, name: `srv${i % 3}__search`, arguments: JSON.stringify({ q: text(i + 2, 6) }) }],
    });
    messages.push({ id: `t${i}`, createdAt: 0, role: 'tool', toolCallId: `c${i}`, name: `srv${i % 3}__search`, content: text(i + 3, 120), isError: false, outcome: 'ok', runId, turn: i % 10 + 1 });
  }
  return messages.slice(0, MESSAGES);
}

/** Three MCP servers of 20 tools each and the built-ins. */
function tools(): OfferedTool[] {
  const out: OfferedTool[] = [];
  for (let s = 0; s < 3; s++) {
    for (let t = 0; t < 20; t++) {
      out.push({ name: `srv${s}__tool${t}`, description: text(s * 100 + t, 25), parameters: { type: 'object', properties: { q: { type: 'string', description: text(t, 8) } }, required: ['q'] }, source: { kind: 'mcp', serverId: `s${s}`, serverName: `server ${s}` } });
    }
  }
  out.push({ name: 'current_time', description: 'The time now', parameters: { type: 'object', properties: {} }, source: { kind: 'builtin' } });
  return out;
}

function median(fn: () => void): number {
  const ms: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return spread(ms).median;
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
  // Warm-up, then the baseline and the ledger interleaved per round so load on the machine hits both alike.
  for (let i = 0; i < 5; i++) {
    contextLedger(request(), counter);
    estimatePromptTokens({ system, messages: requestView(path), tools: specs }, counter);
  }
  const meterMs = median(() => estimatePromptTokens({ system, messages: requestView(path), tools: specs }, counter));
  const ledgerMs = median(() => contextLedger(request(), counter));
  const ledger = contextLedger(request(), counter);
  const ratio = ledgerMs / meterMs;
  const out = process.stdout;
  out.write(`context ledger of a ${MESSAGES.toLocaleString('en-US')}-message request (${ledger.total.toLocaleString('en-US')} tokens, ${ledger.rows.length} rows):\n`);
  out.write(`  main thread (request view + ledger, counts known): median ${ledgerMs.toFixed(2)} ms over ${ROUNDS} rounds (target < ${TARGET_MS} ms): ${ledgerMs < TARGET_MS ? 'met' : 'NOT met'}\n`);
  out.write(`  baseline, the context meter's count of the same request: ${meterMs.toFixed(2)} ms; ledger/meter ${ratio.toFixed(2)}x\n`);
  out.write(`  tokenizing its texts (o200k_base; in the page, the token worker's work, off the main thread): ${workerMs.toFixed(0)} ms\n`);
  recordFigures('contextLedger', { date: new Date().toISOString(), messages: MESSAGES, tokens: ledger.total, ledgerMs, meterMs, ratio, workerMs, targetMs: TARGET_MS });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
