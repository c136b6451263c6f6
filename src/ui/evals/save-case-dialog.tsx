import { useEffect, useId, useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import { checksFromForm, NO_JUDGE, type CheckForm } from '../../evals/check-form';
import { schemaFromArguments, type FrozenStep } from '../../evals/freeze-step';
import { useUiStore, type SaveCaseTarget } from '../../store/ui-store';
import { freezeSessionStep, saveTestCase, useSuites } from '../data/evals/eval-data';
import { ChecksFieldset } from './checks-fieldset';

type Loaded = { ok: true; frozen: FrozenStep & { sessionTitle: string } } | { ok: false; message: string };

/** "Save as test case": the step's request frozen with its session's recorded tool results, plus the checks chosen. */
export function SaveCaseDialog({ target }: { target: SaveCaseTarget }) {
  const close = useUiStore((s) => s.closeSaveCase);
  const ref = useRef<HTMLDialogElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useModal(ref);
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
    <dialog
      ref={ref}
      aria-label="Save as test case"
      className="io-dialog save-case-dialog"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2>Save as test case</h2>
      {loaded === null && <p className="hint">Reading the step…</p>}
      {loaded?.ok === false && (
        <>
          <p role="alert">{loaded.message}</p>
          <div className="dialog-actions">
            <button type="button" onClick={close}>
              Close
            </button>
          </div>
        </>
      )}
      {loaded?.ok && <CaseForm target={target} frozen={loaded.frozen} onDone={close} />}
    </dialog>
  );
}

function CaseForm({
  target,
  frozen,
  onDone,
}: {
  target: SaveCaseTarget;
  frozen: FrozenStep & { sessionTitle: string };
  onDone: () => void;
}) {
  const suites = useSuites();
  const id = useId();
  const toolNames = [...new Set([...frozen.stepCalls.map((c) => c.name), ...frozen.request.tools.map((t) => t.name)])];
  const firstCall = frozen.stepCalls[0];
  const [name, setName] = useState(frozen.sessionTitle);
  const [form, setForm] = useState<CheckForm>(() => ({
    callsTool: firstCall !== undefined,
    tool: firstCall?.name ?? toolNames[0] ?? '',
    argsOn: false,
    schema: JSON.stringify(schemaFromArguments(firstCall?.arguments ?? '{}'), null, 2),
    containsOn: firstCall === undefined && frozen.stepAnswer !== '',
    text: frozen.stepAnswer.slice(0, 80),
    matchOn: false,
    pattern: '',
    maxCost: '',
    ...NO_JUDGE,
    judgeModel: frozen.request.model,
  }));
  const [suite, setSuite] = useState<string>('');
  const [newSuite, setNewSuite] = useState('My suite');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const chosenSuite = suite || suites?.[0]?.id || '';
  const makingNew = chosenSuite === '' || chosenSuite === 'new';

  const save = async () => {
    const c = checksFromForm(form);
    if (typeof c === 'string') return setProblem(c);
    if (name.trim() === '') return setProblem('Give the case a name.');
    if (makingNew && newSuite.trim() === '') return setProblem('Name the new suite.');
    setSaving(true);
    try {
      await saveTestCase(makingNew ? { newSuite: newSuite.trim() } : { suiteId: chosenSuite }, {
        name: name.trim(),
        frozen,
        checks: c,
        source: target,
      });
      onDone();
    } catch (e) {
      setProblem(`The case was not saved: ${e instanceof Error ? e.message : String(e)}`);
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label>
        Case name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <ChecksFieldset form={form} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} toolNames={toolNames} />
      <label htmlFor={`${id}-suite`}>Suite</label>
      <select id={`${id}-suite`} value={chosenSuite || 'new'} onChange={(e) => setSuite(e.target.value)}>
        {(suites ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
        <option value="new">New suite…</option>
      </select>
      {makingNew && (
        <label>
          New suite <input value={newSuite} onChange={(e) => setNewSuite(e.target.value)} />
        </label>
      )}
      <p className="hint">
        The case keeps the request as it was sent and the {frozen.recorded.length} recorded tool result
        {frozen.recorded.length === 1 ? '' : 's'} of this session; running it needs only a model.
      </p>
      {problem && <p role="alert">{problem}</p>}
      <div className="dialog-actions">
        <button type="submit" disabled={saving}>
          Save case
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
