import { useEffect, useState } from 'react';
import type { McpServerRecord } from '../../../domain/mcp-server';
import type { McpResourceInfo, McpResourceTemplateInfo } from '../../../mcp/types';
import { connectMcp, useMcpStates, attachResource } from '../../../store/mcp/mcp-face';

/** A connected server's resources and templates; "Attach resource" adds one to the next message. */
export function McpResourcesSection({ server }: { server: McpServerRecord }) {
  const state = useMcpStates((s) => s.states[server.id]);
  const connected = state?.status === 'connected' && state.server.counts.resources > 0;
  const [list, setList] = useState<{ resources: McpResourceInfo[]; templates: McpResourceTemplateInfo[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [attached, setAttached] = useState<string | null>(null);
  const [filled, setFilled] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!connected) return;
    // Leaving the view drops the answer but lets the request finish: aborting it would send the server a cancel.
    let shown = true;
    void (async () => {
      const live = await connectMcp(server);
      if (live === null || !shown) return;
      const got = await live.connection.listResources();
      if (shown) setList(got);
    })().catch(
      (error: unknown) =>
        shown && setProblem(`Could not list the resources: ${error instanceof Error ? error.message : String(error)}`),
    );
    return () => {
      shown = false;
    };
  }, [connected, server]);

  if (!connected) return null;
  const label = server.name || server.url;
  const attach = (uri: string, name: string) => {
    setProblem(null);
    attachResource(server.id, uri, name).then(
      () => setAttached(name),
      (error: unknown) =>
        setProblem(`Could not read ${uri}: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  return (
    <section aria-label={`Resources of ${label}`}>
      <h4>Resources ({list?.resources.length ?? state.server.counts.resources})</h4>
      {problem !== null && (
        <p role="alert" className="tool-field-errors">
          {problem}
        </p>
      )}
      {attached !== null && (
        <p role="status" className="hint">
          Attached {attached} to the next message.
        </p>
      )}
      {list === null ? (
        <p className="hint">Loading…</p>
      ) : (
        <>
          <ul className="mcp-tools">
            {list.resources.map((r) => (
              <li key={r.uri} aria-label={r.name}>
                <strong>{r.title ?? r.name}</strong> <span className="hint">{r.uri}</span>{' '}
                <button type="button" onClick={() => attach(r.uri, r.name)}>
                  Attach resource
                </button>
              </li>
            ))}
          </ul>
          {list.templates.length > 0 && <h4>Resource templates ({list.templates.length})</h4>}
          <ul className="mcp-tools">
            {list.templates.map((t) => {
              const uri = filled[t.uriTemplate] ?? t.uriTemplate;
              return (
                <li key={t.uriTemplate} aria-label={t.name}>
                  <label className="field">
                    {t.title ?? t.name} (fill the {'{…}'} parts)
                    <input
                      type="text"
                      value={uri}
                      onChange={(e) => setFilled((f) => ({ ...f, [t.uriTemplate]: e.target.value }))}
                      spellCheck={false}
                    />
                  </label>
                  <button type="button" disabled={/[{}]/.test(uri)} onClick={() => attach(uri, t.name)}>
                    Attach resource
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
