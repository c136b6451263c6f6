import type { McpPrompt } from '../../../store/mcp/mcp-face';
import { primaryClass, usePrimaryClaim } from '../../shared/primary-action';

/** A server's request to use the model (legacy MCP sampling), shown for Approve / Deny before anything is sent. */
export function McpSamplingCard({ prompt }: { prompt: Extract<McpPrompt, { kind: 'sampling' }> }) {
  const primary = usePrimaryClaim();
  const { request, answer } = prompt;
  const who = request.serverName ?? request.serverUrl;
  return (
    <section className="approval-card mcp-sampling" aria-label={`${who} asks to use the model`}>
      <p>
        <strong>{who}</strong> asks to use the model (up to {request.maxTokens} tokens). Nothing is sent unless you
        approve.
      </p>
      {request.systemPrompt !== undefined && <p className="hint">System: {request.systemPrompt}</p>}
      <ol className="mcp-sampling-messages">
        {request.messages.map((m, i) => (
          <li key={i}>
            <span className="hint">{m.role}:</span> {m.text}
          </li>
        ))}
      </ol>
      <div className="field-row">
        <button type="button" className={primaryClass(primary)} onClick={() => answer({ action: 'approve' })}>
          Approve
        </button>
        <button type="button" onClick={() => answer({ action: 'deny' })}>
          Deny
        </button>
      </div>
    </section>
  );
}
