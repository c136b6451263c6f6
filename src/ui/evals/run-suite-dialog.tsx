import { useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import { REPEATS_MAX, REPEATS_MIN, type EvalCaseRecord } from '../../domain/eval-case';
import { priceOf } from '../../domain/model-prices';
import { estimateSuiteCost } from '../../evals/estimate-cost';
import { readRepeats } from '../../evals/read-repeats';
import { useEvalsStore } from '../../store/evals/evals-store';
import { useSettingsStore } from '../../store/settings/settings-store';
import { usePriceOverrides } from '../data/settings/use-price-overrides';
import { ModelsField, useModelsRead } from './models-field';

/**
 * "Run suite": the models, one per line as in "Try on other models", the runs of each case x model ("Repeats", the
 * last run's by default), and the estimated cost before anything is sent.
 */
export function RunSuiteDialog({
  suiteId,
  cases,
  initialModels,
  initialRepeats,
  onClose,
}: {
  suiteId: string;
  cases: EvalCaseRecord[];
  initialModels: string[];
  initialRepeats: number;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const defaultModel = useSettingsStore((s) => s.defaults.model);
  const overrides = usePriceOverrides();
  const start = useEvalsStore((s) => s.startSuiteRun);
  const [text, setText] = useState(initialModels.length > 0 ? initialModels.join('\n') : defaultModel);
  const [repeatsText, setRepeatsText] = useState(String(initialRepeats));
  const [problem, setProblem] = useState<string | null>(null);
  useModal(ref);
  const read = useModelsRead(text);
  const repeats = readRepeats(repeatsText);
  const times = typeof repeats === 'number' ? repeats : 1;
  const estimate = read.ok
    ? estimateSuiteCost(
        cases,
        read.targets.map((t) => t.model),
        (m) => priceOf(m, overrides),
      )
    : null;
  const run = () => {
    if (!read.ok) return setProblem(read.message);
    if (typeof repeats === 'string') return;
    onClose();
    void start(suiteId, text, repeats);
  };
  return (
    <dialog
      ref={ref}
      aria-label="Run suite"
      className="io-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2>Run suite</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <ModelsField
          value={text}
          onChange={(t) => {
            setText(t);
            setProblem(null);
          }}
          problem={problem}
        />
        <label>
          Repeats{' '}
          <input
            type="number"
            min={REPEATS_MIN}
            max={REPEATS_MAX}
            step={1}
            value={repeatsText}
            aria-invalid={typeof repeats === 'string'}
            onChange={(e) => setRepeatsText(e.target.value)}
          />
        </label>
        {typeof repeats === 'string' && <p role="alert">{repeats}</p>}
        <p className="hint">
          {cases.length} case{cases.length === 1 ? '' : 's'} on each
          {times > 1 ? `, ${times} times each (independent runs of the same request)` : ''}; tools answer only from the
          recorded results.
        </p>
        {estimate && (
          <p>
            Estimated cost: ${(estimate.usd * times).toFixed(4)}
            {estimate.unpriced.length > 0 && ` (no price for ${estimate.unpriced.join(', ')}: not counted)`}
          </p>
        )}
        <div className="dialog-actions">
          <button type="submit">Run</button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
