import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from '../../../db/database';
import { createSession } from '../../../db/sessions-repo';
import { freshDB } from '../../../db/testing/fresh-db';
import { putWireExchange } from '../../../db/wire-exchanges-repo';
import type { EventOf } from '../../../domain/run-events';
import type { CapturedExchange, WireExchange } from '../../../domain/wire-exchange';
import { harness } from '../../../agent/testing/harness';
import { httpError, scriptedModel, textReply, type ScriptedModel } from '../../../agent/testing/scripted-model';
import { readStepExchanges } from './use-wire-exchanges';

let db: ToolscopeDB;
afterEach(() => db?.close());

/** What a capturing fetch would hand over for one request answered with `status`. */
function captured(status: number, startedAt: number): CapturedExchange {
  return {
    startedAt,
    request: {
      method: 'POST',
      url: 'http://h/v1/chat/completions',
      headers: [],
      body: { encoding: 'utf8', data: '{}' },
    },
    response: { status, headers: [], headersAtMs: 1, reads: [{ atMs: 2, text: status === 200 ? 'ok' : 'busy' }] },
  };
}

/** The scripted model, capturing each request as the real clients do: one exchange per request, through its sink. */
function capturing(model: ScriptedModel, statuses: number[]): ScriptedModel {
  let n = 0;
  return {
    ...model,
    stream(request, options) {
      const status = statuses[n] ?? 200;
      options.capture?.(captured(status, 1_000 + n++));
      return model.stream(request, options);
    },
  };
}

/** One run whose first attempt fails with a retryable 503 and whose second succeeds, its exchanges stored. */
async function retriedRun(): Promise<{ finalId: string; firstId: string; exchanges: WireExchange[] }> {
  const exchanges: WireExchange[] = [];
  const model = capturing(scriptedModel([httpError(503, 'busy right now'), textReply(['Fine.'])]), [503, 200]);
  const h = harness(model, { onExchange: (e) => exchanges.push(e) });
  await h.run();
  const starts = h.events.filter((e): e is EventOf<'request_started'> => e.type === 'request_started');
  expect(starts.map((s) => s.attempt)).toEqual([1, 2]);
  for (const e of exchanges) await putWireExchange(db, e);
  return { firstId: starts[0]?.messageId ?? '', finalId: starts[1]?.messageId ?? '', exchanges };
}

const model = (id: string, sessionId: string, owner: Partial<{ runId: string; turn: number }>, at: number) =>
  ({
    id,
    sessionId,
    owner: { kind: 'model', runId: 'run-1', messageId: `m-${id}`, attempt: 1, ...owner },
    ...captured(200, at),
  }) as WireExchange;

describe('the dialog data of a model step', () => {
  it("holds every attempt of a retried turn, in order, from the final reply's message", async () => {
    ({ db } = freshDB());
    const { finalId, firstId, exchanges } = await retriedRun();
    expect(firstId).not.toBe(finalId);
    const read = await readStepExchanges(db, 'session-1', finalId);
    expect(read.own.map((e) => [e.owner.kind === 'model' && e.owner.attempt, e.response?.status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    expect(read.own.map((e) => e.id)).toEqual(exchanges.map((e) => e.id));
    expect(read.others).toEqual([]);
  });

  it("leaves the run's other turns and other runs to compare with, and offers other sessions' requests", async () => {
    ({ db } = freshDB());
    const { finalId } = await retriedRun();
    await putWireExchange(db, model('next-turn', 'session-1', { turn: 2 }, 2_000));
    await putWireExchange(db, model('re-run', 'session-1', { runId: 'run-2', turn: 1 }, 3_000));
    await createSession(db, { id: 'session-2', title: 'Another', model: 'm', now: 5 });
    await putWireExchange(db, model('elsewhere', 'session-2', { runId: 'run-9', turn: 1 }, 4_000));
    const read = await readStepExchanges(db, 'session-1', finalId);
    expect(read.own).toHaveLength(2);
    expect(read.others.map((e) => e.id)).toEqual(['next-turn', 're-run']);
    expect(read.elsewhere.map((s) => [s.title, s.requests.map((e) => e.id)])).toEqual([['Another', ['elsewhere']]]);
  });

  it('an exchange stored before turns were recorded shows alone', async () => {
    ({ db } = freshDB());
    const old = model('old', 'session-1', {}, 1);
    await putWireExchange(db, old);
    await putWireExchange(db, model('later', 'session-1', {}, 2));
    const read = await readStepExchanges(db, 'session-1', 'm-old');
    expect(read.own).toEqual([old]);
    expect(read.others.map((e) => e.id)).toEqual(['later']);
  });
});
