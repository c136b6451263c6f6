import { db } from '../../db/database';
import { readRecordedStep, readStepRequest } from '../../db/recorded-step';
import { offeredFunctions, stepSend } from '../../context/step-send';
import { mcpToolsOf, toolSwitchesOf, toolsOfferedToday, type TodayTools } from '../../context/tools-offered-today';
import { listTools } from '../../db/tools-repo';
import { TRACE_NOT_RECORDED } from '../../domain/sent-step';
import { getSession } from '../../db/sessions-repo';
import type { AssistantMessage } from '../../domain/messages';
import {
  pendingAnswer,
  startedComparison,
  unansweredAnswer,
  type ComparisonAnswer,
  type ComparisonTarget,
} from '../../domain/model-comparison';
import type { SessionRecord, SessionSettings } from '../../domain/session';
import type { RecordedStep } from '../../domain/sent-step';
import type { Conversation } from '../../agent/model-client';
import type { WireSink } from '../../domain/wire-exchange';
import { addComparison, getComparison, putComparisonAnswer } from '../../db/comparisons-repo';
import { requestView } from '../../domain/request-view';
import { parseModelTargets } from '../../llm/model-targets';
import { endpointWire, hasEndpoint, openEndpoint } from '../settings/endpoint-door';
import { sessionConfig } from '../run/run-controller';
import { defaultRunDeps } from '../default-run-deps';
import { useSettingsStore } from '../settings/settings-store';
import { classifyStorageError, storageErrorInfo } from '../../db/storage-errors';
import { internalError } from '../../agent/errors';
import { useRunStore } from '../run/run-store';
import { comparingStep, useComparisonRuns } from './try-on-models-runs';

type TryOnModelsStart = { ok: true; done: Promise<void> } | { ok: false; problems: string[] };

/** Which base URLs the person has an endpoint for: a saved key, or a local server that needs none. */
async function savedEndpoints(text: string, own: string): Promise<Set<string>> {
  const first = parseModelTargets(text, { ownBaseURL: own, isSavedEndpoint: () => true });
  const urls = first.ok ? first.targets.flatMap((t) => (t.baseURL ? [t.baseURL] : [])) : [];
  const saved = new Set<string>();
  for (const url of urls) if (await hasEndpoint(url)) saved.add(url);
  return saved;
}

/**
 * What Try on other models sends for a step (architecture.md, "Try on other models"): the history before it and what
 * the step sends again (`stepSend`, as Re-run and Save as test case); today's tools (`toolsOfferedToday`) only when
 * its own were not recorded.
 */
export function comparisonConversation(
  step: RecordedStep,
  settings: SessionSettings,
  todayTools: () => TodayTools,
): Conversation {
  const sent = stepSend(step, settings, () => toolsOfferedToday(settings, todayTools()));
  return {
    messages: requestView(step.history),
    tools: offeredFunctions(sent.tools),
    ...(sent.systemPrompt !== undefined ? { systemPrompt: sent.systemPrompt } : {}),
  };
}

/** The step's request as recorded (architecture.md, "Try on other models"), and a client for each target. */
async function prepare(
  session: SessionRecord,
  message: AssistantMessage,
  own: string,
  targets: readonly ComparisonTarget[],
) {
  const sessionId = session.id;
  const step = await readRecordedStep(db, sessionId, message.id);
  // The step's own tools when recorded (architecture.md, "Offered tool sets"); else today's, as a run would offer them
  // (`toolsOfferedToday`), the MCP servers' from the tools a run would load.
  const today: TodayTools =
    step.offeredTools || !toolSwitchesOf(session.settings).tools
      ? { definitions: [] }
      : {
          definitions: await listTools(db),
          mcp: mcpToolsOf((await defaultRunDeps().createToolExecutor({ sessionId })).list()),
        };
  const conversation = comparisonConversation(step, session.settings, () => today);
  const [{ buildRequest, toWireMessages, toWireTools }, { fanOut }] = await Promise.all([
    import('../../agent/to-wire'),
    import('../../agent/fan-out'),
  ]);
  const config = sessionConfig(session);
  const request = buildRequest(
    config,
    toWireMessages(conversation.messages, conversation.systemPrompt),
    toWireTools(conversation.tools),
  );
  const clientFor = async (t: ComparisonTarget) => {
    const url = t.baseURL ?? own;
    return (await openEndpoint({ baseURL: url, wire: endpointWire(url, session) })).client;
  };
  const clients = await Promise.all(
    targets.map(async (t) => ({
      model: t.model,
      ...(t.baseURL ? { baseURL: t.baseURL } : {}),
      client: await clientFor(t),
    })),
  );
  return { fanOut, request, conversation, targets: clients, config };
}

/** A failure said in the chat: storage in its own words, anything else as the comparison failing. */
function reportFailure(sessionId: string, err: unknown): void {
  const storage = classifyStorageError(err);
  useRunStore.getState().pushSideError({
    sessionId,
    error:
      storage !== 'other'
        ? storageErrorInfo(storage, err)
        : internalError('start', 'Trying the step on other models failed', err),
  });
}

type Slot = { index: number; target: ComparisonTarget };

/**
 * Asks the models of `slots` of a stored comparison, each answer stored as it comes in. Stop, or a failure before
 * the requests go out, settles every slot still waiting, so nothing stays pending but what a reload cut off.
 */
