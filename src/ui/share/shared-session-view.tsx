import { useEffect, useMemo, useRef, useState } from 'react';
import type { ExportedSessionV1 } from '../../io/format-v1';
import { openShareLink } from '../../io/share/open-share-link';
import { ShareLinkError } from '../../io/share/share-errors';
import type { OpenedShare } from '../../io/share/share-plaintext';
import type { ToolMessage } from '../../domain/messages';
import type { ChatRow } from '../chat/chat-rows';
import type { ToolCallRecord } from '../data/record-types';
import { sharedViewKit, type SharedViewKit } from './shared-view-kit';

type State = { kind: 'opening' } | { kind: 'open'; share: OpenedShare } | { kind: 'failed'; text: string };

/** The messages on the session's active path, as the chat shows them (architecture.md, "Branches"). */
function pathMessages({ branchStateOf, pathIds, ROOT_BRANCH }: SharedViewKit, entry: ExportedSessionV1) {
  if (!entry.session.branches?.length) return entry.messages;
  const own = new Map<string, string[]>();
  for (const m of entry.messages) {
    const b = m.branchId ?? ROOT_BRANCH;
    own.set(b, [...(own.get(b) ?? []), m.id]);
  }
  const byId = new Map(entry.messages.map((m) => [m.id, m]));
  return pathIds(branchStateOf(entry.session), own).flatMap((id) => byId.get(id) ?? []);
}

/** One message, read-only: the chat's own message views without their actions (edit, regenerate, fork, branches). */
function SharedRow({ kit, sessionId, row, toolResults, toolRecords }: { kit: SharedViewKit; sessionId: string; row: ChatRow; toolResults: Map<string, ToolMessage>; toolRecords: Map<string, ToolCallRecord> }) {
  const { AssistantMessageView, LongText, UserMessageView } = kit;
  if (row.kind !== 'message') return null;
  const m = row.message;
  switch (m.role) {
    case 'user':
      return <UserMessageView message={m} />;
    case 'assistant':
      return <AssistantMessageView sessionId={sessionId} message={m} toolResults={toolResults} toolRecords={toolRecords} />;
    case 'system':
      return (
        <article className="message message-system" aria-label="System message">
          <div className="message-role">System</div>
          <LongText text={m.content} format="markdown" />
        </article>
      );
    case 'tool':
      return null;
  }
}

function SharedChat({ kit, share }: { kit: SharedViewKit; share: OpenedShare }) {
  const entry = share.file.sessions[0]!;
  const requestImport = kit.useImportState((s) => s.requestImport);
  const model = useMemo(() => {
    const built = kit.buildChatModel(pathMessages(kit, entry), [], null);
    return { rows: kit.collapseCompacted(built.rows), toolResults: built.toolResults };
  }, [kit, entry]);
  const toolRecords = useMemo(() => new Map(entry.toolCalls.map((c) => [c.id, c])), [entry]);
  const importCopy = () => {
    const name = `${entry.session.title.replace(/[^\p{L}\p{N} _-]+/gu, ' ').trim() || 'shared session'}.json`;
    // The same file chooser path as "Import": the import dialog checks it again and writes it in one transaction.
    requestImport([new File([share.text], name, { type: 'application/json' })]);
  };
  return (
    <>
      <p className="chat-banner" role="note">
        Shared session: read-only. Nothing of it is stored in this browser unless you import a copy.
        {share.toolResults ? '' : ' The sender left tool results out.'}
      </p>
      <div className="shared-actions">
        <button type="button" className="primary" onClick={importCopy}>
          Import a copy
        </button>
      </div>
      <div className="message-list">
        {model.rows.map((row) => (
          <SharedRow key={row.key} kit={kit} sessionId={entry.session.id} row={row} toolResults={model.toolResults} toolRecords={toolRecords} />
        ))}
      </div>
    </>
  );
}

/**
 * A share link opened (architecture.md, "Share links"): the session it carries, read-only, with "Import a copy".
 * It reads the fragment from the address itself, once, so the key never enters the app's state, settings or logs;
 * an inline link sends no request at all, a stored one a single GET of the sealed bytes.
 */
export function SharedSessionView() {
  const kit = sharedViewKit;
  const [state, setState] = useState<State>({ kind: 'opening' });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let live = true;
    openShareLink(window.location.hash).then(
      (share) => live && setState({ kind: 'open', share }),
      (e: unknown) => live && setState({ kind: 'failed', text: e instanceof ShareLinkError ? e.message : 'This share link could not be opened. Copy the whole link again, or ask the sender for it.' }),
    );
    return () => {
      live = false;
    };
  }, []);
  // The view changed under the person's feet: tell them where they are.
  useEffect(() => heading.current?.focus(), [state.kind]);
  const title = state.kind === 'open' ? state.share.file.sessions[0]!.session.title : 'Shared session';
  return (
    <section className="shared-session" aria-labelledby="shared-session-title" aria-busy={state.kind === 'opening'}>
      <h2 id="shared-session-title" ref={heading} tabIndex={-1} className="shared-title">
        {state.kind === 'failed' ? 'Share link could not be opened' : title}
      </h2>
      {state.kind === 'opening' && <p role="status">Opening the shared session…</p>}
      {state.kind === 'failed' && <p role="alert">{state.text}</p>}
      {state.kind === 'open' && <SharedChat kit={kit} share={state.share} />}
    </section>
  );
}
