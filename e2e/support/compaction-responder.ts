/** A mock-server responder for runs that compact: summary requests get the summary, the rest count turns. */
import type { ChatRequest, StaticStep } from '../server/mock-server';

type Msg = { role?: string; content?: unknown };

/** The context manager's summary request (same endpoint and model as the run, its own instructions). */
export function isSummaryRequest(req: { body: { messages?: Msg[] } }): boolean {
  const first = req.body.messages?.[0];
  return (
    first?.role === 'system' &&
    typeof first.content === 'string' &&
    first.content.startsWith('You compress conversations')
  );
}

/**
 * A responder for the whole test: summary requests get `summary`, every other request gets
 * `turn(n)` where n counts the non-summary requests from 1.
 */
export function responder(
  summary: string,
  turn: (n: number, req: ChatRequest) => StaticStep,
  opts: { firstSummaryStatus?: number } = {},
) {
  let n = 0;
  let summaries = 0;
  return (req: ChatRequest): StaticStep => {
    if (!isSummaryRequest(req)) return turn(++n, req);
    summaries += 1;
    // The provider refuses the first summary request (e.g. a 503 mid-run): it is retried like any chat request.
    if (summaries === 1 && opts.firstSummaryStatus !== undefined)
      return { kind: 'http_error', status: opts.firstSummaryStatus };
    return { kind: 'text', content: summary };
  };
}
