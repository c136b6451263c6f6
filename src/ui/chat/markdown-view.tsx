import { memo, useMemo, type MouseEvent } from 'react';
import { renderMarkdown } from './render-markdown';

function onCopyClick(e: MouseEvent<HTMLDivElement>) {
  const target = e.target;
  if (!(target instanceof HTMLButtonElement) || !target.hasAttribute('data-copy-code')) return;
  const code = target.parentElement?.querySelector('code')?.textContent ?? '';
  void navigator.clipboard?.writeText(code).then(
    () => { target.textContent = 'Copied'; setTimeout(() => { target.textContent = 'Copy'; }, 1500); },
    () => { target.textContent = 'Copy failed'; },
  );
}

/** One piece of sanitized Markdown (LongText holds the pieces in one `.markdown`); code blocks carry a Copy button handled by delegation. */
export const MarkdownView = memo(function MarkdownView({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div className="markdown-piece" onClick={onCopyClick} dangerouslySetInnerHTML={{ __html: html }} />;
});
