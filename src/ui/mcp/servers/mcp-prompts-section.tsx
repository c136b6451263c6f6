import { useEffect, useState } from 'react';
import type { McpServerRecord } from '../../../domain/mcp-server';
import { insertIntoMessage } from '../../../store/session/composer-insert';
import { fillPrompt, listServerPrompts, type CatalogPrompt, useMcpStates } from '../../../store/mcp/mcp-face';
import { PromptArgsForm } from '../asks/prompt-args-form';

/** A connected server's prompts: pick one, fill its arguments, and it goes into the Message box. */
export function McpPromptsSection({ server }: { server: McpServerRecord }) {
  const state = useMcpStates((s) => s.states[server.id]);
  const connected = state?.status === 'connected' && state.server.counts.prompts > 0;
  const [prompts, setPrompts] = useState<CatalogPrompt[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    if (!connected) return;
    // Leaving the view drops the answer but lets the request finish: aborting it would send the server a cancel.
    let shown = true;
    listServerPrompts(server).then(
      (list) => shown && setPrompts(list),
      (error: unknown) =>
        shown && setProblem(`Could not list the prompts: ${error instanceof Error ? error.message : String(error)}`),
    );
    return () => {
      shown = false;
    };
  }, [connected, server]);

  if (!connected) return null;
  const label = server.name || server.url;
  const insert = async (p: CatalogPrompt, args: Record<string, string>) =>
    insertIntoMessage(await fillPrompt(p.serverId, p.prompt.name, args));

  return (
    <section aria-label={`Prompts of ${label}`}>
      <h4>Prompts ({prompts?.length ?? state.server.counts.prompts})</h4>
      {problem !== null && (
        <p role="alert" className="tool-field-errors">
          {problem}
        </p>
      )}
      {prompts === null ? (
        <p className="hint">Loading…</p>
      ) : (
        <ul className="mcp-tools">
          {prompts.map((p) => (
            <li key={p.prompt.name}>
              <strong>{p.prompt.title ?? p.prompt.name}</strong> <span className="hint">{p.prompt.description}</span>{' '}
              <button
                type="button"
                aria-label={`Use prompt ${p.prompt.name}`}
                onClick={() =>
                  p.prompt.arguments.length === 0
                    ? void insert(p, {}).catch((e: unknown) => setProblem(String(e)))
                    : setOpen(p.prompt.name)
                }
              >
                Use
              </button>
              {open === p.prompt.name && (
                <PromptArgsForm
                  prompt={p.prompt}
                  serverLabel={label}
                  submitLabel="Insert into message"
                  onSubmit={(args) => insert(p, args)}
                  onCancel={() => setOpen(null)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
