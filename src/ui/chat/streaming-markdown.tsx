import { MarkdownView } from './markdown-view';
import { splitMarkdownBlocks } from './split-blocks';

/** Markdown that is still growing: finished blocks keep their rendered HTML, only the last one is redone. */
export function StreamingMarkdown({ text }: { text: string }) {
  const blocks = splitMarkdownBlocks(text);
  return (
    <div className="markdown-stream">
      {blocks.map((b, i) => (
        <MarkdownView key={i} text={b} />
      ))}
    </div>
  );
}
