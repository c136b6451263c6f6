import { downloadText } from '../download';

type Props = {
  sessionId: string | null;
  /** The Export menu's runner: closes the menu and shows the outcome. */
  run: (work: () => Promise<string>) => void;
};

// The readers (and the AG-UI schemas) load on first use, out of the first page load.
const loadReads = () => import('../data/interop-export');

/** The Export menu's interop part (architecture.md, "Import and export of other formats"): AG-UI events, Markdown. */
export function InteropExportItems({ sessionId, run }: Props) {
  return (
    <>
      <button type="button" role="menuitem" tabIndex={-1} disabled={!sessionId} onClick={() => sessionId && run(() => exportAgui(sessionId))}>
        This session as AG-UI events
      </button>
      <button type="button" role="menuitem" tabIndex={-1} disabled={!sessionId} onClick={() => sessionId && run(() => copySessionMarkdown(sessionId))}>
        Copy as Markdown
      </button>
    </>
  );
}

async function exportAgui(sessionId: string): Promise<string> {
  const [{ buildAguiEvents }, { fileStamp, slugify }] = await Promise.all([loadReads(), import('../../io/file-name')]);
  const { title, jsonLines, count } = await buildAguiEvents(sessionId);
  const name = `toolscope-${slugify(title)}-ag-ui-${fileStamp(new Date())}.jsonl`;
  downloadText(name, jsonLines, 'application/jsonl');
  return `Exported ${count} AG-UI event${count === 1 ? '' : 's'} (JSON Lines) as ${name}.`;
}

async function copySessionMarkdown(sessionId: string): Promise<string> {
  const { buildSessionMarkdown } = await loadReads();
  const md = await buildSessionMarkdown(sessionId);
  await copyText(md);
  return `Copied the session as Markdown (${md.length.toLocaleString('en-US')} characters).`;
}

/** Writes to the clipboard; the browser may refuse (no permission, page not focused): say so as a sentence. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch (err) {
    throw new Error(`the browser did not allow writing to the clipboard (${err instanceof Error ? err.message : String(err)}). Click in the page and try again.`, { cause: err });
  }
}
