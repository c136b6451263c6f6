import type { SessionRecord } from '../../domain/session';
import { useEndpointQuestion } from '../../store/settings/endpoint-question';
import { setSessionEndpoint } from '../../store/session/session-actions';
import { useSettingsStore } from '../../store/settings/settings-store';
import { useUiStore } from '../../store/ui-store';
import { primaryClass, usePrimaryClaim } from '../shared/primary-action';

/**
 * Settings point at another endpoint than the one this session used: continuing would send its model name to a
 * provider that may not know it. The person picks; nothing typed is lost (the composer keeps it) and no key moves.
 */
export function EndpointQuestion({ session }: { session: SessionRecord }) {
  const asked = useEndpointQuestion((s) => s.sessionId === session.id);
  const current = useSettingsStore((s) => s.baseURL);
  const used = session.endpoint?.baseURL;
  const primary = usePrimaryClaim(asked && !!used);
  if (!asked || !used) return null;
  const close = () => useEndpointQuestion.getState().close();
  const moveHere = async () => {
    await setSessionEndpoint(session.id, { baseURL: current });
    close();
  };
  const switchBack = async () => {
    await useSettingsStore.getState().setBaseURL(used);
    close();
    useUiStore
      .getState()
      .openSettings(
        `Settings point at ${used} again, the endpoint this session used. Check the API key and model for it, save, then send again.`,
      );
  };
  return (
    <div className="alert" role="alert" data-error-kind="endpoint_changed">
      <strong>This session used another endpoint</strong>
      <span>
        It ran on {used} with the model “{session.model}”; Settings now point at {current}. Choose where to continue,
        then send again (your message is still in the box).
      </span>
      <div className="alert-actions">
        <button type="button" className={primaryClass(primary)} onClick={() => void moveHere()}>
          Continue on {current}
        </button>
        <button type="button" onClick={() => void switchBack()}>
          Switch back to {used}
        </button>
      </div>
    </div>
  );
}
