import { useMemo, useState } from 'react';
import type { PendingApproval } from '../../store/run-store';
import { defaultSchemaValidator } from '../../tools/validation/default-validator';
import { parseArgs } from '../../tools/validation/parse-args';
import { useToolByName } from '../data/use-tool-by-name';
import { useArgsIssues } from '../tools/use-args-issues';
import { prettyArgs } from './pretty-args';

export function ApprovalCard({ approval }: { approval: PendingApproval }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(() => prettyArgs(approval.arguments, false));
  // The stored definition gives the schema to check edits against live; the run checks the approved text again.
  const tool = useToolByName(approval.name);
  const validate = useMemo(
    () => (tool === 'loading' || tool === null ? null : (args: unknown) => defaultSchemaValidator().validateArgs(tool, args)),
    [tool],
  );
  const { issues, checking } = useArgsIssues(text, validate);
  const canApproveEdit = tool !== 'loading' && !checking && issues.length === 0;
  const errorsId = `approval-errors-${approval.callId}`;
  return (
    <div className="approval-card" role="group" aria-label={`Approve ${approval.name}?`}>
      <strong>{approval.name}</strong> wants to run. Approve?
      {editing ? (
        <>
          <textarea
            aria-label="Arguments (JSON)"
            aria-invalid={issues.length > 0 ? true : undefined}
            aria-describedby={issues.length > 0 ? errorsId : undefined}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
          />
          {issues.length > 0 && (
            <ul id={errorsId} className="hint verdict-bad" role="alert" aria-label="Argument errors">
              {issues.map((i) => (
                <li key={`${i.path}\u0000${i.message}`}>
                  {i.path}: {i.message}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <pre>{prettyArgs(approval.arguments, false)}</pre>
      )}
      <div className="alert-actions">
        {editing ? (
          <button
            type="button"
            className="primary"
            disabled={!canApproveEdit}
            onClick={() => {
              // Blank text means no arguments ({}), as it does for the model's own calls.
              const parsed = parseArgs(text);
              if (parsed.ok) approval.resolve({ decision: 'edit', arguments: JSON.stringify(parsed.value) });
            }}
          >
            Approve edited
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => approval.resolve({ decision: 'approve' })}>
            Approve
          </button>
        )}
        {/* No reason: the model reads the loop's own "Denied by user", once. */}
        <button type="button" onClick={() => approval.resolve({ decision: 'deny' })}>
          Deny
        </button>
        {!editing && (
          <button type="button" onClick={() => setEditing(true)}>
            Edit arguments
          </button>
        )}
      </div>
    </div>
  );
}
