import type { HttpToolSpec } from '../../domain/tool-definition';
import type { DefinitionErrors } from '../../tools/definition';
import { FieldErrors } from './field-errors';
import { newFormHeader, type FormHeader, type ToolForm } from './tool-form';

type Props = {
  form: ToolForm;
  errors: DefinitionErrors;
  update: (patch: Partial<ToolForm>) => void;
};

const METHODS: HttpToolSpec['method'][] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function HttpFields({ form, errors, update }: Props) {
  const setHeader = (rowId: string, patch: Partial<FormHeader>) =>
    update({ headers: form.headers.map((h) => (h.rowId === rowId ? { ...h, ...patch } : h)) });

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
          <div className="field-row" key={h.rowId}>
            <input
              type="text"
              aria-label={`Header ${i + 1} name`}
              value={h.name}
              onChange={(e) => setHeader(h.rowId, { name: e.target.value })}
            />
            {h.secret ? (
              <input
                type="password"
                aria-label={`Header ${i + 1} secret value`}
                placeholder={
                  h.storedName === null
                    ? 'stored apart from the tool'
                    : 'stored apart from the tool; leave blank to keep'
                }
                value={h.secretValue}
                onChange={(e) => setHeader(h.rowId, { secretValue: e.target.value })}
              />
            ) : (
              <input
                type="text"
                aria-label={`Header ${i + 1} value`}
                value={h.value}
                onChange={(e) => setHeader(h.rowId, { value: e.target.value })}
              />
            )}
            <label>
              <input
                type="checkbox"
                checked={h.secret}
                onChange={(e) => setHeader(h.rowId, { secret: e.target.checked, value: '', secretValue: '' })}
              />{' '}
              Secret
            </label>
            <button type="button" onClick={() => update({ headers: form.headers.filter((x) => x.rowId !== h.rowId) })}>
              Remove header
            </button>
          </div>
        ))}
        <button type="button" onClick={() => update({ headers: [...form.headers, newFormHeader()] })}>
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
        <select
          value={form.responseType}
          onChange={(e) => update({ responseType: e.target.value === 'text' ? 'text' : 'json' })}
        >
          <option value="json">JSON</option>
          <option value="text">Text</option>
        </select>
      </label>
    </fieldset>
  );
}
