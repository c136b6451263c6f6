import { useState, type FormEvent } from 'react';
import type { McpServerRecord, McpToolSnapshot } from '../../../domain/mcp-server';
import { tryMcpTool } from '../../../store/mcp/mcp-face';
import { McpTryOutcomeView, type McpTryShown } from './mcp-try-outcome';
import { isRecord } from '../../../domain/is-record';

type Field = {
  key: string;
  label: string;
  type: 'string' | 'number' | 'integer' | 'boolean';
  options: string[] | null;
  required: boolean;
  initial: string | boolean;
};

/** One field per top-level property of a simple type; null when the schema needs the JSON box (nested values). */
function fieldsOf(schema: Record<string, unknown>): Field[] | null {
  const props = schema.properties;
  if (props === undefined) return [];
  if (props === null || typeof props !== 'object') return null;
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  );
  const out: Field[] = [];
  for (const [key, raw] of Object.entries(props as Record<string, unknown>)) {
    if (raw === null || typeof raw !== 'object') return null;
    const p = raw as Record<string, unknown>;
    const type = p.type;
    if (type !== 'string' && type !== 'number' && type !== 'integer' && type !== 'boolean') return null;
    const options = Array.isArray(p.enum) ? p.enum.map(String) : null;
    const initial =
      type === 'boolean' ? p.default === true : p.default !== undefined ? String(p.default) : (options?.[0] ?? '');
    out.push({
      key,
      label: typeof p.title === 'string' ? p.title : key,
      type,
      options,
      required: required.has(key),
      initial,
    });
  }
  return out;
}

function argsFrom(fields: Field[], values: Record<string, string | boolean>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key] ?? f.initial;
    if (f.type === 'boolean') args[f.key] = v === true;
    else if (typeof v === 'string' && v !== '') args[f.key] = f.type === 'string' ? v : Number(v);
  }
  return args;
}

/** "Try it" for an MCP tool: a form from its input schema, run on its server, the result and JSON-RPC messages shown. */
export function McpTryForm({ server, tool }: { server: McpServerRecord; tool: McpToolSnapshot }) {
  const fields = fieldsOf(tool.inputSchema);
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [json, setJson] = useState('{}');
  const [running, setRunning] = useState<AbortController | null>(null);
  const [outcome, setOutcome] = useState<McpTryShown | null>(null);

  async function run(event: FormEvent) {
    event.preventDefault();
    let args: Record<string, unknown>;
    if (fields !== null) args = argsFrom(fields, values);
    else {
      try {
        const parsed: unknown = JSON.parse(json);
        if (!isRecord(parsed))
          return setOutcome({
            kind: 'bad-json',
            message: 'The arguments must be a JSON object, such as {"text": "hi"}.',
          });
        args = parsed as Record<string, unknown>;
      } catch {
        return setOutcome({ kind: 'bad-json', message: 'The arguments are not valid JSON.' });
      }
    }
    const ctl = new AbortController();
    setRunning(ctl);
    setOutcome(null);
    try {
      setOutcome(await tryMcpTool(server, tool.name, args, ctl.signal));
    } catch (error) {
      setOutcome({ kind: 'unavailable', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setRunning(null);
    }
  }

  return (
    <form className="mcp-try" aria-label={`Try ${tool.name}`} onSubmit={(e) => void run(e)}>
      {fields === null ? (
        <label className="field">
          Arguments (JSON)
          <textarea
            className="mono"
            rows={3}
            spellCheck={false}
            value={json}
            onChange={(e) => setJson(e.target.value)}
          />
        </label>
      ) : (
        fields.map((f) => (
          <label key={f.key} className={f.type === 'boolean' ? undefined : 'field'}>
            {f.type === 'boolean' ? (
              <input
                type="checkbox"
                checked={(values[f.key] ?? f.initial) === true}
                onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.checked }))}
              />
            ) : null}
            {f.label}
            {f.required ? ' (required)' : ''}
            {f.type === 'boolean' ? null : f.options !== null ? (
              <select
                value={String(values[f.key] ?? f.initial)}
                onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              >
                {f.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                type={f.type === 'string' ? 'text' : 'number'}
                step={f.type === 'integer' ? 1 : 'any'}
                value={String(values[f.key] ?? f.initial)}
                onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              />
            )}
          </label>
        ))
      )}
      <div className="field-row">
        <button type="submit" disabled={running !== null}>
          Run {tool.name}
        </button>
        {running !== null && (
          <button type="button" onClick={() => running.abort()}>
            Stop
          </button>
        )}
      </div>
      {outcome !== null && <McpTryOutcomeView outcome={outcome} name={tool.name} />}
    </form>
  );
}
