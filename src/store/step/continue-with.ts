import { db } from '../../db/database';
import { getSession } from '../../db/sessions-repo';
import type { AssistantMessage } from '../../domain/messages';
import type { ComparisonAnswer } from '../../domain/model-comparison';
import { sameBaseURL } from '../../domain/session';
import { loadedRunController } from '../app-controller';
import { useSettingsStore } from '../settings/settings-store';
import { rerun, type BranchOutcome } from '../session/branch-actions';
import { useComparisonRuns } from './try-on-models-runs';
import { stepRequestOf, stepRerunOptions } from './rerun-actions';
import { setSessionEndpoint, updateSessionSettings } from '../session/session-actions';

/** What "Continue with" changed, in words for the person (shown under the adopted message). */
function continuedNote(model: string, baseURL: string, endpointChanged: boolean, toolCalls: number): string {
  const where = endpointChanged ? ` at ${baseURL} (Settings now point there)` : '';
  const next =
    toolCalls > 0
      ? ' Its tool calls run now, and the session goes on with that model.'
      : ' Your next message goes to that model.';
  return `This session now uses ${model}${where}. Its answer from the comparison is this step's reply: no new request was sent for it.${next}`;
}

/**
 * "Continue with <model>" (architecture.md, "Try on other models"): the stored answer becomes the reply of a new
 * branch of the step, sent for by no request, and the session switches to that answer's model and endpoint (Settings
 * follow, so its own key is used). A run starts with it as its first turn: its tool calls, if any, run and the run
 * goes on live. If the run does not start, the session and Settings are put back as they were.
 */
export async function continueWith(
  sessionId: string,
  message: AssistantMessage,
  answer: ComparisonAnswer,
): Promise<BranchOutcome> {
  if (answer.outcome !== 'done') return 'failed';
  if (loadedRunController()?.isRunning(sessionId)) return 'busy';
  const session = await getSession(db, sessionId);
  if (!session) return 'not_found';
  const settings = useSettingsStore.getState();
  const before = { model: session.model, endpoint: session.endpoint, baseURL: settings.baseURL };
  const own = session.endpoint?.baseURL ?? settings.baseURL;
  const target = answer.baseURL ?? own;
  const endpointChanged = !sameBaseURL(target, own);
  if (!sameBaseURL(settings.baseURL, target)) await settings.setBaseURL(target);
  await setSessionEndpoint(sessionId, { baseURL: target });
  await updateSessionSettings(sessionId, { model: answer.model, settings: session.settings });

  const step = await stepRequestOf(message.runId, message.id);
  const messageId = crypto.randomUUID();
  const outcome = await rerun(sessionId, message.id, undefined, {
    model: answer.model,
    ...stepRerunOptions(step),
    adopted: {
      messageId,
      turn: {
        text: answer.text,
        reasoning: '',
        refusal: null,
        toolCalls: answer.toolCalls,
        finishReason: answer.finishReason,
        usage: answer.usage,
      },
    },
  });
  if (outcome === 'started') {
    useComparisonRuns
      .getState()
      .noteContinued(messageId, continuedNote(answer.model, target, endpointChanged, answer.toolCalls.length));
    return outcome;
  }
  if (!sameBaseURL(useSettingsStore.getState().baseURL, before.baseURL))
    await useSettingsStore.getState().setBaseURL(before.baseURL);
  if (before.endpoint) await setSessionEndpoint(sessionId, before.endpoint);
  await updateSessionSettings(sessionId, { model: before.model, settings: session.settings });
  return outcome;
}
