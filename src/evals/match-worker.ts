/** Tests "Answer matches" patterns off the page's thread, so a slow one can be ended (evals/answer-matcher.ts). */
import type { MatchReply, MatchRequest } from './answer-matcher';

// Typed by hand: the project compiles against the DOM lib (see io/import-worker.ts).
const scope = self as unknown as { postMessage(message: MatchReply): void; onmessage: ((event: MessageEvent<MatchRequest>) => void) | null };

scope.onmessage = (event: MessageEvent<MatchRequest>) => {
  const { id, pattern, answer } = event.data;
  try {
    scope.postMessage({ id, ok: true, matched: new RegExp(pattern).test(answer) });
  } catch (e) {
    scope.postMessage({ id, ok: false, message: e instanceof Error ? e.message : String(e) });
  }
};
