import { useEffect, useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import type { ImportClient, ImportProgress } from '../../io/import/import-client';
import type { ImportSummary } from '../../io/import/import-file';
import type { ImportAnalysis, ImportChoices, SessionChoice, ToolChoice } from '../../io/import/import-plan';
import type { ImportFailure, ImportPreview } from '../../io/import/import-protocol';
import { useUiStore } from '../../store/ui-store';
import {
  cutSentence,
  ImportDoneView,
  ImportFailureView,
  ImportProgressView,
  OUTPUT_LIMIT_KB,
} from './import-dialog-parts';
import { ImportToolsReview } from './import-tools-review';
import { ForeignNotesView } from './foreign-notes';
import { ImportMcpDone, ImportMcpReview } from './import-mcp-review';
import { useImportState } from '../shared/import-state';
import { messageBox, refocusIfLost } from '../shared/focus-fallback';
import { plural } from '../../domain/plural';

type View =
  | { kind: 'closed' }
  | { kind: 'working'; fileName: string; progress: ImportProgress }
  | { kind: 'failed'; fileName: string; failure: ImportFailure }
  | { kind: 'review'; fileName: string; preview: ImportPreview; analysis: ImportAnalysis }
  | { kind: 'done'; fileName: string; summary: ImportSummary };

/** A long list costs a long render and tells the user nothing more. */
const LISTED_SESSIONS = 50;

/** The import flow: progress while the worker checks the file, problems if it fails, clash choices, result. */
export function ImportDialog() {
  const request = useImportState((s) => s.request);
  const clear = useImportState((s) => s.clear);
  const [view, setView] = useState<View>({ kind: 'closed' });
  const [sessionChoices, setSessionChoices] = useState<Record<string, SessionChoice>>({});
  const [toolChoices, setToolChoices] = useState<Record<string, ToolChoice>>({});
  const client = useRef<ImportClient | null>(null);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!request) return;
    client.current?.dispose();
    client.current = null;
    setSessionChoices({});
    setToolChoices({});
    if ('error' in request) {
      setView({ kind: 'failed', fileName: '', failure: { stage: 'read', message: request.error } });
      return;
    }
    const fileName = request.files.map((f) => f.name).join(', ');
    let live = true;
    setView({
      kind: 'working',
      fileName,
      progress: { phase: 'reading', done: 0, total: request.files.reduce((n, f) => n + f.size, 0) },
    });
    void import('../../io/import/import-client').then(async ({ createImportClient }) => {
      if (!live) return;
      const c = createImportClient((progress) => {
        if (live) setView((v) => (v.kind === 'working' ? { ...v, progress } : v));
      });
      client.current = c;
      const result = await c.check(request.files);
      if (!live) return;
      setView(
        result.ok
          ? { kind: 'review', fileName, preview: result.preview, analysis: result.analysis }
          : { kind: 'failed', fileName, failure: result.failure },
      );
    });
    return () => {
      live = false;
    };
  }, [request]);

  // Closed: the opener (a file input, a drop) may be gone or hidden by now; the chat's Message box is the next place.
  useModal(ref, view.kind !== 'closed', () => refocusIfLost(messageBox()));

  // Each step starts the cursor on its first useful control: a choice to make, else the step's main button
  // (never Cancel, which a keyboard would otherwise land on while the file is still being checked).
  useEffect(() => {
    const d = ref.current;
    if (!d || view.kind === 'closed' || view.kind === 'working') return;
    const target =
      view.kind === 'review'
        ? d.querySelector<HTMLElement>('input:not([type="hidden"]), select, .dialog-actions button.primary')
        : d.querySelector<HTMLElement>('.dialog-actions button');
    target?.focus();
  }, [view.kind]);

  const close = () => {
    if (view.kind === 'working' && view.progress.phase === 'writing') return;
    client.current?.dispose();
    client.current = null;
    setView({ kind: 'closed' });
    clear();
  };

  const commit = async (preview: ImportPreview, fileName: string) => {
    const c = client.current;
    if (!c) return;
    const choices: ImportChoices = { sessions: sessionChoices, tools: toolChoices };
    setView({ kind: 'working', fileName, progress: { phase: 'writing', done: 0, total: 0 } });
    const outcome = await c.commit(choices);
    if (!outcome.ok) {
      setView({ kind: 'failed', fileName, failure: outcome.failure });
      return;
    }
    setView({ kind: 'done', fileName, summary: outcome.summary });
    const first = preview.sessions[0] && outcome.summary.sessionIdMap[preview.sessions[0].id];
    if (first) {
      useUiStore.getState().selectSession(first);
      useUiStore.getState().setTab('chat');
    }
  };

  return (
    <dialog
      ref={ref}
      aria-label="Import sessions"
      className="io-dialog"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      {view.kind !== 'closed' && <h2>Import {view.fileName ? `“${view.fileName}”` : ''}</h2>}
      {view.kind === 'working' && <ImportProgressView progress={view.progress} />}
      {view.kind === 'failed' && <ImportFailureView failure={view.failure} />}
      {view.kind === 'review' && (
        <ReviewView
          preview={view.preview}
          analysis={view.analysis}
          sessionChoices={sessionChoices}
          toolChoices={toolChoices}
          onSession={(id, c) => setSessionChoices((s) => ({ ...s, [id]: c }))}
          onTool={(name, c) => setToolChoices((s) => ({ ...s, [name]: c }))}
        />
      )}
      {view.kind === 'done' && (
        <>
          <ImportDoneView summary={view.summary} />
          <ImportMcpDone added={view.summary.mcpServers} skipped={view.summary.skippedMcpServers} />
        </>
      )}
      <div className="dialog-actions">
        {view.kind === 'review' && (
          <button type="button" className="primary" onClick={() => void commit(view.preview, view.fileName)}>
            Import sessions
          </button>
        )}
        {!(view.kind === 'working' && view.progress.phase === 'writing') && (
          <button type="button" onClick={close}>
            {view.kind === 'review' || view.kind === 'working' ? 'Cancel' : 'Close'}
          </button>
        )}
      </div>
    </dialog>
  );
}

