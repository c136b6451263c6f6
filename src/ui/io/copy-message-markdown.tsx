import { useState } from 'react';
import { copyText } from './interop-export-items';

/**
 * "Copy as Markdown" for one message and its tool calls (architecture.md, "Import and export of other formats"). One
 * self-contained action, so it can move into the message's "More actions" list as it is.
 */
export function CopyMessageMarkdown({ sessionId, messageId }: { sessionId: string; messageId: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const copy = async () => {
    try {
      const { buildMessageMarkdown } = await import('../data/interop-export');
      await copyText(await buildMessageMarkdown(sessionId, messageId));
      setSaid('Copied.');
    } catch (err) {
      setSaid(`Not copied: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return (
    <span className="copy-markdown">
      <button type="button" onClick={() => void copy()}>Copy as Markdown</button>
      <span aria-live="polite" className="hint">{said ?? ''}</span>
    </span>
  );
}
