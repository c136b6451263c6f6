import { lazy, Suspense } from 'react';
import { useMcpPrompts } from '../../../store/mcp/mcp-face';

// The form code loads only when a server first asks for something.
const McpElicitForm = lazy(() => import('./mcp-elicit-form').then((m) => ({ default: m.McpElicitForm })));
const McpLinkPrompt = lazy(() => import('./mcp-link-prompt').then((m) => ({ default: m.McpLinkPrompt })));
const McpSamplingCard = lazy(() => import('./mcp-sampling-card').then((m) => ({ default: m.McpSamplingCard })));

/** Forms MCP servers are waiting on, oldest first, in the chat. */
export function McpPromptSlot() {
  const prompts = useMcpPrompts((s) => s.prompts);
  if (prompts.length === 0) return null;
  return (
    <Suspense fallback={<p className="hint">Loading…</p>}>
      {prompts.map((p) =>
        p.kind === 'form' ? (
          <McpElicitForm key={p.id} prompt={p} />
        ) : p.kind === 'url' ? (
          <McpLinkPrompt key={p.id} prompt={p} />
        ) : (
          <McpSamplingCard key={p.id} prompt={p} />
        ),
      )}
    </Suspense>
  );
}
