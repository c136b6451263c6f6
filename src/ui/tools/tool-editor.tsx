import { useDeferredValue, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { flattenTool, type FlatToolDefinition, type ToolDefinition, type ToolKind } from '../../domain/tool-definition';
import { deleteToolDefinition, saveToolDefinition } from '../data/tools/tool-mutations';
import { BUILTIN_IDS } from '../../tools/builtin-specs';
import { checkDefinition, type DefinitionField } from '../../tools/definition';
import { defaultSchemaValidator } from '../../tools/validation/default-validator';
import { FieldErrors } from './field-errors';
import { HttpFields } from './http-fields';
import { checkForm, formFromDefinition, formMatches, secretsForSave, type ToolForm } from './tool-form';
import { UnsavedChangesDialog, type LeaveChoice } from './unsaved-changes-dialog';
import { useSchemaProblems } from './use-schema-problems';

/** What the Tools view asks of the open editor before another tool replaces it. */
export type ToolEditorHandle = {
  /** Runs `leave` at once when nothing is unsaved; otherwise asks Save / Discard / Cancel first. */
  confirmLeave: (leave: () => void) => void;
};

type Props = {
  ref?: Ref<ToolEditorHandle>;
  tool: ToolDefinition;
  isNew: boolean;
  others: readonly ToolDefinition[];
  onSaved: (id: string) => void;
  onDeleted: () => void;
};

export function ToolEditor({ ref, tool, isNew, others, onSaved, onDeleted }: Props) {
  const [form, setForm] = useState<ToolForm>(() => formFromDefinition(tool));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [leaving, setLeaving] = useState<(() => void) | null>(null);
  // The stored tool changed under the open editor (the list's on/off switch, a save, another tab). A switch only
  // flips `enabled`, so typed edits stay; any other change reloads the form from what is stored.
  const [seen, setSeen] = useState(tool);
  if (tool.updatedAt !== seen.updatedAt) {
    setSeen(tool);
    if (onlyEnabledDiffers(seen, tool)) {
      setForm((f) => ({ ...f, enabled: tool.enabled }));
    } else {
      setForm(formFromDefinition(tool));
      setTouched(new Set());
      setShowAll(false);
    }
  }
  const update = (patch: Partial<ToolForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched((t) => new Set([...t, ...Object.keys(patch)]));
    setStatus(null);
  };
  // Deferring keeps typing responsive on big forms; the schema itself is compiled by the validation worker.
  const deferred = useDeferredValue(form);
  const formCheck = useMemo(() => checkForm(deferred, tool, others, tool.updatedAt), [deferred, tool, others]);
  const schemaProblems = useSchemaProblems(deferred.parametersText);
  const check = useMemo(
    () =>
      schemaProblems.length === 0
        ? formCheck
        : {
            ...formCheck,
            ok: false,
            errors: { ...formCheck.errors, parameters: [...(formCheck.errors.parameters ?? []), ...schemaProblems] },
          },
    [formCheck, schemaProblems],
  );
  const errorsFor = (field: DefinitionField, formKey: keyof ToolForm) =>
    showAll || touched.has(formKey) || field === 'parameters' ? check.errors[field] : undefined;

  const unsaved = useMemo(() => !formMatches(form, tool), [form, tool]);
  useImperativeHandle(ref, () => ({ confirmLeave: (leave) => (unsaved ? setLeaving(() => leave) : leave()) }), [
    unsaved,
  ]);

  /** True once stored; otherwise the form says what is wrong and nothing is stored. */
  const save = async (): Promise<boolean> => {
    const formOnly = checkForm(form, tool, others, Date.now());
    setShowAll(true);
    // The worker's answer about the schema, awaited: a schema Ajv cannot compile is never saved.
    let fresh: { ok: boolean } = formOnly;
    try {
      if (formOnly.ok)
        fresh = await checkDefinition(formOnly.definition, others, BUILTIN_IDS, defaultSchemaValidator());
    } catch (err) {
      setStatus(`The parameters schema could not be checked: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
    if (!fresh.ok) {
      setStatus('Fix the errors shown next to the fields.');
      return false;
    }
    const withSecrets = secretsForSave(form, formOnly.definition);
    const result = await saveToolDefinition(withSecrets.tool, withSecrets.storedNames);
    if (!result.ok) {
      setStatus(`Another tool is already named "${result.name}".`);
      return false;
    }
    setStatus('Saved.');
    onSaved(result.tool.id);
    return true;
  };

  // Save goes on to the other tool only if the edits were stored; when they were not, the reasons show here.
  const answerLeave = (choice: LeaveChoice) => {
    const leave = leaving;
    setLeaving(null);
    if (!leave || choice === 'cancel') return;
    if (choice === 'discard') leave();
    else void save().then((ok) => ok && leave());
  };

  const remove = async () => {
    if (!isNew) {
      await deleteToolDefinition(tool.id);
      defaultSchemaValidator().forgetTool(tool.id);
    }
    onDeleted();
  };

  return (
    <>
      {leaving && (
        <UnsavedChangesDialog
          toolName={isNew ? form.name.trim() || 'the new tool' : tool.name}
          onAnswer={answerLeave}
        />
      )}
      <form
        className="tool-editor"
        aria-label={isNew ? 'New tool' : `Edit ${tool.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">
          Tool name
          <input
            type="text"
            value={form.name}
            aria-invalid={errorsFor('name', 'name') ? true : undefined}
            aria-describedby="tool-name-errors"
            onChange={(e) => update({ name: e.target.value })}
          />
        </label>
        <FieldErrors id="tool-name-errors" messages={errorsFor('name', 'name')} />

        <label className="field">
          Description
          <textarea
            rows={2}
            value={form.description}
            aria-describedby="tool-description-errors"
            onChange={(e) => update({ description: e.target.value })}
          />
        </label>
        <FieldErrors id="tool-description-errors" messages={errorsFor('description', 'description')} />

        <label className="field">
          Parameters (JSON Schema)
          <textarea
            className="mono"
            rows={8}
            spellCheck={false}
            value={form.parametersText}
            aria-invalid={check.errors.parameters ? true : undefined}
            aria-describedby="tool-parameters-errors"
            onChange={(e) => update({ parametersText: e.target.value })}
          />
        </label>
        <FieldErrors id="tool-parameters-errors" messages={errorsFor('parameters', 'parametersText')} />

        <div className="field-row">
          <label>
            Kind{' '}
            <select value={form.kind} onChange={(e) => update({ kind: e.target.value as ToolKind })}>
              <option value="code">Code (sandboxed JavaScript)</option>
              <option value="http">HTTP request</option>
              <option value="builtin">Built-in</option>
            </select>
          </label>
          <label>
            Timeout (ms){' '}
            <input
              type="text"
              inputMode="numeric"
              size={8}
              placeholder="default"
              value={form.timeoutText}
              aria-describedby="tool-timeout-errors"
              onChange={(e) => update({ timeoutText: e.target.value })}
            />
          </label>
          <label>
            <input
              type="checkbox"
              checked={form.needsApproval}
              onChange={(e) => update({ needsApproval: e.target.checked })}
            />{' '}
            Needs approval
          </label>
          <label>
            <input type="checkbox" checked={form.enabled} onChange={(e) => update({ enabled: e.target.checked })} />{' '}
            Enabled
          </label>
        </div>
        <FieldErrors id="tool-timeout-errors" messages={errorsFor('timeoutMs', 'timeoutText')} />

        {form.kind === 'code' && (
          <>
            <label className="field">
              Code
              <textarea
                className="mono"
                rows={10}
                spellCheck={false}
                value={form.code}
                aria-describedby="tool-code-hint tool-code-errors"
                onChange={(e) => update({ code: e.target.value })}
              />
            </label>
            <p id="tool-code-hint" className="hint">
              The body of an async function that receives <code>args</code> and returns JSON-serialisable data. It runs
              in an isolated sandbox: no page, storage or cookies, and no network except the origins below.
            </p>
            <FieldErrors id="tool-code-errors" messages={errorsFor('code', 'code')} />
            <label className="field">
              Allowed origins (one per line)
              <textarea
                rows={2}
                className="mono"
                value={form.allowedOriginsText}
                placeholder="https://api.example.com"
                aria-describedby="tool-origins-errors"
                onChange={(e) => update({ allowedOriginsText: e.target.value })}
              />
            </label>
            <FieldErrors id="tool-origins-errors" messages={errorsFor('allowedOrigins', 'allowedOriginsText')} />
          </>
        )}
        {form.kind === 'http' && <HttpFields form={form} errors={showAll ? check.errors : {}} update={update} />}
        {form.kind === 'builtin' && (
          <>
            <label className="field">
              Built-in
              <select value={form.builtinId} onChange={(e) => update({ builtinId: e.target.value })}>
                <option value="">(choose)</option>
                {[...BUILTIN_IDS].map((id) => (
                  <option key={id}>{id}</option>
                ))}
              </select>
            </label>
            <FieldErrors id="tool-builtin-errors" messages={errorsFor('builtinId', 'builtinId')} />
            {form.builtinId === 'fetch_url' && (
              <>
                <label>
                  <input
                    type="checkbox"
                    checked={form.allowPrivateAddresses}
                    aria-describedby="tool-private-hint"
                    onChange={(e) => update({ allowPrivateAddresses: e.target.checked })}
                  />{' '}
                  Allow private addresses
                </label>
                <p id="tool-private-hint" className="hint">
                  Off: fetch_url refuses this machine and the local network (localhost, 127.0.0.0/8, 10.0.0.0/8,
                  172.16.0.0/12, 192.168.0.0/16, link-local, and their IPv6 forms), so the model cannot reach your
                  router or local services.
                </p>
              </>
            )}
          </>
        )}

        <div className="field-row">
          <button type="submit" className="primary">
            Save
          </button>
          {/* A saved tool (its code, schema and secrets) is gone for good once deleted, so it asks first; a draft is just discarded. */}
          {!confirmingDelete && (
            <button
              type="button"
              className="danger"
              onClick={() => (isNew ? void remove() : setConfirmingDelete(true))}
            >
              Delete
            </button>
          )}
          {confirmingDelete && (
            <span role="group" aria-label={`Confirm deleting ${tool.name}`} className="field-row">
              <span>
                Delete {tool.name}
                {tool.kind === 'http' && tool.http.headers.some((h) => h.secret) ? ' and its stored secrets' : ''}? This
                cannot be undone.
              </span>
              <button type="button" className="danger" onClick={() => void remove()}>
                Delete {tool.name}
              </button>
              <button type="button" onClick={() => setConfirmingDelete(false)}>
                Cancel
              </button>
            </span>
          )}
          {status && (
            <span role="status" className="tool-status">
              {status}
            </span>
          )}
        </div>
      </form>
    </>
  );
}

function onlyEnabledDiffers(a: ToolDefinition, b: ToolDefinition): boolean {
  const rest = ({ enabled: _e, updatedAt: _u, ...other }: FlatToolDefinition) => JSON.stringify(other);
  return rest(flattenTool(a)) === rest(flattenTool(b));
}
