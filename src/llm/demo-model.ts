/**
 * The demo model: a model client that runs in the page (architecture.md, "The demo model"). It implements the same
 * port as the HTTP clients, so the loop, events, storage, timeline and export treat it like any endpoint. It streams
 * its script's Markdown a few words at a time, then at most one tool call, and sends no usage, so the loop estimates
 * it (and says so). Nothing here touches the network.
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ChatModelClient, ModelRequest, StreamOptions } from '../agent/model-client';
import { makeAbortError } from './abort';
import { demoTurn, type DemoTurn } from './demo-script';

type DemoModelOptions = {
  /** Pause before each piece of text (ms): enough to watch it stream, and to press Stop halfway. */
  pieceDelayMs?: number;
  /** Words per streamed piece. */
  wordsPerPiece?: number;
};

const DEFAULTS: Required<DemoModelOptions> = { pieceDelayMs: 30, wordsPerPiece: 3 };

export function createDemoModelClient(options: DemoModelOptions = {}): ChatModelClient {
  const opts = { ...DEFAULTS, ...options };
  return {
    stream(request: ModelRequest, { signal, conversation }: StreamOptions): AsyncIterable<ChatCompletionChunk> {
      return streamTurn(demoTurn(request, conversation), request.model, signal, opts);
    },
  };
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller then throws). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The text in pieces of a few words, each keeping the spaces and line breaks that follow it. */
function pieces(text: string, wordsPerPiece: number): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece) out.push(words.slice(i, i + wordsPerPiece).join(''));
  return out;
}

async function* streamTurn(
  turn: DemoTurn,
  model: string,
  signal: AbortSignal,
  opts: Required<DemoModelOptions>,
): AsyncGenerator<ChatCompletionChunk> {
  const chunk = (
    delta: ChatCompletionChunk.Choice.Delta,
    finish: ChatCompletionChunk.Choice['finish_reason'] = null,
  ): ChatCompletionChunk => ({
    id: 'chatcmpl-demo',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  const check = () => {
    if (signal.aborted) throw makeAbortError();
  };
  check();
  yield chunk({ role: 'assistant', content: '' });
  for (const piece of pieces(turn.text, opts.wordsPerPiece)) {
    await pause(opts.pieceDelayMs, signal);
    check();
    yield chunk({ content: piece });
  }
  if (turn.call) {
    const { id, name, arguments: args } = turn.call;
    const cut = Math.floor(args.length / 2);
    await pause(opts.pieceDelayMs, signal);
    check();
    yield chunk({
      tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: args.slice(0, cut) } }],
    });
    yield chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(cut) } }] });
  }
  check();
  yield chunk({}, turn.call ? 'tool_calls' : 'stop');
}
