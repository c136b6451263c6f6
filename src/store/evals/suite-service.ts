import { db } from '../../db/database';
import { listSuiteCases, putEvalRun } from '../../db/evals-repo';
import { appendMessage } from '../../db/messages-repo';
import { createPersister } from '../../db/persister';
import { readPriceOverrides } from '../../db/prices-repo';
import { createSession } from '../../db/sessions-repo';
import { runAgent } from '../../agent/loop';
import type { ChatMessage } from '../../domain/messages';
import { priceOf } from '../../domain/model-prices';
import { argsValidatorOn } from '../../evals/args-validator';
import { pageMatcher } from '../../evals/page-matcher';
import { runSuite, type CellSession, type SuiteTarget } from '../../evals/run-suite';
import { modelTargetLabel, parseModelTargets } from '../../llm/model-targets';
import { defaultSchemaValidator } from '../../tools/validation/default-validator';
import { openEndpoint } from '../settings/endpoint-door';
import { useSettingsStore } from '../settings/settings-store';

/** Reads the Models text the way "Try on other models" does: the page's endpoint, or "<model> @ <base URL>". */
export function readModels(text: string) {
  return parseModelTargets(text, { ownBaseURL: useSettingsStore.getState().baseURL, isSavedEndpoint: () => true });
}

/**
 * Runs a stored suite on the models typed (architecture.md, "Test cases and suites"). Each cell is recorded in a
 * session of its own ("<case> on <model>"), so it opens on the timeline; each model's key is its endpoint's own.
 */
export async function runStoredSuite(suiteId: string, modelsText: string, signal: AbortSignal, onRunId: (runId: string) => void): Promise<{ ok: true } | { ok: false; message: string }> {
  const parsed = readModels(modelsText);
  if (!parsed.ok) return { ok: false, message: parsed.errors.map((e) => e.message).join(' ') };
  const ownBaseURL = useSettingsStore.getState().baseURL;
  const [cases, overrides] = await Promise.all([listSuiteCases(db, suiteId), readPriceOverrides(db)]);
  if (cases.length === 0) return { ok: false, message: 'This suite has no cases yet. Save a model step as a test case first.' };
  const targets: (SuiteTarget & { baseURL: string })[] = await Promise.all(
    parsed.targets.map(async (t) => {
      const { baseURL, client } = await openEndpoint(t.baseURL ?? ownBaseURL);
      return { label: modelTargetLabel(t), model: t.model, baseURL, client };
    }),
  );
  const validator = argsValidatorOn(defaultSchemaValidator());
  const openCellSession = async (c: (typeof cases)[number], t: SuiteTarget, runId: string): Promise<CellSession> => {
    const baseURL = targets.find((x) => x.label === t.label)?.baseURL ?? ownBaseURL;
    // Marked as the run's: out of the Sessions list unless "Show test runs" is on, and out of "All sessions" exports.
    const session = await createSession(db, { title: `${c.name} on ${t.label}`, model: t.model, endpoint: { baseURL }, settings: {}, evalRun: { suiteId, runId } });
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
      { runAgent, validate: validator, matchAnswer: matcher.match, priceOf: (model) => priceOf(model, overrides), newId: () => crypto.randomUUID(), now: () => Date.now(), openCellSession, saveRun: (run) => putEvalRun(db, run) },
      signal,
      (run) => {
        if (!announced) {
          announced = true;
          onRunId(run.id);
        }
      },
    );
  } finally {
    matcher.dispose();
  }
  return { ok: true };
}
