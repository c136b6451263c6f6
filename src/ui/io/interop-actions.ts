import { buildAguiEvents, buildMessageMarkdown, buildSessionMarkdown } from '../data/io/interop-export';
import { downloadText } from '../shared/download';
import { fileStamp, slugify } from '../../io/file-name';
import type { AguiFileShape } from '../../io/foreign/agui-export';

/**
 * What the interop items do (architecture.md, "Import and export of other formats"), loaded with the first click so
 * the page's first load carries only the buttons. Each returns the sentence the person sees.
 */
export async function exportAgui(sessionId: string, shape: AguiFileShape): Promise<string> {
  const { title, text, count } = await buildAguiEvents(sessionId, shape);
  const lines = shape === 'json-lines';
  const name = `toolscope-${slugify(title)}-ag-ui-${fileStamp(new Date())}.${lines ? 'jsonl' : 'json'}`;
  downloadText(name, text, lines ? 'application/jsonl' : 'application/json');
  return `Exported ${count} AG-UI event${count === 1 ? '' : 's'} (${lines ? 'JSON Lines' : 'a JSON array'}) as ${name}.`;
}

export async function copySessionMarkdown(sessionId: string): Promise<string> {
  const md = await buildSessionMarkdown(sessionId);
  await copyText(md);
  return `Copied the session as Markdown (${md.length.toLocaleString('en-US')} characters).`;
}

export async function copyMessageMarkdown(sessionId: string, messageId: string): Promise<string> {
  await copyText(await buildMessageMarkdown(sessionId, messageId));
  return 'Copied.';
}

/** Writes to the clipboard; the browser may refuse (no permission, page not focused): say so as a sentence. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch (err) {
    throw new Error(
      `the browser did not allow writing to the clipboard (${err instanceof Error ? err.message : String(err)}). Click in the page and try again.`,
      { cause: err },
    );
  }
}
