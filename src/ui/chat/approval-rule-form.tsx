import { useId, useMemo, useState } from 'react';
import { ruleArguments, ruleMatches, ruleProblem, type ArgRule } from '../../domain/approval-rules';
import { isRecord } from '../../domain/is-record';

function argsObject(args: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(args);
    return isRecord(v) ? v : {};
  } catch {
    return {};
  }
}

const valueText = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/**
 * "Always allow when…": a rule on one argument (starts with / is), checked against the tool's input schema and
 * against this call, which it must match (architecture.md, "Approvals").
 */
export default function ApprovalRuleForm(p: {
  args: string;
  schema: Record<string, unknown> | undefined;
  onAllow: (rule: ArgRule) => void;
}) {
  const current = useMemo(() => argsObject(p.args), [p.args]);
  const names = useMemo(() => {
    const fromSchema = ruleArguments(p.schema);
    return fromSchema.length > 0 ? fromSchema : Object.keys(current);
  }, [p.schema, current]);
  const [argument, setArgument] = useState(names[0] ?? '');
  const [test, setTest] = useState<ArgRule['test']>('starts-with');
  const [value, setValue] = useState(() => valueText(current[names[0] ?? '']));
  const rule: ArgRule = { argument, test, value };
  const problem =
    ruleProblem(rule, p.schema) ??
    (ruleMatches(rule, p.args) ? null : 'This call does not match the rule, so it would not be allowed by it.');
  const errorId = useId();
  return (
    <fieldset className="approval-rule">
      <legend>Rule on the arguments</legend>
      <label>
        Argument{' '}
        <select
          value={argument}
          onChange={(e) => {
            setArgument(e.target.value);
            setValue(valueText(current[e.target.value]));
          }}
        >
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Test{' '}
        <select value={test} onChange={(e) => setTest(e.target.value === 'equals' ? 'equals' : 'starts-with')}>
          <option value="starts-with">starts with</option>
          <option value="equals">is</option>
        </select>
      </label>{' '}
      <label>
        Value{' '}
        <input
          type="text"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={problem !== null ? true : undefined}
          aria-describedby={problem !== null ? errorId : undefined}
          spellCheck={false}
        />
      </label>
      {problem !== null && (
        <p id={errorId} className="hint verdict-bad" role="alert">
          {problem}
        </p>
      )}
      <button type="button" disabled={problem !== null} onClick={() => p.onAllow(rule)}>
        Always allow when this matches
      </button>
    </fieldset>
  );
}
