import type { StopReason } from '../../domain/stop-reason';
import { useUiStore } from '../../store/ui-store';
import { primaryClass, usePrimaryClaim } from '../shared/primary-action';

type Props = { stopReason: StopReason; maxTurns: number; maxToolCalls: number; onContinue: () => void };

function limitText(stopReason: StopReason, maxTurns: number, maxToolCalls: number): string {
  return stopReason === 'max_turns'
    ? `The run stopped after ${maxTurns} ${maxTurns === 1 ? 'turn' : 'turns'} (the limit for this session).`
    : `The model asked for more than ${maxToolCalls} tool ${maxToolCalls === 1 ? 'call' : 'calls'} in one turn (the limit for this session).`;
}

export function LimitAlert({ stopReason, maxTurns, maxToolCalls, onContinue }: Props) {
  const primary = usePrimaryClaim();
  const openSettings = useUiStore((s) => s.openSettings);
  return (
    <div className="alert" role="alert" data-error-kind={stopReason}>
      <strong>Limit reached</strong>
      <span>
        {limitText(stopReason, maxTurns, maxToolCalls)} The history is intact; you can let it run more turns, or change
        the limits in Settings.
      </span>
      <div className="alert-actions">
        <button type="button" className={primaryClass(primary)} onClick={onContinue}>
          Continue
        </button>
        {/* The limits live in Settings ("Model and limits for" this session); the text sends people there. */}
        <button type="button" onClick={() => openSettings()}>
          Open settings
        </button>
      </div>
    </div>
  );
}
