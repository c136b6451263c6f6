import { useId } from 'react';
import type { ApiFormat } from '../../domain/session';
import { PROVIDER_TOOL_KINDS, type ProviderToolKind } from '../../domain/provider-items';
import { defaultApiFormat } from '../../llm/api-format';

export type ApiChoice = { apiFormat?: ApiFormat; providerTools?: ProviderToolKind[]; providerStorage?: boolean };

type Props = { value: ApiChoice; baseURL: string; onChange: (next: ApiChoice) => void };

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
      <select id={id} value={format} onChange={(e) => onChange({ ...value, apiFormat: e.target.value === 'responses' ? 'responses' : 'chat' })}>
        <option value="chat">Chat Completions</option>
        <option value="responses">Responses</option>
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
                onChange={(e) => onChange({ ...value, providerTools: e.target.checked ? [...tools, kind] : tools.filter((t) => t !== kind) })}
              />
              {TOOL_LABELS[kind]}
            </label>
          ))}
          <label>
            <input type="checkbox" checked={value.providerStorage === true} onChange={(e) => onChange({ ...value, providerStorage: e.target.checked })} />
            Let the provider store responses (otherwise nothing is kept there and reasoning travels encrypted with each request)
          </label>
        </fieldset>
      )}
    </div>
  );
}
