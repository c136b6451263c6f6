/*
 * The dedicated worker that hosts QuickJS (see quickjs-runner.ts for why). It holds no app state: no API key, no
 * database handle; it only ever receives the code, the arguments and the limits of one run at a time.
 */
import { createInProcessSandbox } from './in-process-sandbox';
import type { FromWorker, ToWorker } from './worker-protocol';
import type { ToolLog } from '../../agent/tool-executor';

const sandbox = createInProcessSandbox({ fetch: (input, init) => fetch(input, init) });
const running = new Map<number, AbortController>();

addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  if (msg.type === 'cancel') {
    running.get(msg.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(msg.id, controller);
  // Each kept console line goes to the page as it is printed: postMessage delivers even while the engine is busy.
  const onLog = (log: ToolLog) => {
    const line: FromWorker = { type: 'log', id: msg.id, logs: [log] };
    postMessage(line);
  };
  void sandbox
    .run(msg.req, controller.signal, onLog)
    .catch((err: unknown) => ({
      ok: false as const,
      kind: 'crashed' as const,
      message: `The sandbox failed: ${err instanceof Error ? err.message : String(err)}`,
      logs: [],
    }))
    .then((result) => {
      running.delete(msg.id);
      const reply: FromWorker = { type: 'result', id: msg.id, result };
      postMessage(reply);
    });
});
