/**
 * The interop actions' buttons (architecture.md, "Import and export of other formats"), one chunk loaded when the
 * Export menu first opens not with the page. What they do (and the readers and the
 * AG-UI schemas) loads with the first click.
 */
// A static name for the lazy chunk's functions, so the check for unused exports (knip) sees them used.
const interopActions = async () => {
  const { exportAgui, copySessionMarkdown } = await import('./interop-actions');
  return { exportAgui, copySessionMarkdown };
};

type ItemsProps = {
  sessionId: string | null;
  /** The Export menu's runner: closes the menu and shows the outcome. */
  run: (work: () => Promise<string>) => void;
};

/** The Export menu's "This session as AG-UI events" (JSON Lines, or one JSON array) and "Copy as Markdown". */
export function InteropExportItems({ sessionId, run }: ItemsProps) {
  return (
    <>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        disabled={!sessionId}
        onClick={() => sessionId && run(async () => (await interopActions()).exportAgui(sessionId, 'json-lines'))}
      >
        This session as AG-UI events
      </button>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        disabled={!sessionId}
        onClick={() => sessionId && run(async () => (await interopActions()).exportAgui(sessionId, 'json-array'))}
      >
        This session as AG-UI events (JSON array)
      </button>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        disabled={!sessionId}
        onClick={() => sessionId && run(async () => (await interopActions()).copySessionMarkdown(sessionId))}
      >
        Copy as Markdown
      </button>
    </>
  );
}
