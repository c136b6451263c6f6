import { useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import type { EvalCaseRecord, EvalSuiteRecord } from '../../domain/eval-case';
import { promptfooConfig } from '../../evals/promptfoo-config';
import { promptfooTarget } from '../../evals/promptfoo-providers';
import { endpointWire } from '../../store/settings/endpoint-door';
import { useSettingsStore } from '../../store/settings/settings-store';
import { downloadText } from '../shared/download';
import { ModelsField, useModelsRead } from './models-field';
import { readRepeats } from '../../evals/read-repeats';
import { REPEATS_MAX, REPEATS_MIN } from '../../domain/eval-case';

/** "Export as promptfoo config": the models (the last run's by default) become its providers, "Repeats" its `repeat`. */
export function PromptfooDialog({
  suite,
  cases,
  initialModels,
  initialRepeats,
  onClose,
}: {
  suite: EvalSuiteRecord;
  cases: EvalCaseRecord[];
  initialModels: string[];
  initialRepeats: number;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const baseURL = useSettingsStore((s) => s.baseURL);
  const [text, setText] = useState(initialModels.join('\n'));
  const [repeatsText, setRepeatsText] = useState(String(initialRepeats));
  const [problem, setProblem] = useState<string | null>(null);
  const read = useModelsRead(text);
  const repeats = readRepeats(repeatsText);
  useModal(ref);
  const save = () => {
    if (!read.ok) return setProblem(read.message);
    if (typeof repeats === 'string') return;
    const yaml = promptfooConfig(
      suite.name,
      cases,
      // Each model in its endpoint's own API: promptfoo's Anthropic or Google provider for a Claude or Gemini endpoint.
      read.targets.map((t) => promptfooTarget(t.model, t.baseURL ?? baseURL, endpointWire(t.baseURL ?? baseURL))),
      { repeats, ownBaseURL: baseURL, wireOf: (url) => endpointWire(url) },
    );
    downloadText(
      `${suite.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'suite'}.promptfooconfig.yaml`,
      yaml,
      'application/yaml',
    );
    onClose();
  };
  return (
    <dialog
      ref={ref}
      aria-label="Export as promptfoo config"
      className="io-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2>Export as promptfoo config</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
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
          The file holds no key: promptfoo reads it from the TOOLSCOPE_API_KEY environment variable (ANTHROPIC_API_KEY
          for an Anthropic Messages endpoint, GOOGLE_API_KEY for a Gemini one).
        </p>
        <div className="dialog-actions">
          <button type="submit">Download</button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
