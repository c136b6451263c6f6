import { useEffect, useMemo, useRef, useState } from 'react';
import { ApprovalScopesSection } from './approval-scopes-section';
import type { ToolDefinition } from '../../domain/tool-definition';
import { newDefinition } from '../../tools/definition';
import { seedBuiltins, toggleToolEnabled } from '../data/tools/tool-mutations';
import { useTools } from '../data/tools/use-tools';
import { useMcpServers } from '../data/mcp/use-mcp-servers';
import { clearSignInFocus, useMcpSignIn } from '../../store/mcp/mcp-face';
import { McpAddServerForm } from '../mcp/servers/mcp-add-server-form';
import { mcpModelNames } from '../mcp/servers/mcp-model-names';
import { McpServerDetail } from '../mcp/servers/mcp-server-detail';
import { McpServersSection } from '../mcp/servers/mcp-servers-section';
import { ToolEditor, type ToolEditorHandle } from './tool-editor';
import { TryPanel } from './try-panel';
import './tools.css';

const KIND_LABEL: Record<ToolDefinition['kind'], string> = { code: 'code', http: 'HTTP', builtin: 'built-in' };

/** The tool editor: list, create, edit, enable/disable, delete, and try a tool by hand. */
export function ToolsView() {
  const tools = useTools();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<ToolDefinition | null>(null);
  // The detail pane shows either a tool or an MCP part: the add form or one server.
  const [mcp, setMcp] = useState<{ kind: 'add' } | { kind: 'server'; id: string } | null>(null);
  const servers = useMcpServers();
  const modelNames = useMemo(() => mcpModelNames(servers ?? [], tools ?? []), [servers, tools]);
  const openMcp = (next: { kind: 'add' } | { kind: 'server'; id: string }) =>
    leaveTo(() => {
      setDraft(null);
      setSelectedId(null);
      setMcp(next);
    });
  const mcpServer = mcp?.kind === 'server' ? servers?.find((s) => s.id === mcp.id) : undefined;
  const editor = useRef<ToolEditorHandle>(null);
  // Another tool (or a new one) replaces the open editor only once its unsaved edits are saved or let go.
  const leaveTo = (open: () => void) => (editor.current ? editor.current.confirmLeave(open) : open());

  useEffect(() => {
    void seedBuiltins();
  }, []);

  // Back from signing in: the server the sign-in was for is opened.
  const signInFocus = useMcpSignIn((s) => s.focusServerId);
  useEffect(() => {
    if (signInFocus === null) return;
    clearSignInFocus();
    openMcp({ kind: 'server', id: signInFocus });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- openMcp is rebuilt each render; only the focus matters
  }, [signInFocus]);

  const selected = draft ?? tools?.find((t) => t.id === selectedId) ?? null;
  const others = (tools ?? []).filter((t) => t.id !== selected?.id);

  return (
    <section className="tools-view" aria-labelledby="tools-heading">
      <div className="tools-list-pane">
        <div className="field-row">
          <h2 id="tools-heading">Tools</h2>
          <button
            type="button"
            onClick={() =>
              leaveTo(() => {
                setDraft(newDefinition(crypto.randomUUID(), Date.now()));
                setSelectedId(null);
                setMcp(null);
              })
            }
          >
            New tool
          </button>
        </div>
        {tools === undefined ? (
          <p>Loading…</p>
        ) : tools.length === 0 ? (
          <p className="hint">No tools yet.</p>
        ) : (
          <ul className="tools-list" aria-label="Tool list">
            {tools.map((t) => (
              <li key={t.id} className={t.id === selected?.id ? 'selected' : undefined}>
                <button
                  type="button"
                  className="link"
                  aria-current={t.id === selected?.id ? 'true' : undefined}
                  onClick={() => {
                    if (t.id === selected?.id && mcp === null) return;
                    leaveTo(() => {
                      setDraft(null);
                      setSelectedId(t.id);
                      setMcp(null);
                    });
                  }}
                >
                  {t.name}
                </button>
                <span className="hint">
                  {KIND_LABEL[t.kind]}
                  {t.needsApproval ? ' · approval' : ''}
                </span>
                <label className="tools-toggle">
                  <input
                    type="checkbox"
                    checked={t.enabled}
                    aria-label={`Offer ${t.name} to the model`}
                    onChange={() => void toggleToolEnabled(t)}
                  />{' '}
                  on
                </label>
              </li>
            ))}
          </ul>
        )}
        <McpServersSection
          servers={servers}
          selectedId={mcp?.kind === 'server' ? mcp.id : null}
          onAdd={() => openMcp({ kind: 'add' })}
          onSelect={(id) => openMcp({ kind: 'server', id })}
        />
        <ApprovalScopesSection servers={servers} />
      </div>
      <div className="tools-detail-pane">
        {mcp?.kind === 'add' ? (
          <McpAddServerForm onAdded={(id) => setMcp({ kind: 'server', id })} onCancel={() => setMcp(null)} />
        ) : mcpServer !== undefined ? (
          <McpServerDetail
            key={mcpServer.id}
            server={mcpServer}
            modelNames={modelNames}
            onRemoved={() => setMcp(null)}
          />
        ) : mcp?.kind === 'server' ? (
          <p className="hint">Loading…</p>
        ) : selected ? (
          <>
            <ToolEditor
              ref={editor}
              // Keyed by id only: the editor follows changes to the stored tool itself, keeping unsaved edits when
              // only the list's on/off switch changed it.
              key={selected.id}
              tool={selected}
              isNew={draft !== null}
              others={others}
              onSaved={(id) => {
                setDraft(null);
                setSelectedId(id);
              }}
              onDeleted={() => {
                setDraft(null);
                setSelectedId(null);
              }}
            />
            {draft === null && <TryPanel key={`try:${selected.id}`} tool={selected} />}
          </>
        ) : (
          <p className="hint">Choose a tool, or create one with “New tool”.</p>
        )}
      </div>
    </section>
  );
}
