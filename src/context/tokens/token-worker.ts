/**
 * Exact token counting, off the page's main thread: the tokenizer is large to load and, on long text, slow to run.
 * Requests are answered in order, one at a time.
 */
import { answerCount, cachedLoader, type CountReply, type CountRequest } from './token-protocol';

// Typed by hand: the project compiles against the DOM lib, and pulling in the webworker lib would change globals everywhere.
const scope = self as unknown as {
  postMessage(message: CountReply): void;
  onmessage: ((event: MessageEvent<CountRequest>) => void) | null;
};

const load = cachedLoader();
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const request = event.data;
  queue = queue.then(async () => scope.postMessage(await answerCount(load, request)));
};
