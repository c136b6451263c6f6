import { db } from '../../db/database';
import { fromMessageRecord, loadPathRecords } from '../../db/messages-repo';
import { getSession } from '../../db/sessions-repo';
import type { AssistantMessage } from '../../domain/messages';
import type { ComparisonAnswer, ModelComparison } from '../../domain/model-comparison';
import { requestView } from '../../domain/request-view';
import { keyOptional } from '../../llm/known-providers';
import { parseModelTargets, type ModelTarget } from '../../llm/model-targets';
import { wireSettingsOf } from '../../llm/api-format';
import { assembleSystemPrompt } from '../../context/system-prompt';
import { runModelClient } from '../run/lazy-model-client';
import { sessionConfig } from '../run/run-controller';
import { defaultRunDeps } from '../default-run-deps';
import { apiKeyStore, useSettingsStore } from '../settings/settings-store';
import { recordedStep } from './rerun-actions';
import { classifyStorageError, storageErrorInfo } from '../../db/storage-errors';
import { internalError } from '../../agent/errors';
import { useRunStore } from '../run/run-store';
import { useComparisonRuns } from './comparison-runs';

export type CompareStart = { ok: true; done: Promise<void> } | { ok: false; problems: string[] };

/** Which base URLs the person has an endpoint for: a saved key, or a local server that needs none. */
async function savedEndpoints(text: string, own: string): Promise<Set<string>> {
  const first = parseModelTargets(text, { ownBaseURL: own, isSavedEndpoint: () => true });
  const urls = first.ok ? first.targets.flatMap((t) => (t.baseURL ? [t.baseURL] : []) ) : [];
  const saved = new Set<string>();
  for (const url of urls) if (keyOptional(url) || (await apiKeyStore.keyFor(url)) !== null) saved.add(url);
  return saved;
}

/**
 * "Try on other models" (architecture.md, "Try on other models"): the step's request as recorded (its history and
 * system prompt as sent) goes to every model at once with only `model` changed; the answers are stored with the
 * session when all are in.
 */
export async function tryOnOtherModels(sessionId: string, message: AssistantMessage, text: string): Promise<CompareStart> {
  const session = await getSession(db, sessionId);
  if (!session) return { ok: false, problems: ['This session is no longer stored.'] };
  const own = session.endpoint?.baseURL ?? useSettingsStore.getState().baseURL;
  const saved = await savedEndpoints(text, own);
  const parsed = parseModelTargets(text, { ownBaseURL: own, isSavedEndpoint: (u) => saved.has(u) });
  if (!parsed.ok) return { ok: false, problems: parsed.errors.map((e) => e.message) };
  if (useComparisonRuns.getState().live[message.id]) return { ok: false, problems: ['This step is being compared already; stop it first.'] };

  // The dialog closes now: the groups show at once and the request is prepared behind them (tools load, keys read).
  const abort = new AbortController();
  useComparisonRuns.getState().startComparison(message.id, parsed.targets.map((t) => t.model), abort);
  const prepare = async () => {
    const path = await loadPathRecords(db, sessionId);
    const index = path.findIndex((m) => m.id === message.id);
    const history = path.slice(0, Math.max(0, index)).map(fromMessageRecord);
    const step = await recordedStep(message.runId, message.id);
    const prompt = step.sentLayers ? assembleSystemPrompt(step.sentLayers) : session.settings.systemPrompt?.trim();
    // The record keeps no tool definitions: the request offers the session's tools as a run would now (its own ones
    // and `remember`), prepared without recall so no memory request is made.
    const deps = defaultRunDeps();
    const toolsOn = session.settings.toolsEnabled !== false;
    const memoryOn = session.settings.memoryEnabled !== false;
    const baseTools = toolsOn ? await deps.createToolExecutor({ sessionId }) : { list: () => [], get: () => undefined };
    const ownKey = (await apiKeyStore.keyFor(own)) ?? '';
    const prepared = deps.prepareContext
      ? await deps.prepareContext({
          session, apiKey: ownKey, baseURL: own, history, tools: baseTools, model: runModelClient({ apiKey: ownKey, baseURL: own }), signal: abort.signal, recall: false, rememberTool: toolsOn && memoryOn,
        })
      : null;
    // The step's own tools when recorded (architecture.md, "Offered tool sets"); else today's, as a run would offer them.
    const specs = step.offeredTools
      ? step.offeredTools.filter((t) => t.source.kind !== 'provider').map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }))
      : (prepared?.tools ?? baseTools).list().map((t) => t.spec);
    const [{ buildRequest, toWireMessages, toWireTools }, { fanOut }] = await Promise.all([import('../../agent/to-wire'), import('../../agent/fan-out')]);
    const view = requestView(history);
    const config = sessionConfig(session);
    const request = buildRequest(config, toWireMessages(view, prompt), toWireTools(specs));
    const conversation = { messages: view, tools: specs, ...(prompt !== undefined ? { systemPrompt: prompt } : {}) };
    const clientFor = async (t: ModelTarget) => {
      const url = t.baseURL ?? own;
      return runModelClient({ apiKey: (await apiKeyStore.keyFor(url)) ?? '', baseURL: url, wire: wireSettingsOf(session.settings, url) });
    };
    const targets = await Promise.all(parsed.targets.map(async (t) => ({ model: t.model, ...(t.baseURL ? { baseURL: t.baseURL } : {}), client: await clientFor(t) })));
    return { fanOut, request, conversation, targets, config };
  };
  // Texts reach the screen once per frame at most, however many models stream at once.
  const texts = parsed.targets.map(() => '');
  let scheduled = false;
  const onText = (i: number, t: string) => {
    texts[i] = t;
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      useComparisonRuns.getState().setComparisonTexts(message.id, texts.slice());
    });
  };
  const done = (async () => {
    try {
      const { fanOut, request, conversation, targets, config } = await prepare();
      if (abort.signal.aborted) return;
      const answers: ComparisonAnswer[] = await fanOut({ request, conversation, targets, signal: abort.signal, timeouts: config, onText });
      const comparison: ModelComparison = { id: crypto.randomUUID(), messageId: message.id, runId: message.runId, createdAt: Date.now(), answers };
      await db.transaction('rw', db.sessions, async () => {
        const s = await db.sessions.get(sessionId);
        if (s) await db.sessions.update(sessionId, { comparisons: [...(s.comparisons ?? []), comparison] });
      });
    } catch (err) {
      // Stop while preparing ends it quietly. Preparing the request or storing the answers failed: said in the
      // chat, nothing half-stored.
      if (abort.signal.aborted) return;
      const storage = classifyStorageError(err);
      useRunStore.getState().pushSideError({
        sessionId,
        error: storage !== 'other' ? storageErrorInfo(storage, err) : internalError('start', 'Trying the step on other models failed', err),
      });
    } finally {
      useComparisonRuns.getState().endComparison(message.id);
    }
  })();
  return { ok: true, done };
}
