import { useId } from 'react';
import type { ApiFormat } from '../../domain/session';
import { PROVIDER_TOOL_KINDS, type ProviderToolKind } from '../../domain/provider-items';
import { defaultApiFormat } from '../../llm/api-format';

export type ApiChoice = {
  apiFormat?: ApiFormat;
  providerTools?: ProviderToolKind[];
  providerStorage?: boolean;
  remoteMcpUrl?: string;
  vectorStoreId?: string;
};

type Props = { value: ApiChoice; baseURL: string; onChange: (next: ApiChoice) => void };

/** The options of select "API", in the order shown (docs/accessible-names.md). */
export const API_FORMAT_LABELS: Record<ApiFormat, string> = {
  chat: 'Chat Completions',
  responses: 'Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini',
};
const API_FORMATS = Object.keys(API_FORMAT_LABELS) as ApiFormat[];
const isApiFormat = (v: string): v is ApiFormat => (API_FORMATS as string[]).includes(v);

const TOOL_LABELS: Record<ProviderToolKind, string> = {
  web_search: 'Web search',
  code_interpreter: 'Code interpreter',
  file_search: 'File search',
  mcp: 'Remote MCP',
};

/**
 * Which wire format requests use, and what only the Responses API offers: tools the provider runs and
 * provider storage. Until chosen, the format follows the endpoint (Responses for OpenAI's own).
 */
export function ApiSelect({ value, baseURL, onChange }: Props) {
  const id = useId();
  const format = value.apiFormat ?? defaultApiFormat(baseURL);
  const tools = value.providerTools ?? [];
  return (
    <div className="field">
      <label htmlFor={id}>API</label>
      <select
        id={id}
        value={format}
        onChange={(e) => onChange({ ...value, apiFormat: isApiFormat(e.target.value) ? e.target.value : 'chat' })}
      >
        {API_FORMATS.map((f) => (
          <option key={f} value={f}>
            {API_FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      {value.apiFormat === undefined && <span className="hint">The usual choice for this endpoint.</span>}
      {format === 'responses' && (
        <fieldset>
          <legend>Tools the provider runs</legend>
          {PROVIDER_TOOL_KINDS.map((kind) => (
            <label key={kind}>
              <input
                type="checkbox"
                checked={tools.includes(kind)}
                onChange={(e) =>
                  onChange({
                    ...value,
                    providerTools: e.target.checked ? [...tools, kind] : tools.filter((t) => t !== kind),
                  })
                }
              />
              {TOOL_LABELS[kind]}
            </label>
          ))}
          {tools.includes('file_search') && (
            <ProviderToolField
              label="Vector store ID"
              value={value.vectorStoreId ?? ''}
              placeholder="vs_…"
              missing="File search is left out of requests until a vector store ID is given."
              onChange={(vectorStoreId) => onChange(withText(value, 'vectorStoreId', vectorStoreId))}
            />
          )}
          {tools.includes('mcp') && (
            <ProviderToolField
              label="Remote MCP server URL"
              value={value.remoteMcpUrl ?? ''}
              placeholder="https://…"
              missing="Remote MCP is left out of requests until a server URL is given."
              problem={remoteUrlProblem(value.remoteMcpUrl ?? '')}
              onChange={(remoteMcpUrl) => onChange(withText(value, 'remoteMcpUrl', remoteMcpUrl))}
            />
          )}
          <label>
            <input
              type="checkbox"
              checked={value.providerStorage === true}
              onChange={(e) => onChange({ ...value, providerStorage: e.target.checked })}
            />
            Let the provider store responses (otherwise nothing is kept there and reasoning travels encrypted with each
            request)
          </label>
        </fieldset>
      )}
    </div>
  );
}

/** Sets or (when blank) drops one text setting, so a cleared field leaves no empty value behind. */
function withText(value: ApiChoice, key: 'remoteMcpUrl' | 'vectorStoreId', text: string): ApiChoice {
  const { [key]: _old, ...rest } = value;
  const trimmed = text.trim();
  return trimmed === '' ? rest : { ...rest, [key]: trimmed };
}

/** The provider calls this server itself, from its own network: it must be a full http(s) address. */
export function remoteUrlProblem(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    const url = new URL(text.trim());
    if (url.protocol === 'https:' || url.protocol === 'http:') return null;
  } catch {
    // Falls through to the sentence below.
  }
  return 'Give the full address of the MCP server, starting with https://, for example https://mcp.example.com/mcp.';
}

type FieldProps = {
  label: string;
  value: string;
  placeholder: string;
  missing: string;
  problem?: string | null;
  onChange: (text: string) => void;
};

function ProviderToolField({ label, value, placeholder, missing, problem, onChange }: FieldProps) {
  const id = useId();
  const hint = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        placeholder={placeholder}
        aria-describedby={hint}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={hint} className={problem ? 'verdict-bad' : 'hint'}>
        {problem ?? (value.trim() === '' ? missing : '')}
      </span>
    </div>
  );
}
