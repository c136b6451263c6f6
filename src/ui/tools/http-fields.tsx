import type { HttpHeader, HttpToolSpec } from '../../db/records';
import type { DefinitionErrors } from '../../tools/definition';
import { FieldErrors } from './field-errors';
import type { ToolForm } from './tool-form';

type Props = {
  form: ToolForm;
  errors: DefinitionErrors;
  update: (patch: Partial<ToolForm>) => void;
};

const METHODS: HttpToolSpec['method'][] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function HttpFields({ form, errors, update }: Props) {
  const setHeader = (i: number, patch: Partial<HttpHeader>) =>
    update({ headers: form.headers.map((h, j) => (j === i ? { ...h, ...patch } : h)) });

  return (
    <fieldset className="tool-http">
      <legend>HTTP request</legend>
      <div className="field-row">
        <label>
          Method{' '}
          <select value={form.method} onChange={(e) => update({ method: e.target.value as HttpToolSpec['method'] })}>
            {METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className="grow">
          URL template{' '}
          <input
            type="text"
            value={form.urlTemplate}
            placeholder="https://api.example.com/items/{id}"
            aria-invalid={errors['http.urlTemplate'] ? true : undefined}
            aria-describedby="tool-url-errors"
            onChange={(e) => update({ urlTemplate: e.target.value })}
          />
        </label>
      </div>
      <FieldErrors id="tool-url-errors" messages={errors['http.urlTemplate']} />
      <p className="hint">{'{name}'} is replaced by the URL-encoded argument.</p>

      <div className="tool-headers" role="group" aria-label="Headers">
        {form.headers.map((h, i) => (
          <div className="field-row" key={i}>
            <input type="text" aria-label={`Header ${i + 1} name`} value={h.name} onChange={(e) => setHeader(i, { name: e.target.value })} />
            {h.secret ? (
              <input
                type="password"
                aria-label={`Header ${i + 1} secret value`}
                placeholder="stored apart from the tool; leave blank to keep"
                value={form.secretValues[h.name] ?? ''}
                onChange={(e) => update({ secretValues: { ...form.secretValues, [h.name]: e.target.value } })}
              />
            ) : (
              <input type="text" aria-label={`Header ${i + 1} value`} value={h.value} onChange={(e) => setHeader(i, { value: e.target.value })} />
            )}
            <label>
              <input type="checkbox" checked={h.secret} onChange={(e) => setHeader(i, { secret: e.target.checked, value: '' })} /> Secret
            </label>
            <button type="button" onClick={() => update({ headers: form.headers.filter((_, j) => j !== i) })}>
              Remove header
            </button>
          </div>
        ))}
        <button type="button" onClick={() => update({ headers: [...form.headers, { name: '', value: '', secret: false }] })}>
          Add header
        </button>
        <FieldErrors id="tool-headers-errors" messages={errors['http.headers']} />
      </div>

      {form.method !== 'GET' && (
        <label className="field">
          Body template (JSON)
          <textarea
            rows={4}
            value={form.bodyTemplate}
            placeholder={'{"query": {{q}}}'}
            aria-describedby="tool-body-errors"
            onChange={(e) => update({ bodyTemplate: e.target.value })}
          />
        </label>
      )}
      <FieldErrors id="tool-body-errors" messages={errors['http.bodyTemplate']} />
      <label>
        Response as{' '}
        <select value={form.responseType} onChange={(e) => update({ responseType: e.target.value === 'text' ? 'text' : 'json' })}>
          <option value="json">JSON</option>
          <option value="text">Text</option>
        </select>
      </label>
    </fieldset>
  );
}
