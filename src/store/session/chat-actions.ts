import type { MessageImage } from '../../domain/messages';
import { endpointReady } from '../../llm/known-providers';
import { loadedRunController, loadRunController } from '../app-controller';
import { insertIntoMessage } from './composer-insert';
import { useEndpointQuestion } from '../settings/endpoint-question';
import { newSession, sessionStored } from './session-actions';
import { useSettingsStore } from '../settings/settings-store';
import { useUiStore } from '../ui-store';
import { useRunStore } from '../run/run-store';

import type { StartRequest } from '../run/run-controller';

const RUN_CODE_MISSING =
  'The code that runs a message could not be loaded (the page may have gone offline or been updated). ' +
  'Reload the page, then send again: your message is kept in the session.';

export type SendOutcome = 'started' | 'needs_settings' | 'needs_endpoint' | 'busy' | 'locked' | 'no_session' | 'failed';

/**
 * Why a Continue (or Retry) click started nothing, for the outcomes no other part of the page shows (Settings, the
 * endpoint question and the side alerts show the rest): the button stays where it was, so without a sentence the
 * click would look lost.
 */
export function refusalSentence(outcome: SendOutcome): string | null {
  switch (outcome) {
    case 'busy':
      return 'A run is already going in this session; Continue is offered again if it stops at a limit.';
    case 'locked':
      return 'Another tab is running this session, so this tab cannot run it on now. This tab follows that run: Continue once it has ended.';
    case 'no_session':
      return 'This session is no longer stored (it may have been deleted in another tab), so it cannot run on.';
    default:
      return null;
  }
}

/** Why a Send started nothing, for the outcomes nothing else on the page explains; the text stays in the box. */
export function sendRefusalSentence(outcome: SendOutcome): string | null {
  switch (outcome) {
    case 'busy':
      return 'Not sent: a run is already going in this session. Your message is kept in the box; send it once the run ends.';
    case 'locked':
      return 'Not sent: another tab is running this session. Your message is kept in the box; send it once that run ends.';
    case 'no_session':
      return 'Not sent: this session is no longer stored (it may have been deleted in another tab).';
    default:
      return null;
  }
}

/**
 * Sends a message in the current session (creating one on first use) and starts the run. `focusComposer`: the
 * session created for it shows with the cursor in its Message box.
 */
export async function sendMessage(
  text: string,
  opts: { focusComposer?: boolean; images?: MessageImage[] } = {},
): Promise<SendOutcome> {
  const ui = useUiStore.getState();
  const settings = useSettingsStore.getState();
  if (!endpointReady(settings.baseURL, settings.hasKey)) {
    ui.openSettings('Add your API key (and check the base URL and model) to start chatting.');
    return 'needs_settings';
  }
  const created = ui.currentSessionId === null;
  const sessionId = ui.currentSessionId ?? newSession(opts).id;
  if (!(await sessionStored(sessionId))) {
    // The box the first message was typed in went away when the chat switched to the session made for it, so the
    // text goes into that session's box: the alert says it stays there, and Send tries the row again.
    if (created && useUiStore.getState().currentSessionId === sessionId) insertIntoMessage(text);
    return 'failed';
  }
  return startRun({ kind: 'message', sessionId, text, ...(opts.images ? { images: opts.images } : {}) });
}

/** Runs more turns on the history as it is (after a limit or a failed request). */
export function continueRun(sessionId: string): Promise<SendOutcome> {
  return startRun({ kind: 'message', sessionId });
}

/** Starts a run on the session's active path (store/run/run-controller.ts, `StartRequest`); `onEnd` once it is over. */
export async function startRun(request: StartRequest, onEnd?: () => void): Promise<SendOutcome> {
  const { sessionId } = request;
  const controller = await loadRunController().catch(() => null);
  if (!controller) {
    useRunStore
      .getState()
      .pushSideError({ sessionId, error: { fault: 'system', kind: 'network', message: RUN_CODE_MISSING } });
    return 'failed';
  }
  const r = await controller.start(request);
  if (r.ok) {
    if (useEndpointQuestion.getState().sessionId === sessionId) useEndpointQuestion.getState().close();
    if (onEnd) void r.done.finally(onEnd);
    return 'started';
  }
  switch (r.reason) {
    case 'no_key':
      useUiStore.getState().openSettings('Add your API key to start chatting.');
      return 'needs_settings';
    case 'no_model':
      useUiStore.getState().openSettings('Choose a model for this session.');
      return 'needs_settings';
    case 'endpoint_changed':
      useEndpointQuestion.getState().ask(sessionId);
      return 'needs_endpoint';
    case 'busy':
      return 'busy';
    case 'locked':
      return 'locked';
    case 'no_session':
      return 'no_session';
    case 'unsaved':
      // The controller has said why, as a side alert.
      return 'failed';
  }
}

export function stopRun(sessionId: string): boolean {
  // No controller yet: no run has started in this page, so there is nothing to stop.
  return loadedRunController()?.stop(sessionId) ?? false;
}
