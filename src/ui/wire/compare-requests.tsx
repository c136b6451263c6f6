import { useMemo, useState } from 'react';
import { isRecord } from '../../domain/is-record';
import type { WireExchange, WireRequest } from '../../domain/wire-exchange';
import { diffJson, requestBodyValue, type JsonChange } from '../../compare/json-diff';

/** Another request to compare with: the caller names it (another model turn, this session or another). */
export type CompareChoice = {
  readonly id: string;
  readonly label: string;
  readonly request: WireRequest;
  /** Where it was sent (a session's title): choices of one group are listed together, in the order given. */
  readonly group?: string;
};

/** Another model request as a choice, named by its model and when it went out (a re-run, another model tried). */
export function choiceOf(e: WireExchange, name: string, group: string): CompareChoice {
  const body = requestBodyValue(e.request.body);
  const model = isRecord(body) && typeof body.model === 'string' ? body.model : new URL(e.request.url).pathname;
  const at = new Date(e.startedAt).toLocaleTimeString('en-GB');
  return { id: e.id, label: `${name}: ${model} at ${at}`, request: e.request, group };
}

/** The choices by group, in the order each group first appears; ungrouped ones stand alone at their place. */
function grouped(choices: readonly CompareChoice[]): { group: string | undefined; choices: CompareChoice[] }[] {
  const out: { group: string | undefined; choices: CompareChoice[] }[] = [];
  for (const c of choices) {
    const last = out.at(-1);
    if (last && c.group !== undefined && last.group === c.group) last.choices.push(c);
    else out.push({ group: c.group, choices: [c] });
  }
  return out;
}

function Option({ choice }: { choice: CompareChoice }) {
  return <option value={choice.id}>{choice.label}</option>;
}

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

/**
 * "Compare requests": from another request's body to this one's (the chosen one is the base, as in "what changed to
 * make this request"), each path added, removed or changed, with counts.
 */
export function CompareRequests({ request, choices }: { request: WireRequest; choices: readonly CompareChoice[] }) {
  const [open, setOpen] = useState(false);
  // The choices may arrive after the dialog shows (they are read after its own request): the first is chosen until
  // the person picks one.
  const [otherId, setOtherId] = useState<string | null>(null);
  const other = choices.find((c) => c.id === otherId) ?? choices[0];
  const diff = useMemo(
    () => (open && other ? diffJson(requestBodyValue(other.request.body), requestBodyValue(request.body)) : null),
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
            <select value={other?.id ?? ''} onChange={(e) => setOtherId(e.target.value)}>
              {grouped(choices).map((g) =>
                g.group === undefined ? (
                  g.choices.map((c) => <Option key={c.id} choice={c} />)
                ) : (
                  <optgroup key={`${g.group}:${g.choices[0]?.id ?? ''}`} label={g.group}>
                    {g.choices.map((c) => (
                      <Option key={c.id} choice={c} />
                    ))}
                  </optgroup>
                ),
              )}
            </select>
          </label>
          <p className="hint">What changed from the chosen request to this one.</p>
          {other && other.request.url !== request.url && (
            <p>
              URL: <code>{other.request.url}</code> → <code>{request.url}</code>
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
