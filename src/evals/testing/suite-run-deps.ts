/** Test-only: what runSuite needs, in memory: the real loop, the in-process validator, no prices, a fixed clock. */
import { runAgent } from '../../agent/loop';
import type { EvalRunRecord } from '../../domain/eval-case';
import { createInProcessValidator } from '../../tools/validation/in-process-validator';
import { argsValidatorOn } from '../args-validator';
import type { SuiteRunDeps } from '../run-suite';

/** Each cell gets a session that starts from the case's frozen messages; finished runs are pushed to `saved`. */
export function suiteRunDeps(over: Partial<SuiteRunDeps> = {}, saved: EvalRunRecord[] = []): SuiteRunDeps {
  let n = 0;
  return {
    runAgent,
    validate: argsValidatorOn(createInProcessValidator()),
    priceOf: () => null,
    newId: () => `id-${n++}`,
    now: () => 1000,
    openCellSession: async (c) => ({
      sessionId: `session-${n++}`,
      history: c.request.messages.map((m) => ({ ...m })),
      emit: () => undefined,
      close: async () => undefined,
    }),
    saveRun: async (run) => void saved.push(run),
    ...over,
  };
}
