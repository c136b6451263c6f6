import { useEffect, useId, useRef, useState } from 'react';
import type { CaseCheck } from '../../domain/eval-case';
import { patternProblem } from '../../evals/checks';
import { schemaFromArguments, type FrozenStep } from '../../evals/freeze-step';
import { useUiStore, type SaveCaseTarget } from '../../store/ui-store';
import { freezeSessionStep, saveTestCase, useSuites } from '../data/eval-data';

type Loaded = { ok: true; frozen: FrozenStep & { sessionTitle: string } } | { ok: false; message: string };

/** "Save as test case": the step's request frozen with its session's recorded tool results, plus the checks chosen. */
export function SaveCaseDialog({ target }: { target: SaveCaseTarget }) {
  const close = useUiStore((s) => s.closeSaveCase);
  const ref = useRef<HTMLDialogElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  useEffect(() => {
    let live = true;
    freezeSessionStep(target.sessionId, target.messageId).then(
      (frozen) => live && setLoaded({ ok: true, frozen }),
      (e: unknown) => live && setLoaded({ ok: false, message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [target.sessionId, target.messageId]);
  return (
    <dialog ref={ref} aria-label="Save as test case" className="io-dialog save-case-dialog" onCancel={(e) => { e.preventDefault(); close(); }}>
      <h2>Save as test case</h2>
      {loaded === null && <p className="hint">Reading the step…</p>}
      {loaded?.ok === false && (
        <>
          <p role="alert">{loaded.message}</p>
          <div className="dialog-actions"><button type="button" onClick={close}>Close</button></div>
        </>
      )}
      {loaded?.ok && <CaseForm target={target} frozen={loaded.frozen} onDone={close} />}
    </dialog>
  );
}

function CaseForm({ target, frozen, onDone }: { target: SaveCaseTarget; frozen: FrozenStep & { sessionTitle: string }; onDone: () => void }) {
  const suites = useSuites();
  const id = useId();
  const toolNames = [...new Set([...frozen.stepCalls.map((c) => c.name), ...frozen.request.tools.map((t) => t.name)])];
  const firstCall = frozen.stepCalls[0];
  const [name, setName] = useState(frozen.sessionTitle);
  const [callsTool, setCallsTool] = useState(firstCall !== undefined);
  const [tool, setTool] = useState(firstCall?.name ?? toolNames[0] ?? '');
  const [argsOn, setArgsOn] = useState(false);
  const [schema, setSchema] = useState(() => JSON.stringify(schemaFromArguments(firstCall?.arguments ?? '{}'), null, 2));
  const [containsOn, setContainsOn] = useState(firstCall === undefined && frozen.stepAnswer !== '');
  const [text, setText] = useState(frozen.stepAnswer.slice(0, 80));
  const [matchOn, setMatchOn] = useState(false);
  const [pattern, setPattern] = useState('');
  const [maxCost, setMaxCost] = useState('');
  const [suite, setSuite] = useState<string>('');
  const [newSuite, setNewSuite] = useState('My suite');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const chosenSuite = suite || suites?.[0]?.id || '';
  const makingNew = chosenSuite === '' || chosenSuite === 'new';

  const checks = (): CaseCheck[] | string => {
    const out: CaseCheck[] = [];
    if ((callsTool || argsOn) && tool === '') return 'Choose the tool the checks are about.';
    if (callsTool) out.push({ kind: 'calls_tool', tool });
    if (argsOn) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(schema);
      } catch {
        return 'The arguments schema is not JSON. Write a JSON Schema object, for example {"type": "object"}.';
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'The arguments schema must be a JSON object (a JSON Schema).';
      out.push({ kind: 'arguments_match', tool, schema: parsed as Record<string, unknown> });
    }
    if (containsOn) {
      if (text === '') return 'Write the text the answer must contain, or untick "Answer contains".';
      out.push({ kind: 'answer_contains', text });
    }
    if (matchOn) {
      const bad = patternProblem(pattern);
      if (bad !== null || pattern === '') return bad ?? 'Write the regular expression the answer must match, or untick "Answer matches".';
      out.push({ kind: 'answer_matches', pattern });
    }
    if (maxCost.trim() !== '') {
      const usd = Number(maxCost);
      if (!Number.isFinite(usd) || usd < 0) return 'Max cost is a number of US dollars, such as 0.01.';
      out.push({ kind: 'max_cost', usd });
    }
    if (out.length === 0) return 'Tick at least one check: a case with no checks would always pass.';
    return out;
  };

  const save = async () => {
    const c = checks();
    if (typeof c === 'string') return setProblem(c);
    if (name.trim() === '') return setProblem('Give the case a name.');
    if (makingNew && newSuite.trim() === '') return setProblem('Name the new suite.');
    setSaving(true);
    try {
      await saveTestCase(makingNew ? { newSuite: newSuite.trim() } : { suiteId: chosenSuite }, { name: name.trim(), frozen, checks: c, source: target });
      onDone();
    } catch (e) {
      setProblem(`The case was not saved: ${e instanceof Error ? e.message : String(e)}`);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <label>Case name <input value={name} onChange={(e) => setName(e.target.value)} /></label>
      <fieldset role="group" aria-label="Checks" className="case-checks">
        <legend>Checks</legend>
        <label><input type="checkbox" checked={callsTool} onChange={(e) => setCallsTool(e.target.checked)} /> Calls tool</label>
        <label>
          Tool
          <select value={tool} onChange={(e) => setTool(e.target.value)}>
            {toolNames.length === 0 && <option value="">(no tools)</option>}
            {toolNames.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
        <label><input type="checkbox" checked={argsOn} onChange={(e) => setArgsOn(e.target.checked)} /> Arguments match</label>
        {argsOn && <label>Arguments (JSON Schema) <textarea rows={5} value={schema} onChange={(e) => setSchema(e.target.value)} /></label>}
        <label><input type="checkbox" checked={containsOn} onChange={(e) => setContainsOn(e.target.checked)} /> Answer contains</label>
        {containsOn && <label>Text <input value={text} onChange={(e) => setText(e.target.value)} /></label>}
        <label><input type="checkbox" checked={matchOn} onChange={(e) => setMatchOn(e.target.checked)} /> Answer matches</label>
        {matchOn && <label>Regular expression <input value={pattern} onChange={(e) => setPattern(e.target.value)} /></label>}
        <label>Max cost (USD) <input type="number" min={0} step="any" value={maxCost} onChange={(e) => setMaxCost(e.target.value)} /></label>
      </fieldset>
      <label htmlFor={`${id}-suite`}>Suite</label>
      <select id={`${id}-suite`} value={chosenSuite || 'new'} onChange={(e) => setSuite(e.target.value)}>
        {(suites ?? []).map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        <option value="new">New suite…</option>
      </select>
      {makingNew && <label>New suite <input value={newSuite} onChange={(e) => setNewSuite(e.target.value)} /></label>}
      <p className="hint">The case keeps the request as it was sent and the {frozen.recorded.length} recorded tool result{frozen.recorded.length === 1 ? '' : 's'} of this session; running it needs only a model.</p>
      {problem && <p role="alert">{problem}</p>}
      <div className="dialog-actions">
        <button type="submit" disabled={saving}>Save case</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}
