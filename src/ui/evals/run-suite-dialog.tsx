import { useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import type { EvalCaseRecord } from '../../domain/eval-case';
import { priceOf } from '../../domain/model-prices';
import { estimateSuiteCost } from '../../evals/estimate-cost';
import { useEvalsStore } from '../../store/evals/evals-store';
import { useSettingsStore } from '../../store/settings/settings-store';
import { usePriceOverrides } from '../data/use-price-overrides';
import { ModelsField, useModelsRead } from './models-field';

/** "Run suite": the models, one per line as in "Try on other models", and the estimated cost before anything is sent. */
export function RunSuiteDialog({ suiteId, cases, initialModels, onClose }: { suiteId: string; cases: EvalCaseRecord[]; initialModels: string[]; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const defaultModel = useSettingsStore((s) => s.defaults.model);
  const overrides = usePriceOverrides();
  const start = useEvalsStore((s) => s.startSuiteRun);
  const [text, setText] = useState(initialModels.length > 0 ? initialModels.join('\n') : defaultModel);
  const [problem, setProblem] = useState<string | null>(null);
  useModal(ref);
  const read = useModelsRead(text);
  const estimate = read.ok ? estimateSuiteCost(cases, read.targets.map((t) => t.model), (m) => priceOf(m, overrides)) : null;
  const run = () => {
    if (!read.ok) return setProblem(read.message);
    onClose();
    void start(suiteId, text);
  };
  return (
    <dialog ref={ref} aria-label="Run suite" className="io-dialog" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2>Run suite</h2>
      <form onSubmit={(e) => { e.preventDefault(); run(); }}>
        <ModelsField value={text} onChange={(t) => { setText(t); setProblem(null); }} problem={problem} />
        <p className="hint">{cases.length} case{cases.length === 1 ? '' : 's'} on each; tools answer only from the recorded results.</p>
        {estimate && (
          <p>
            Estimated cost: ${estimate.usd.toFixed(4)}
            {estimate.unpriced.length > 0 && ` (no price for ${estimate.unpriced.join(', ')}: not counted)`}
          </p>
        )}
        <div className="dialog-actions">
          <button type="submit">Run</button>
          <button type="button" onClick={onClose}>Cancel</button>
        </div>
      </form>
    </dialog>
  );
}
