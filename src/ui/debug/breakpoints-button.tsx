import './debug.css';
import { useId, useState } from 'react';
import { NO_BREAKPOINTS, type Breakpoints } from '../../domain/breakpoints';
import type { SessionRecord } from '../../domain/session';
import { saveBreakpoints } from '../../store/run/breakpoint-actions';
import { useTools } from '../data/tools/use-tools';
import { useSession } from '../data/session/use-session';
import { isRecord } from '../../domain/is-record';

/**
 * "Breakpoints" opens the session's breakpoints (architecture.md, "Breakpoints"). Every change is stored at once,
 * so the run under way stops at the next point that matches.
 */
export function BreakpointsButton({ session }: { session: SessionRecord }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <span className="breakpoints">
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        Breakpoints
      </button>
      {open && <BreakpointsGroup id={panelId} session={session} />}
    </span>
  );
}

/** The button for a session known by id (the timeline's toolbar). */
export function SessionBreakpointsButton({ sessionId }: { sessionId: string }) {
  const session = useSession(sessionId);
  return session ? <BreakpointsButton session={session} /> : null;
}

function BreakpointsGroup({ id, session }: { id: string; session: SessionRecord }) {
  // Shown as changed at once and stored meanwhile; the group opens from what is stored.
  const [b, setB] = useState<Breakpoints>(() => session.breakpoints ?? NO_BREAKPOINTS);
  const tools = useTools();
  const [schema, setSchema] = useState(b.argumentsSchema ?? '');
  const [failed, setFailed] = useState<string | null>(null);
  const save = (next: Breakpoints) => {
    setB(next);
    void saveBreakpoints(session.id, next).then((ok) => setFailed(ok ? null : 'The breakpoints could not be stored.'));
  };
  const patch = (p: Partial<Breakpoints>) => save({ ...b, ...p });
  const schemaProblem = schemaError(schema);
  const names = [...new Set([...(tools ?? []).map((t) => t.name), ...(b.tool !== undefined ? [b.tool] : [])])].sort();
  return (
    <div id={id} role="group" aria-label="Breakpoints" className="breakpoints-group">
      <label>
        <input type="checkbox" checked={b.beforeRequest} onChange={(e) => patch({ beforeRequest: e.target.checked })} />{' '}
        Before each model request
      </label>
      <label>
        <input type="checkbox" checked={b.beforeTool} onChange={(e) => patch({ beforeTool: e.target.checked })} />{' '}
        Before tool calls
      </label>
      <label>
        <input type="checkbox" checked={b.afterTool} onChange={(e) => patch({ afterTool: e.target.checked })} /> After
        tool calls
      </label>
      <label>
        Tool{' '}
        <select
          value={b.tool ?? ''}
          onChange={(e) => {
            const { tool: _t, ...rest } = b;
            save(e.target.value === '' ? rest : { ...rest, tool: e.target.value });
          }}
        >
          <option value="">All tools</option>
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="breakpoints-schema">
        Only when arguments match (JSON Schema)
        <textarea
          rows={3}
          value={schema}
          spellCheck={false}
          aria-invalid={schemaProblem !== null}
          onChange={(e) => {
            setSchema(e.target.value);
            const { argumentsSchema: _s, ...rest } = b;
            save(e.target.value.trim() === '' ? rest : { ...rest, argumentsSchema: e.target.value });
          }}
        />
      </label>
      {schemaProblem !== null && <p role="alert">{schemaProblem}</p>}
      {failed !== null && <p role="alert">{failed}</p>}
    </div>
  );
}

/** Why the condition cannot be used, in words; null when it is empty or a JSON object. */
function schemaError(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? null : 'The schema must be a JSON object; until it is, no call matches.';
  } catch (e) {
    return `The schema is not valid JSON (${e instanceof Error ? e.message : String(e)}); until it is, no call matches.`;
  }
}
