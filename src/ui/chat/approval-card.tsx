import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ApprovalDecision } from '../../agent/tool-executor';
import type { ApprovalScope } from '../../domain/approval-scopes';
import type { ArgRule } from '../../domain/approval-rules';

import type { PendingApproval } from '../../store/run/run-store';
import { focusLost, messageBox } from '../shared/focus-fallback';
import { defaultSchemaValidator } from '../../tools/validation/default-validator';
import { parseArgs } from '../../tools/validation/parse-args';
import { useToolByName } from '../data/tools/use-tool-by-name';
import { useArgsIssues } from '../tools/use-args-issues';
import { prettyArgs } from './pretty-args';
import { primaryClass, usePrimaryClaim } from '../shared/primary-action';

// The rule form loads when a person asks for it, never with the page.
const ApprovalRuleForm = lazy(() => import('./approval-rule-form'));

export function ApprovalCard({ approval }: { approval: PendingApproval }) {
  const primary = usePrimaryClaim();
  const [editing, setEditing] = useState(false);
  const [ruling, setRuling] = useState(false);
  const [text, setText] = useState(() => prettyArgs(approval.arguments, false));
  // The stored definition gives the schema to check edits against live; the run checks the approved text again.
  const tool = useToolByName(approval.name);
  const validate = useMemo(
    () =>
      tool === 'loading' || tool === null ? null : (args: unknown) => defaultSchemaValidator().validateArgs(tool, args),
    [tool],
  );
  const { issues, checking } = useArgsIssues(text, validate);
  const canApproveEdit = tool !== 'loading' && !checking && issues.length === 0;
  const errorsId = `approval-errors-${approval.callId}`;
  const root = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);

  // Answered, the card goes away with the button in hand: the cursor moves to the next call waiting for an answer,
  // else to this call's row, else to the Message box (runs after the card left the page).
  useEffect(() => {
    const card = root.current?.closest('.tool-card');
    return () => {
      if (!focusLost()) return;
      const next = document.querySelector<HTMLElement>('.approval-card button.primary');
      const row = card?.isConnected ? card.querySelector<HTMLElement>('button') : null;
      (next ?? row ?? messageBox())?.focus();
    };
  }, []);

  /** Stores the standing answer first, so a call that follows at once already sees it; then answers this call. */
  const withScope = async (scope: ApprovalScope, decision: ApprovalDecision) => {
    try {
      await (await import('../../store/settings/approval-scope-store')).addApprovalScope(scope);
    } catch (err) {
      setFailed(
        `The answer could not be remembered (${err instanceof Error ? err.message : String(err)}); this call is answered once.`,
      );
    }
    approval.resolve(decision);
  };
  const sessionId = approval.sessionId;
  // Kept under the tool's key (an MCP tool's server, tool and schema version), shown by the name the person saw.
  const key = approval.key ?? { tool: approval.name };
  const target = {
    tool: key.tool,
    ...(key.version !== undefined ? { version: key.version } : {}),
    ...(key.tool !== approval.name ? { label: approval.name } : {}),
  };
  const allowWhen = (rule: ArgRule) =>
    void withScope({ kind: 'always', ...target, rule, decision: 'approve', at: Date.now() }, { decision: 'approve' });
  return (
    <div ref={root} className="approval-card" role="group" aria-label={`Approve ${approval.name}?`}>
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
      {ruling && !editing && (
        <Suspense fallback={<p className="hint">Loading the rule form…</p>}>
          <ApprovalRuleForm args={approval.arguments} schema={approval.schema} onAllow={allowWhen} />
        </Suspense>
      )}
      {failed && (
        <p role="alert" className="hint verdict-bad">
          {failed}
        </p>
      )}
      <div className="alert-actions">
        {editing ? (
          <button
            type="button"
            className={primaryClass(primary)}
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
          <>
            <button
              type="button"
              className={primaryClass(primary)}
              onClick={() => approval.resolve({ decision: 'approve' })}
            >
              Approve
            </button>
            <button
              type="button"
              onClick={() =>
                void withScope(
                  { kind: 'session', sessionId, ...target, decision: 'approve', at: Date.now() },
                  { decision: 'approve' },
                )
              }
            >
              Approve for this session
            </button>
            <button
              type="button"
              onClick={() =>
                void withScope(
                  { kind: 'always', ...target, decision: 'approve', at: Date.now() },
                  { decision: 'approve' },
                )
              }
            >
              Always allow this tool
            </button>
          </>
        )}
        {/* No reason: the model reads the loop's own "Denied by user", once. */}
        <button type="button" onClick={() => approval.resolve({ decision: 'deny' })}>
          Deny
        </button>
        {!editing && (
          <button
            type="button"
            onClick={() =>
              void withScope(
                { kind: 'session', sessionId, ...target, decision: 'deny', at: Date.now() },
                { decision: 'deny', reason: 'denied for this session' },
              )
            }
          >
            Deny for this session
          </button>
        )}
        {!editing && (
          <button type="button" aria-expanded={ruling} onClick={() => setRuling((r) => !r)}>
            Always allow when…
          </button>
        )}
        {!editing && (
          <button type="button" onClick={() => setEditing(true)}>
            Edit arguments
          </button>
        )}
      </div>
    </div>
  );
}
