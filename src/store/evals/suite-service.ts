import { db } from '../../db/database';
import { listSuiteCases, putEvalRun, setSuiteRepeats } from '../../db/evals-repo';
import { appendMessage } from '../../db/messages-repo';
import { createPersister } from '../../db/persister';
import { readPriceOverrides } from '../../db/prices-repo';
import { createSession } from '../../db/sessions-repo';
import { runAgent } from '../../agent/loop';
import type { JudgeCall, JudgeCheck } from '../../domain/eval-case';
import type { ChatMessage } from '../../domain/messages';
import type { ApiFormat } from '../../domain/session';
import { priceOf, type ModelPrice } from '../../domain/model-prices';
import { argsValidatorOn } from '../../evals/args-validator';
import { askJudge, type JudgeTarget } from '../../evals/judge';
import { createJudgeSend } from '../../evals/judge-send';
import { createStreamedJudgeSend } from '../../evals/judge-stream-send';
import { pageMatcher } from '../../evals/page-matcher';
import { runSuite, type CellSession, type SuiteTarget } from '../../evals/run-suite';
import { modelTargetLabel, parseModelTargets } from '../../llm/model-targets';
import { defaultSchemaValidator } from '../../tools/validation/default-validator';
import { endpointWire, openEndpoint } from '../settings/endpoint-door';
import { useSettingsStore } from '../settings/settings-store';

/** Reads the Models text the way "Try on other models" does: the page's endpoint, or "<model> @ <base URL>". */
function readModels(text: string) {
  return parseModelTargets(text, { ownBaseURL: useSettingsStore.getState().baseURL, isSavedEndpoint: () => true });
}

/**
 * The judges of a suite run: "<model>" asks the page's own endpoint, "<model> @ <base URL>" that saved endpoint, each
 * with its own key (architecture.md, "Keys belong to endpoints"); one client per judge for the whole run.
 */
function suiteJudges(priceFor: (model: string) => ModelPrice | null) {
  const targets = new Map<string, Promise<JudgeTarget | string>>();
  const targetOf = (judgeModel: string): Promise<JudgeTarget | string> => {
    let found = targets.get(judgeModel);
    if (!found) {
      const read = readModels(judgeModel);
      const t = read.ok ? read.targets[0] : undefined;
      const baseURL = t?.baseURL ?? useSettingsStore.getState().baseURL;
      found = t
        ? openEndpoint({ baseURL, wire: endpointWire(baseURL) }).then(({ client, complete }) => ({
            model: t.model,
            // A judge on a Claude or Gemini endpoint is asked in that API (no logprobs there: read from its words).
            send:
              client.wire === 'anthropic' || client.wire === 'gemini'
                ? createStreamedJudgeSend(client)
                : createJudgeSend(complete),
          }))
        : Promise.resolve(read.ok ? 'no model is named' : read.errors.map((e) => e.message).join(' '));
      targets.set(judgeModel, found);
    }
    return found;
  };
  return async (check: JudgeCheck, answer: string, signal: AbortSignal): Promise<JudgeCall> => {
    const target = await targetOf(check.judgeModel);
    if (typeof target === 'string')
      return {
        model: check.judgeModel,
        verdict: 'failed',
        probability: null,
        words: `The judge (${check.judgeModel}) failed: ${target}`,
        inputTokens: null,
        outputTokens: null,
        costUsd: 0,
      };
    return askJudge(check, answer, target, priceFor(target.model), signal);
  };
}

/**
 * Runs a stored suite on the models typed, each case x model `repeats` times (architecture.md, "Test cases and
 * suites"). Each run is recorded in a session of its own ("<case> on <model>"), so it opens on the timeline; each
 * model's key is its endpoint's own. The suite keeps `repeats` for its next run.
 */
export async function runStoredSuite(
  suiteId: string,
  modelsText: string,
  repeats: number,
  signal: AbortSignal,
  onRunId: (runId: string) => void,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const parsed = readModels(modelsText);
  if (!parsed.ok) return { ok: false, message: parsed.errors.map((e) => e.message).join(' ') };
  const ownBaseURL = useSettingsStore.getState().baseURL;
  const [cases, overrides] = await Promise.all([listSuiteCases(db, suiteId), readPriceOverrides(db)]);
  if (cases.length === 0)
    return { ok: false, message: 'This suite has no cases yet. Save a model step as a test case first.' };
  await setSuiteRepeats(db, suiteId, repeats);
  const targets: (SuiteTarget & { baseURL: string; apiFormat: ApiFormat })[] = await Promise.all(
    parsed.targets.map(async (t) => {
      // Each model in its endpoint's own API (a Claude or Gemini endpoint in Anthropic Messages or Gemini).
      const wire = endpointWire(t.baseURL ?? ownBaseURL);
      const { baseURL, client } = await openEndpoint({ baseURL: t.baseURL ?? ownBaseURL, wire });
      return { label: modelTargetLabel(t), model: t.model, baseURL, client, apiFormat: wire.format };
    }),
  );
  const validator = argsValidatorOn(defaultSchemaValidator());
  const openCellSession = async (c: (typeof cases)[number], t: SuiteTarget, runId: string): Promise<CellSession> => {
    const target = targets.find((x) => x.label === t.label);
    const baseURL = target?.baseURL ?? ownBaseURL;
    // Marked as the run's: out of the Sessions list unless "Show test runs" is on, and out of "All sessions" exports.
    const session = await createSession(db, {
      title: `${c.name} on ${t.label}`,
      model: t.model,
      endpoint: { baseURL },
      // Opened on the timeline and re-run, the cell's steps go out in the API they were asked in.
      settings: target ? { apiFormat: target.apiFormat } : {},
      evalRun: { suiteId, runId },
    });
    // The frozen messages under ids of this session's own: message ids are unique across sessions.
    const history: ChatMessage[] = [];
    for (const m of c.request.messages) {
      const copy = { ...m, id: crypto.randomUUID() } as ChatMessage;
      await appendMessage(db, session.id, copy);
      history.push(copy);
    }
    const persister = createPersister(db, session.id);
    return { sessionId: session.id, history, emit: persister, close: () => persister.close() };
  };
  let announced = false;
  const matcher = pageMatcher();
  try {
    await runSuite(
      suiteId,
      parsed.targets.map((t) => modelTargetLabel(t)),
      cases,
      targets,
      {
        runAgent,
        validate: validator,
        matchAnswer: matcher.match,
        judge: suiteJudges((model) => priceOf(model, overrides)),
        priceOf: (model) => priceOf(model, overrides),
        newId: () => crypto.randomUUID(),
        now: () => Date.now(),
        openCellSession,
        saveRun: (run) => putEvalRun(db, run),
      },
      signal,
      (run) => {
        if (!announced) {
          announced = true;
          onRunId(run.id);
        }
      },
      repeats,
    );
  } finally {
    matcher.dispose();
  }
  return { ok: true };
}
