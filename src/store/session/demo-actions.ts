import { DEMO_BASE_URL, DEMO_MODEL } from '../../llm/known-providers';
import { sendMessage, type SendOutcome } from './chat-actions';
import { useSettingsStore } from '../settings/settings-store';

/** What "Try the demo" says for the person, so the demo's first answer (what it can do) streams in at once. */
const DEMO_OPENING = 'Hello! What can you do?';

/**
 * "Try the demo": Settings switch to the demo model (its preset and model, as if picked there), and a first message
 * starts a session with it. The demo's script loads with that first request (architecture.md, "The demo model").
 */
export async function tryDemo(): Promise<SendOutcome> {
  const settings = useSettingsStore.getState();
  await settings.setBaseURL(DEMO_BASE_URL);
  await settings.setDefaults({ ...useSettingsStore.getState().defaults, model: DEMO_MODEL });
  return sendMessage(DEMO_OPENING, { focusComposer: true });
}
