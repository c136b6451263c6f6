import { useEffect, useMemo, useRef, useState } from 'react';
import { openShareLink } from '../../io/share/open-share-link';
import { ShareLinkError } from '../../io/share/share-errors';
import type { OpenedShare } from '../../io/share/share-plaintext';
import { sharedViewKit, type SharedViewKit } from './shared-view-kit';

type State =
  | { kind: 'opening' }
  | { kind: 'open'; share: OpenedShare }
  | { kind: 'failed'; text: string; removed: boolean };

function SharedChat({ kit, share }: { kit: SharedViewKit; share: OpenedShare }) {
  const entry = share.file.sessions[0]!;
  const requestImport = kit.useImportState((s) => s.requestImport);
  const [shown, setShown] = useState<string | null>(null);
  const model = useMemo(() => {
    const { messages, siblings } = kit.sharedBranchView(entry, shown);
    const built = kit.buildChatModel(messages, [], null);
    return { rows: kit.collapseCompacted(built.rows), toolResults: built.toolResults, siblings };
  }, [kit, entry, shown]);
  const toolRecords = useMemo(() => new Map(entry.toolCalls.map((c) => [c.id, c])), [entry]);
  const importCopy = () => {
    const name = `${entry.session.title.replace(/[^\p{L}\p{N} _-]+/gu, ' ').trim() || 'shared session'}.json`;
    // The same file chooser path as "Import": the import dialog checks it again and writes it in one transaction.
    requestImport([new File([share.text], name, { type: 'application/json' })]);
  };
  const { BranchSwitcher, MessageByRole } = kit;
  // Read-only: the only control on a message is its branch counter, which changes what this view shows.
  const footer = (m: { id: string }) => (
    <BranchSwitcher siblings={model.siblings.get(m.id)} disabled={false} onShow={setShown} />
  );
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
        {model.rows.map((row) =>
          row.kind === 'message' ? (
            <MessageByRole
              key={row.key}
              sessionId={entry.session.id}
              message={row.message}
              toolResults={model.toolResults}
              toolRecords={toolRecords}
              userFooter={footer}
              assistantFooter={footer}
            />
          ) : null,
        )}
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
      (e: unknown) =>
        live &&
        setState({
          kind: 'failed',
          text:
            e instanceof ShareLinkError
              ? e.message
              : 'This share link could not be opened. Copy the whole link again, or ask the sender for it.',
          removed: e instanceof ShareLinkError && e.kind === 'removed',
        }),
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
        {state.kind === 'failed'
          ? state.removed
            ? 'Shared session removed'
            : 'Share link could not be opened'
          : title}
      </h2>
      {state.kind === 'opening' && <p role="status">Opening the shared session…</p>}
      {state.kind === 'failed' && <p role="alert">{state.text}</p>}
      {state.kind === 'open' && <SharedChat kit={kit} share={state.share} />}
    </section>
  );
}
