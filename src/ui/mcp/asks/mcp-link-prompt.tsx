import type { McpPrompt } from '../../../store/mcp/mcp-face';

/** Only web links are offered; anything else (javascript:, file:, custom schemes) is shown but never opened. */
function webLink(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * A server asks the person to open a link (URL-mode elicitation). Nothing opens until the person presses "Open
 * link"; the whole address is shown first, with its host, so they know where it leads.
 */
export function McpLinkPrompt({ prompt }: { prompt: Extract<McpPrompt, { kind: 'url' }> }) {
  const { request } = prompt;
  const server = request.serverName ?? new URL(request.serverUrl).host;
  const link = webLink(request.url);
  const open = () => {
    if (link === null) return;
    window.open(link.href, '_blank', 'noopener,noreferrer');
    prompt.answer({ action: 'accept' });
  };
  return (
    <div role="group" className="approval-card mcp-elicit" aria-label={`${server} asks to open a link`}>
      <p>
        <strong>{server}</strong> asks: <span className="mcp-elicit-message">{request.message}</span>
      </p>
      <p>
        Link to <strong>{link?.host ?? 'an address that is not a web page'}</strong>:{' '}
        <code className="mcp-link">{request.url}</code>
      </p>
      {link === null && <p role="alert">This is not an http(s) address, so Toolscope will not open it.</p>}
      <div className="field-row">
        <button type="button" onClick={open} disabled={link === null}>
          Open link
        </button>
        <button type="button" onClick={() => prompt.answer({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" onClick={() => prompt.answer({ action: 'cancel' })}>
          Cancel
        </button>
      </div>
    </div>
  );
}
