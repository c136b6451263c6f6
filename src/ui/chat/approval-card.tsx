import { useState } from 'react';
import type { PendingApproval } from '../../store/run-store';
import { prettyArgs } from './pretty-args';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function ApprovalCard({ approval }: { approval: PendingApproval }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(() => prettyArgs(approval.arguments, false));
  const valid = isJson(text);
  return (
    <div className="approval-card" role="group" aria-label={`Approve ${approval.name}?`}>
      <strong>{approval.name}</strong> wants to run. Approve?
      {editing ? (
        <>
          <textarea aria-label="Arguments (JSON)" value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
          {!valid && <span className="hint verdict-bad">Not valid JSON yet.</span>}
        </>
      ) : (
        <pre>{prettyArgs(approval.arguments, false)}</pre>
      )}
      <div className="alert-actions">
        {editing ? (
          <button type="button" className="primary" disabled={!valid} onClick={() => approval.resolve({ decision: 'edit', arguments: JSON.stringify(JSON.parse(text)) })}>
            Approve edited
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => approval.resolve({ decision: 'approve' })}>
            Approve
          </button>
        )}
        <button type="button" onClick={() => approval.resolve({ decision: 'deny', reason: 'denied by user' })}>
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
