import { useState } from 'react';

/**
 * The interop actions' buttons (architecture.md, "Import and export of other formats"), one chunk loaded when the
 * Export menu first opens or the first message shows, not with the page. What they do (and the readers and the
 * AG-UI schemas) loads with the first click.
 */
const interopActions = () => import('./interop-actions');

type ItemsProps = {
  sessionId: string | null;
  /** The Export menu's runner: closes the menu and shows the outcome. */
  run: (work: () => Promise<string>) => void;
};

/** The Export menu's "This session as AG-UI events" and "Copy as Markdown". */
export function InteropExportItems({ sessionId, run }: ItemsProps) {
  return (
    <>
      <button type="button" role="menuitem" tabIndex={-1} disabled={!sessionId} onClick={() => sessionId && run(async () => (await interopActions()).exportAgui(sessionId))}>
        This session as AG-UI events
      </button>
      <button type="button" role="menuitem" tabIndex={-1} disabled={!sessionId} onClick={() => sessionId && run(async () => (await interopActions()).copySessionMarkdown(sessionId))}>
        Copy as Markdown
      </button>
    </>
  );
}

/** "Copy as Markdown" for one message and its tool calls: one self-contained action, ready for a message's actions list. */
export function CopyMessageMarkdown({ sessionId, messageId }: { sessionId: string; messageId: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      setSaid(await (await interopActions()).copyMessageMarkdown(sessionId, messageId));
    } catch (err) {
      setSaid(`Not copied: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return (
    <span className="copy-markdown">
      <button type="button" onClick={() => void copy()}>Copy as Markdown</button>
      <span aria-live="polite" className="hint">{said}</span>
    </span>
  );
}
