import { useMemo, useState } from 'react';
import type { WireRequest } from '../../domain/wire-exchange';
import { diffJson, requestBodyValue, type JsonChange } from '../../compare/json-diff';

/** Another request to compare with: the caller names it (another model turn, this session or another). */
export type CompareChoice = { readonly id: string; readonly label: string; readonly request: WireRequest };

const SHOWN_CHARS = 300;

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

function Change({ change }: { change: JsonChange }) {
  return (
    <li data-kind={change.kind}>
      <code>{change.path}</code> {change.kind}
      {change.kind === 'added' && (
        <>
          : <code>{shortJson(change.after)}</code>
        </>
      )}
      {change.kind === 'removed' && (
        <>
          : <code>{shortJson(change.before)}</code>
        </>
      )}
      {change.kind === 'changed' &&
        (change.words ? (
          <pre className="wire-diff">
            {change.words.map((p, i) =>
              p.kind === 'same' ? (
                p.text
              ) : p.kind === 'added' ? (
                <ins key={i}>{p.text}</ins>
              ) : (
                <del key={i}>{p.text}</del>
              ),
            )}
          </pre>
        ) : (
          <>
            : <code>{shortJson(change.before)}</code> → <code>{shortJson(change.after)}</code>
          </>
        ))}
    </li>
  );
}

/** "Compare requests": this request's body against another's, each path added, removed or changed, with counts. */
export function CompareRequests({ request, choices }: { request: WireRequest; choices: readonly CompareChoice[] }) {
  const [open, setOpen] = useState(false);
  const [otherId, setOtherId] = useState(choices[0]?.id ?? '');
  const other = choices.find((c) => c.id === otherId);
  const diff = useMemo(
    () => (open && other ? diffJson(requestBodyValue(request.body), requestBodyValue(other.request.body)) : null),
    [open, other, request],
  );
  return (
    <section className="wire-compare">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Compare requests
      </button>
      {open && choices.length === 0 && <p className="hint">No other request to compare with.</p>}
      {open && choices.length > 0 && (
        <div role="region" aria-label="Compare requests">
          <label>
            Compare with{' '}
            <select value={otherId} onChange={(e) => setOtherId(e.target.value)}>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          {other && other.request.url !== request.url && (
            <p>
              URL: <code>{request.url}</code> → <code>{other.request.url}</code>
            </p>
          )}
          {diff && (
            <>
              <p role="status">
                {diff.changes.length === 0
                  ? 'The bodies are the same.'
                  : `${diff.changed} changed, ${diff.added} added, ${diff.removed} removed`}
              </p>
              <ul aria-label="Differences" className="wire-differences">
                {diff.changes.map((c) => (
                  <Change key={`${c.kind}:${c.path}`} change={c} />
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
