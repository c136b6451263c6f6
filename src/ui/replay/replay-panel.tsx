import { isReplaySpeed, REPLAY_SPEEDS, type ReplaySpeed } from '../../domain/replay-speed';
import {
  exitReplay,
  pauseReplay,
  playReplay,
  restartReplay,
  seekReplay,
  setReplaySpeed,
  stepReplay,
  useReplayStore,
} from '../../store/replay/replay-store';
import { replayTimeText } from '../../timeline/detail-rows';
import './replay.css';

const SPEED_WORDS: Record<ReplaySpeed, string> = { x1: '1×', x4: '4×', instant: 'Instant' };

/**
 * The "Replay" region (architecture.md, "Replay"): on screen in the Chat and the Timeline while a run is replayed.
 * Loaded on first use.
 */
export default function ReplayPanel() {
  const active = useReplayStore((s) => s.active);
  const problem = useReplayStore((s) => s.problem);
  if (!active)
    return problem ? (
      <p role="alert" className="replay-problem">
        {problem}
      </p>
    ) : null;
  const { position, total, playing, speed, cursorT, orderOnly } = active;
  return (
    <section className="replay-panel" role="region" aria-label="Replay">
      <strong className="replay-title">Replay</strong>
      {playing ? (
        <button type="button" onClick={pauseReplay}>
          Pause
        </button>
      ) : (
        <button type="button" className="primary" onClick={playReplay}>
          Play
        </button>
      )}
      <button type="button" disabled={position <= 0} onClick={() => stepReplay(-1)}>
        Step back
      </button>
      <button type="button" disabled={position >= total} onClick={() => stepReplay(1)}>
        Step forward
      </button>
      <button type="button" onClick={restartReplay}>
        Restart
      </button>
      <label className="replay-speed">
        Speed
        <select value={speed} onChange={(e) => isReplaySpeed(e.target.value) && setReplaySpeed(e.target.value)}>
          {REPLAY_SPEEDS.map((s) => (
            <option key={s} value={s}>
              {SPEED_WORDS[s]}
            </option>
          ))}
        </select>
      </label>
      <input
        type="range"
        aria-label="Replay position"
        min={0}
        max={total}
        step={1}
        value={position}
        // Stated as well as implied by the input: tests outside the repo read them as attributes.
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={position}
        aria-valuetext={`${position} of ${total} events`}
        onChange={(e) => seekReplay(Number(e.target.value))}
      />
      <span className="hint" aria-hidden="true">
        {position} / {total}
      </span>
      <span className="hint">{replayTimeText(orderOnly, cursorT)}</span>
      <button type="button" onClick={exitReplay}>
        Exit replay
      </button>
    </section>
  );
}
