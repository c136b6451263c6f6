import { useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import type { EvalCaseRecord } from '../../domain/eval-case';
import { checksFromForm, formCannotHold, formFromChecks, type CheckForm } from '../../evals/check-form';
import { setCaseChecks } from '../data/evals/eval-data';
import { ChecksFieldset } from './checks-fieldset';

/**
 * "Edit checks": a stored case's checks in the same group as "Save as test case", held to the same rules; the next
 * run of the suite reads them (architecture.md, "Test cases and suites").
 */
export function EditChecksDialog({ testCase, onClose }: { testCase: EvalCaseRecord; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const toolNames = [
    ...new Set([...testCase.request.tools.map((t) => t.name), ...testCase.recorded.map((r) => r.name)]),
  ];
  const [form, setForm] = useState<CheckForm>(() =>
    formFromChecks(testCase.checks, {
      tool: toolNames[0] ?? '',
      schema: '{\n  "type": "object"\n}',
      text: '',
      judgeModel: testCase.request.model,
    }),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const caution = formCannotHold(testCase.checks);
  useModal(ref);
  const save = async () => {
    const checks = checksFromForm(form);
    if (typeof checks === 'string') return setProblem(checks);
    setSaving(true);
    try {
      await setCaseChecks(testCase.id, checks);
      onClose();
    } catch (e) {
      setProblem(`The checks were not saved: ${e instanceof Error ? e.message : String(e)}`);
      setSaving(false);
    }
  };
  return (
    <dialog
      ref={ref}
      aria-label="Edit checks"
      className="io-dialog save-case-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2>Edit checks: {testCase.name}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {caution && <p className="hint">{caution}</p>}
        <ChecksFieldset
          form={form}
          onChange={(patch) => {
            setForm((f) => ({ ...f, ...patch }));
            setProblem(null);
          }}
          toolNames={toolNames}
        />
        {problem && <p role="alert">{problem}</p>}
        <div className="dialog-actions">
          <button type="submit" disabled={saving}>
            Save checks
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
