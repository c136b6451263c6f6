import type { StopReason } from '../../agent/events';

type Props = { stopReason: StopReason; maxTurns: number; maxToolCalls: number; onContinue: () => void };

export function LimitAlert({ stopReason, maxTurns, maxToolCalls, onContinue }: Props) {
  const text =
    stopReason === 'max_turns'
      ? `The run stopped after ${maxTurns} turns (the limit for this session).`
      : `The model asked for more than ${maxToolCalls} tool calls in one turn (the limit for this session).`;
  return (
    <div className="alert" role="alert" data-error-kind={stopReason}>
      <strong>Limit reached</strong>
      <span>{text} The history is intact; you can let it run more turns, or change the limits in Settings.</span>
      <div className="alert-actions">
        <button type="button" className="primary" onClick={onContinue}>Continue</button>
      </div>
    </div>
  );
}
