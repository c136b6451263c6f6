import { memo, useEffect, useMemo, useState, type MouseEvent } from 'react';

function onCopyClick(e: MouseEvent<HTMLDivElement>) {
  const target = e.target;
  if (!(target instanceof HTMLButtonElement) || !target.hasAttribute('data-copy-code')) return;
  const code = target.parentElement?.querySelector('code')?.textContent ?? '';
  void navigator.clipboard?.writeText(code).then(
    () => {
      target.textContent = 'Copied';
      setTimeout(() => {
        target.textContent = 'Copy';
      }, 1500);
    },
    () => {
      target.textContent = 'Copy failed';
    },
  );
}

type Render = (text: string) => string;

/**
 * The Markdown renderer (marked + DOMPurify, ~25 KB gzip) loads with the first message that needs it, not with the
 * page: the empty start page and the Settings dialog do not pay for it (architecture.md, "Speed targets": initial JS).
 */
let renderer: Render | null = null;
let loading: Promise<Render> | null = null;
function loadRenderer(): Promise<Render> {
  loading ??= import('./render-markdown').then((m) => {
    renderer = m.renderMarkdown;
    return m.renderMarkdown;
  });
  return loading;
}

/**
 * Whether the renderer is here; asks for it on first call. The chat waits for it before showing a conversation, so
 * rows are measured once with their final height (a swap from plain text would move the list under a reader).
 */
export function useMarkdownReady(wanted: boolean): boolean {
  const [ready, setReady] = useState(() => renderer !== null);
  useEffect(() => {
    if (ready || !wanted) return;
    let live = true;
    loadRenderer().then(
      () => live && setReady(true),
      () => {
        loading = null;
        // Shown as plain text rather than never: MarkdownView falls back on its own.
        if (live) setReady(true);
      },
    );
    return () => {
      live = false;
    };
  }, [ready, wanted]);
  return ready;
}

/** One piece of sanitized Markdown (LongText holds the pieces in one `.markdown`); code blocks carry a Copy button handled by delegation. */
export const MarkdownView = memo(function MarkdownView({ text }: { text: string }) {
  const [render, setRender] = useState<Render | null>(() => renderer);
  useEffect(() => {
    if (render) return;
    let live = true;
    // A failed load keeps the plain text on screen; the next message tries again.
    loadRenderer().then(
      (r) => live && setRender(() => r),
      () => {
        loading = null;
      },
    );
    return () => {
      live = false;
    };
  }, [render]);
  const html = useMemo(() => (render ? render(text) : null), [render, text]);
  // Until the renderer is here, the text as typed (never as HTML): the same words, without formatting.
  if (html === null) return <div className="markdown-piece markdown-plain">{text}</div>;
  return <div className="markdown-piece" onClick={onCopyClick} dangerouslySetInnerHTML={{ __html: html }} />;
});
