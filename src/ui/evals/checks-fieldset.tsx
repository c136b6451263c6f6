import type { CheckForm } from '../../evals/check-form';

/** The group "Checks" of "Save as test case" and "Edit checks": one form, read by evals/check-form.ts in both. */
export function ChecksFieldset({
  form,
  onChange,
  toolNames,
}: {
  form: CheckForm;
  onChange: (patch: Partial<CheckForm>) => void;
  toolNames: readonly string[];
}) {
  const tools = form.tool !== '' && !toolNames.includes(form.tool) ? [form.tool, ...toolNames] : toolNames;
  return (
    <fieldset role="group" aria-label="Checks" className="case-checks">
      <legend>Checks</legend>
      <label>
        <input type="checkbox" checked={form.callsTool} onChange={(e) => onChange({ callsTool: e.target.checked })} />{' '}
        Calls tool
      </label>
      <label>
        Tool
        <select value={form.tool} onChange={(e) => onChange({ tool: e.target.value })}>
          {tools.length === 0 && <option value="">(no tools)</option>}
          {tools.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={form.argsOn} onChange={(e) => onChange({ argsOn: e.target.checked })} />{' '}
        Arguments match
      </label>
      {form.argsOn && (
        <label>
          Arguments (JSON Schema){' '}
          <textarea rows={5} value={form.schema} onChange={(e) => onChange({ schema: e.target.value })} />
        </label>
      )}
      <label>
        <input type="checkbox" checked={form.containsOn} onChange={(e) => onChange({ containsOn: e.target.checked })} />{' '}
        Answer contains
      </label>
      {form.containsOn && (
        <label>
          Text <input value={form.text} onChange={(e) => onChange({ text: e.target.value })} />
        </label>
      )}
      <label>
        <input type="checkbox" checked={form.matchOn} onChange={(e) => onChange({ matchOn: e.target.checked })} />{' '}
        Answer matches
      </label>
      {form.matchOn && (
        <label>
          Regular expression <input value={form.pattern} onChange={(e) => onChange({ pattern: e.target.value })} />
        </label>
      )}
      <label>
        Max cost (USD){' '}
        <input
          type="number"
          min={0}
          step="any"
          value={form.maxCost}
          onChange={(e) => onChange({ maxCost: e.target.value })}
        />
      </label>
      <label>
        <input type="checkbox" checked={form.judgeOn} onChange={(e) => onChange({ judgeOn: e.target.checked })} />{' '}
        Judged by a model
      </label>
      {form.judgeOn && (
        <>
          <label>
            Question{' '}
            <input
              value={form.question}
              placeholder="Does the answer give the temperature?"
              onChange={(e) => onChange({ question: e.target.value })}
            />
          </label>
          <label>
            Judge model{' '}
            <input
              value={form.judgeModel}
              placeholder="gpt-4o-mini, or model @ https://…/v1"
              onChange={(e) => onChange({ judgeModel: e.target.value })}
            />
          </label>
          <label>
            Threshold{' '}
            <input
              type="number"
              min={0}
              max={1}
              step="any"
              value={form.threshold}
              onChange={(e) => onChange({ threshold: e.target.value })}
            />
          </label>
          <p className="hint">
            The judge is asked yes or no about the run&apos;s final answer; where it returns logprobs, the probability
            of yes must reach the threshold. Its cost is counted apart.
          </p>
        </>
      )}
    </fieldset>
  );
}
