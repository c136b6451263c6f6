import { parseModelTargets, type ModelTarget } from '../../llm/model-targets';
import { useSettingsStore } from '../../store/settings/settings-store';

type ModelsRead = { ok: true; targets: ModelTarget[] } | { ok: false; message: string };

/**
 * The "Models" field of "Run suite" and "Export as promptfoo config": one model per line, "<model> @ <base URL>" for
 * another endpoint, read as "Try on other models" reads it. `useModelsRead` gives both dialogs the same reading.
 */
export function ModelsField({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange: (text: string) => void;
  problem: string | null;
}) {
  return (
    <>
      <label>
        Models
        <textarea rows={4} value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
      <p className="hint">One model per line; "&lt;model&gt; @ &lt;base URL&gt;" for another endpoint (its own key).</p>
      {problem && <p role="alert">{problem}</p>}
    </>
  );
}

/** The Models text read against the page's own endpoint; a refusal is the parser's sentences joined. */
export function useModelsRead(text: string): ModelsRead {
  const baseURL = useSettingsStore((s) => s.baseURL);
  const parsed = parseModelTargets(text, { ownBaseURL: baseURL, isSavedEndpoint: () => true });
  return parsed.ok
    ? { ok: true, targets: parsed.targets }
    : { ok: false, message: parsed.errors.map((e) => e.message).join(' ') };
}