function askModels(
  sessionId: string,
  message: AssistantMessage,
  comparisonId: string,
  slots: readonly Slot[],
  ready?: () => Promise<void>,
): Promise<void> {
  const abort = new AbortController();
  useComparisonRuns.getState().startComparison(
    comparisonId,
    message.id,
    slots.map((s) => s.index),
    abort,
  );
  const answered = new Set<number>();
  // Each answer's request and response, kept as a run's are (docs/wire-capture.md), named for its slot.
  const record = defaultRunDeps().recordExchange;
  const capture =
    (i: number): WireSink =>
    (captured) =>
      record?.({
        id: crypto.randomUUID(),
        sessionId,
        owner: { kind: 'comparison', comparisonId, index: slots[i]!.index },
        ...captured,
      });
  const writes: Promise<void>[] = [];
  const store = (i: number, answer: ComparisonAnswer) => {
    answered.add(i);
    writes.push(putComparisonAnswer(db, sessionId, comparisonId, slots[i]!.index, answer));
  };
  // Texts reach the screen once per frame at most, however many models stream at once.
  const texts: Record<number, string> = {};
  let scheduled = false;
  const onText = (i: number, t: string) => {
    texts[slots[i]!.index] = t;
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      useComparisonRuns.getState().setComparisonTexts(comparisonId, { ...texts });
    });
  };
  return (async () => {
    try {
      await ready?.();
      const session = await getSession(db, sessionId);
      if (!session) return;
      const own = session.endpoint?.baseURL ?? useSettingsStore.getState().baseURL;
      const { fanOut, request, conversation, targets, config } = await prepare(
        session,
        message,
        own,
        slots.map((s) => s.target),
      );
      if (abort.signal.aborted) throw new DOMException('Stopped', 'AbortError');
      await fanOut({
        request,
        conversation,
        targets,
        signal: abort.signal,
        timeouts: config,
        onText,
        onAnswer: store,
        capture,
      });
    } catch (err) {
      // Stop while preparing ends it quietly; a failure there is said in the chat. Either way no slot stays pending.
      const stopped = abort.signal.aborted;
      if (!stopped) reportFailure(sessionId, err);
      slots.forEach((s, i) => {
        if (!answered.has(i))
          store(
            i,
            stopped
              ? unansweredAnswer(s.target, 'cancelled', 'Stopped before the request was sent.')
              : unansweredAnswer(s.target, 'failed', 'The request could not be prepared; see the message in the chat.'),
          );
      });
    } finally {
      const results = await Promise.allSettled(writes);
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) reportFailure(sessionId, failed.reason);
      useComparisonRuns.getState().endComparison(comparisonId);
    }
  })();
}

/**
 * "Try on other models" (architecture.md, "Try on other models"): the step's request as recorded (its history and
 * system prompt as sent) goes to every model at once with only `model` changed. The comparison is stored as it
 * starts (every answer pending) and each answer as it comes in, so a reload keeps those already in.
 */
export async function tryOnOtherModels(
  sessionId: string,
  message: AssistantMessage,
  text: string,
): Promise<TryOnModelsStart> {
  const session = await getSession(db, sessionId);
  if (!session) return { ok: false, problems: ['This session is no longer stored.'] };
  const own = session.endpoint?.baseURL ?? useSettingsStore.getState().baseURL;
  const saved = await savedEndpoints(text, own);
  const parsed = parseModelTargets(text, { ownBaseURL: own, isSavedEndpoint: (u) => saved.has(u) });
  if (!parsed.ok) return { ok: false, problems: parsed.errors.map((e) => e.message) };
  // A trace that recorded no request content has nothing to send (architecture.md, "Trace inbox").
  if ((await readStepRequest(db, message.runId, message.id)).traceUnrecorded)
    return { ok: false, problems: [TRACE_NOT_RECORDED] };
  if (comparingStep(useComparisonRuns.getState().live, message.id))
    return { ok: false, problems: ['This step is being compared already; stop it first.'] };
  const comparison = startedComparison({
    id: crypto.randomUUID(),
    messageId: message.id,
    runId: message.runId,
    createdAt: Date.now(),
    targets: parsed.targets.map(({ line: _l, ...t }) => t),
  });
  try {
    if (!(await addComparison(db, sessionId, comparison)))
      return { ok: false, problems: ['This session is no longer stored.'] };
  } catch (err) {
    const storage = classifyStorageError(err);
    return {
      ok: false,
      problems: [
        storage !== 'other'
          ? storageErrorInfo(storage, err).message
          : 'The comparison could not be stored; nothing was sent. Try again.',
      ],
    };
  }
  // The dialog closes now: the groups show at once and the request is prepared behind them (tools load, keys read).
  return {
    ok: true,
    done: askModels(
      sessionId,
      message,
      comparison.id,
      comparison.answers.map((target, index) => ({ index, target })),
    ),
  };
}

/** "Run again": asks one slot's model again (one cut off by a reload, stopped, or failed). */
export async function runAnswerAgain(
  sessionId: string,
  message: AssistantMessage,
  comparisonId: string,
  index: number,
): Promise<void> {
  if (useComparisonRuns.getState().live[comparisonId]) return;
  const answer = (await getComparison(db, sessionId, comparisonId))?.answers[index];
  if (!answer) return;
  const target: ComparisonTarget = {
    model: answer.model,
    ...(answer.baseURL !== undefined ? { baseURL: answer.baseURL } : {}),
  };
  // Pending again in storage (a reload now cuts it off again), while this page shows it streaming.
  await askModels(sessionId, message, comparisonId, [{ index, target }], () =>
    putComparisonAnswer(db, sessionId, comparisonId, index, pendingAnswer(target)),
  );
}
