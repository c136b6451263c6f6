import { useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import type { EvalCaseRecord, EvalSuiteRecord } from '../../domain/eval-case';
import { promptfooConfig } from '../../evals/promptfoo-config';
import { useSettingsStore } from '../../store/settings/settings-store';
import { downloadText } from '../shared/download';
import { ModelsField, useModelsRead } from './models-field';

/** "Export as promptfoo config": the models (the last run's by default) become its providers. */
export function PromptfooDialog({ suite, cases, initialModels, onClose }: { suite: EvalSuiteRecord; cases: EvalCaseRecord[]; initialModels: string[]; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const baseURL = useSettingsStore((s) => s.baseURL);
  const [text, setText] = useState(initialModels.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const read = useModelsRead(text);
  useModal(ref);
  const save = () => {
    if (!read.ok) return setProblem(read.message);
    const yaml = promptfooConfig(suite.name, cases, read.targets.map((t) => ({ model: t.model, baseURL: t.baseURL ?? baseURL })));
    downloadText(`${suite.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'suite'}.promptfooconfig.yaml`, yaml, 'application/yaml');
    onClose();
  };
  return (
    <dialog ref={ref} aria-label="Export as promptfoo config" className="io-dialog" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2>Export as promptfoo config</h2>
      <form onSubmit={(e) => { e.preventDefault(); save(); }}>
        <ModelsField value={text} onChange={(t) => { setText(t); setProblem(null); }} problem={problem} />
        <p className="hint">The file holds no key: promptfoo reads it from the TOOLSCOPE_API_KEY environment variable.</p>
        <div className="dialog-actions">
          <button type="submit">Download</button>
          <button type="button" onClick={onClose}>Cancel</button>
        </div>
      </form>
    </dialog>
  );
}
