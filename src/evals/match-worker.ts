/** Tests "Answer matches" patterns off the page's thread, so a slow one can be ended (evals/answer-matcher.ts). */
import type { MatchReply, MatchRequest } from './answer-matcher';

// Typed by hand: the project compiles against the DOM lib (see io/import/import-worker.ts).
const scope = self as unknown as {
  postMessage(message: MatchReply): void;
  onmessage: ((event: MessageEvent<MatchRequest>) => void) | null;
};

scope.onmessage = (event: MessageEvent<MatchRequest>) => {
  const { id, pattern, answer } = event.data;
  // Sent before the RegExp runs, so the page's time limit counts the pattern's time only (evals/answer-matcher.ts).
  scope.postMessage({ id, kind: 'started' });
  try {
    scope.postMessage({ id, kind: 'done', matched: new RegExp(pattern).test(answer) });
  } catch (e) {
    scope.postMessage({ id, kind: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
