import {
  flattenTool,
  unflattenTool,
  type FlatToolDefinition,
  type HttpHeader,
  type HttpToolSpec,
  type ToolDefinition,
  type ToolKind,
} from '../../domain/tool-definition';
import { parseParametersText, validateDefinition, type DefinitionErrors } from '../../tools/definition';
import { BUILTIN_IDS } from '../../tools/builtin-specs';
import { isRecord } from '../../domain/is-record';

/**
 * A header row as edited. A secret typed into the row travels with the row (not keyed by the header's name, which
 * the user may still change), and `storedName` remembers where the row's saved secret lives.
 */
export type FormHeader = HttpHeader & {
  /** Stable React key and identity while names change. */
  rowId: string;
  /** A secret typed in this session; moved to the secrets table on save, never kept in the tool. */
  secretValue: string;
  /** The name its stored secret is under, or null when nothing is stored for this row. */
  storedName: string | null;
};

let nextRowId = 0;

export function newFormHeader(patch: Partial<HttpHeader> = {}): FormHeader {
  return { name: '', value: '', secret: false, ...patch, rowId: `h${nextRowId++}`, secretValue: '', storedName: null };
}

/** The editor's state: text as typed, turned into a definition only when checked or saved. */
export type ToolForm = {
  name: string;
  description: string;
  parametersText: string;
  kind: ToolKind;
  code: string;
  method: HttpToolSpec['method'];
  urlTemplate: string;
  headers: FormHeader[];
  bodyTemplate: string;
  responseType: HttpToolSpec['responseType'];
  builtinId: string;
  allowedOriginsText: string;
  timeoutText: string;
  needsApproval: boolean;
  enabled: boolean;
  /** fetch_url only. */
  allowPrivateAddresses: boolean;
};

/** The form for a definition: the fields of its own kind filled in, the other kinds' fields at their blanks. */
export function formFromDefinition(def: ToolDefinition): ToolForm {
  const http = def.kind === 'http' ? def.http : null;
  return {
    name: def.name,
    description: def.description,
    parametersText: JSON.stringify(def.parameters, null, 2),
    kind: def.kind,
    code: def.kind === 'code' ? def.code : '',
    method: http?.method ?? 'GET',
    urlTemplate: http?.urlTemplate ?? '',
    headers: (http?.headers ?? []).map((h) => ({ ...newFormHeader(h), storedName: h.secret ? h.name : null })),
    bodyTemplate: http?.bodyTemplate ?? '',
    responseType: http?.responseType ?? 'json',
    builtinId: def.kind === 'builtin' ? def.builtinId : '',
    allowedOriginsText: def.kind === 'code' ? def.allowedOrigins.join('\n') : '',
    timeoutText: def.timeoutMs === null ? '' : String(def.timeoutMs),
    needsApproval: def.needsApproval,
    enabled: def.enabled,
    allowPrivateAddresses: def.kind === 'builtin' && def.allowPrivateAddresses === true,
  };
}

/** Key order does not matter: a form edited field by field and one built afresh compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Whether the form still says what the stored tool says: header rows compare by content, not by their row ids. */
export function formMatches(form: ToolForm, tool: ToolDefinition): boolean {
  const plain = (f: ToolForm) => canonical({ ...f, headers: f.headers.map(({ rowId: _row, ...h }) => h) });
  return plain(form) === plain(formFromDefinition(tool));
}

type FormCheck = { definition: ToolDefinition; errors: DefinitionErrors; ok: boolean };

/**
 * Builds the definition the form describes and checks it exactly as saving would. The check reads the flat layout
 * (validateDefinition), so every field gets its message; the definition then keeps only its own kind's parts.
 */
export function checkForm(
  form: ToolForm,
  base: ToolDefinition,
  others: readonly ToolDefinition[],
  now: number,
): FormCheck {
  const errors: DefinitionErrors = {};
  const params = parseParametersText(form.parametersText);
  const timeout = form.timeoutText.trim() === '' ? null : Number(form.timeoutText);
  const { allowPrivateAddresses: _previous, ...rest } = flattenTool(base);
  const draft: FlatToolDefinition = {
    ...rest,
    name: form.name.trim(),
    description: form.description,
    parameters: params.ok ? params.value : base.parameters,
    kind: form.kind,
    code: form.kind === 'code' ? form.code : null,
    http:
      form.kind === 'http'
        ? {
            method: form.method,
            urlTemplate: form.urlTemplate.trim(),
            headers: form.headers.map((h) => ({ name: h.name, value: h.secret ? '' : h.value, secret: h.secret })),
            bodyTemplate: form.bodyTemplate.trim() === '' ? null : form.bodyTemplate,
            responseType: form.responseType,
          }
        : null,
    builtinId: form.kind === 'builtin' ? form.builtinId : null,
    allowedOrigins: form.kind === 'code' ? form.allowedOriginsText.split(/\s+/).filter((s) => s !== '') : [],
    timeoutMs: timeout !== null && Number.isFinite(timeout) ? timeout : timeout === null ? null : -1,
    needsApproval: form.needsApproval,
    enabled: form.enabled,
    updatedAt: now,
    // Stored only where it means something, so other tools' rows (and exports) do not grow a field they ignore.
    ...(form.kind === 'builtin' && form.builtinId === 'fetch_url'
      ? { allowPrivateAddresses: form.allowPrivateAddresses }
      : {}),
  };
  const check = validateDefinition(draft, others, BUILTIN_IDS);
  if (!check.ok) Object.assign(errors, check.errors);
  if (!params.ok) errors.parameters = [params.error];
  return { definition: unflattenTool(draft), errors, ok: Object.keys(errors).length === 0 };
}

/**
 * What saveTool needs besides the checked definition: the same definition with each secret header carrying the
 * value typed into its row, and where each row's stored secret lives now.
 */
export function secretsForSave(
  form: ToolForm,
  definition: ToolDefinition,
): { tool: ToolDefinition; storedNames: (string | null)[] } {
  if (definition.kind !== 'http') return { tool: definition, storedNames: [] };
  const headers = definition.http.headers.map((h, i) =>
    h.secret ? { ...h, value: form.headers[i]?.secretValue ?? '' } : h,
  );
  return {
    tool: { ...definition, http: { ...definition.http, headers } },
    storedNames: form.headers.map((h) => (h.secret ? h.storedName : null)),
  };
}