type ReviewProps = {
  preview: ImportPreview;
  analysis: ImportAnalysis;
  sessionChoices: Record<string, SessionChoice>;
  toolChoices: Record<string, ToolChoice>;
  onSession: (id: string, choice: SessionChoice) => void;
  onTool: (name: string, choice: ToolChoice) => void;
};

function ReviewView({ preview, analysis, sessionChoices, toolChoices, onSession, onTool }: ReviewProps) {
  return (
    <div className="io-review">
      <p>
        The file is valid: {plural(preview.sessions.length, 'session')},{' '}
        {plural(preview.tools.length + preview.refusedTools.length, 'tool definition')}
        {preview.memories > 0 ? `, ${plural(preview.memories, 'memory')}` : ''}.
      </p>
      {preview.cutValues > 0 && (
        <p className="io-warning">
          {cutSentence(preview.cutValues)} in the file {preview.cutValues === 1 ? 'is' : 'are'} over the{' '}
          {OUTPUT_LIMIT_KB} KB tool output limit and will be cut, marked “[output truncated: …]”, as a run would have
          cut {preview.cutValues === 1 ? 'it' : 'them'}.
        </p>
      )}
      {preview.foreign && <ForeignNotesView notes={preview.foreign} />}
      <ul aria-label="Sessions in the file" className="io-list">
        {preview.sessions.slice(0, LISTED_SESSIONS).map((s) => (
          <li key={s.id}>
            {s.title}{' '}
            <span className="hint">
              ({plural(s.messageCount, 'message')}, {plural(s.toolCallCount, 'tool call')})
            </span>
          </li>
        ))}
        {preview.sessions.length > LISTED_SESSIONS && (
          <li className="hint">…and {preview.sessions.length - LISTED_SESSIONS} more</li>
        )}
      </ul>
      {analysis.sessionClashes.map((c) => (
        <fieldset key={c.id} className="io-choice">
          <legend>Session “{c.existingTitle}” is already here</legend>
          <label>
            <input
              type="radio"
              name={`session-${c.id}`}
              checked={(sessionChoices[c.id] ?? 'copy') === 'copy'}
              onChange={() => onSession(c.id, 'copy')}
            />
            Import as a copy
          </label>
          <label>
            <input
              type="radio"
              name={`session-${c.id}`}
              disabled={c.copyOnly}
              checked={sessionChoices[c.id] === 'replace'}
              onChange={() => onSession(c.id, 'replace')}
            />
            Replace the stored session
          </label>
          {c.running && <p className="hint">It is running now (here or in another tab), so it can only be copied.</p>}
          {c.copyOnly && !c.running && (
            <p className="hint">Its records collide with another stored session, so it can only be copied.</p>
          )}
        </fieldset>
      ))}
      {analysis.forcedCopies.length > 0 && (
        <p className="hint">
          {plural(analysis.forcedCopies.length, 'session')} will be imported under new ids because some of their ids are
          taken.
        </p>
      )}
      <ImportToolsReview preview={preview} analysis={analysis} />
      <ImportMcpReview servers={preview.mcpServers} />
      {analysis.toolClashes.map((c) => (
        <fieldset key={c.name} className="io-choice">
          <legend>Tool “{c.name}” differs from the stored one</legend>
          <p className="hint">
            Different: {c.differences.join(', ')}. {toolAge(c.storedUpdatedAt, c.importedUpdatedAt)}
          </p>
          {c.destination.stored !== c.destination.imported && (
            <p className="hint">
              Requests go to {c.destination.stored} now; the imported one sends them to {c.destination.imported}.
            </p>
          )}
          {c.secrets.kind === 'drop' && (
            <p className="io-warning">
              Replacing it deletes the stored secret{' '}
              {c.secrets.headers.length === 1 ? 'value of header' : 'values of headers'} {c.secrets.headers.join(', ')}:{' '}
              {c.secrets.headers.length === 1 ? 'it was' : 'they were'} entered for {c.secrets.from}, not for{' '}
              {c.secrets.to}. Enter {c.secrets.headers.length === 1 ? 'it' : 'them'} again in Tools if you trust the new
              address.
            </p>
          )}
          {(
            [
              ['keep', 'Keep the stored tool'],
              ['replace', 'Replace it with the imported one'],
              ['rename', `Import under a new name (“${c.renameTo}”)`],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name={`tool-${c.name}`}
                checked={(toolChoices[c.name] ?? 'keep') === value}
                onChange={() => onTool(c.name, value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}

/** Which side was changed last, so "replace" is not a guess. */
function toolAge(stored: number, imported: number): string {
  const when = (t: number) => new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  if (imported === stored) return `Both were last changed ${when(stored)}.`;
  return `The ${imported > stored ? 'imported' : 'stored'} one is newer (stored: ${when(stored)}, file: ${when(imported)}).`;
}
