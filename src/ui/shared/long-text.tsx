import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { MarkdownView } from './markdown/markdown-view';
import { AUTO_SHOW_CHARS, textPieces, type PieceKind } from './text-pieces';
import './long-text.css';

type Props = {
  text: string;
  format: PieceKind;
  /** Still being written: every piece shows (the person is watching it arrive); only the last one re-renders. */
  live?: boolean;
  /** Show no more than this many characters; a marker says how many more are stored (data kept before a limit). */
  maxChars?: number;
  /** Why the rest is not shown, after "N more characters not shown: ". */
  cutReason?: string;
  /** The element that holds the text, and its accessible name. */
  as?: 'div' | 'pre';
  label?: string;
  className?: string;
};

const PlainPiece = memo(function PlainPiece({ text }: { text: string }) {
  return <span className="text-piece">{text}</span>;
});

const fmt = (n: number) => n.toLocaleString('en-US');

/** How many pieces end within the first `chars` characters (at least one, so a stream never shows nothing). */
function liveCount(pieces: readonly { end: number }[], chars: number): number {
  let n = 0;
  while (n < pieces.length && (n === 0 || (pieces[n]?.end ?? 0) <= chars)) n++;
  return n;
}

/**
 * Text of any length without stalling the page: rendered in pieces, a page at a time ("Show more"), and past a size
 * cap as plain text instead of Markdown (see text-pieces.ts).
 */
export const LongText = memo(function LongText({
  text,
  format,
  live = false,
  maxChars,
  cutReason,
  as = 'div',
  label,
  className,
}: Props) {
  const { pieces, pageEnds, plainFallback } = useMemo(
    () => textPieces(text, format, maxChars),
    [text, format, maxChars],
  );
  const [pages, setPages] = useState(1);
  // One ref for either element the text may sit in.
  const holder = useRef<HTMLDivElement & HTMLPreElement>(null);
  const focusPiece = useRef<number | null>(null);
  const statusId = useId();
  const paged = pageEnds[Math.min(pages, pageEnds.length) - 1] ?? 0;
  // While text arrives, all of it shows up to AUTO_SHOW_CHARS; past that the pages shown so far stay and the rest
  // waits for "Show more", so a megabyte stream never lays out a megabyte (invariant 6).
  const shownCount = live ? Math.max(paged, liveCount(pieces, AUTO_SHOW_CHARS)) : paged;
  const more = shownCount < pieces.length;
  const limit = Math.min(text.length, maxChars ?? Number.POSITIVE_INFINITY);
  const shownChars = pieces[shownCount - 1]?.end ?? 0;

  // A formatted answer of ordinary length shows whole, a page per frame; only past AUTO_SHOW_CHARS does it wait for "Show more".
  const auto = !live && format === 'markdown' && !plainFallback && more && shownChars < AUTO_SHOW_CHARS;
  useEffect(() => {
    if (!auto) return;
    const frame = requestAnimationFrame(() => setPages((p) => p + 1));
    return () => cancelAnimationFrame(frame);
  }, [auto, pages]);

  // The last "Show more" takes its button away: focus goes to the text it revealed, not to the page.
  useEffect(() => {
    const index = focusPiece.current;
    focusPiece.current = null;
    const piece = index === null ? null : holder.current?.children.item(index);
    if (!(piece instanceof HTMLElement)) return;
    piece.tabIndex = -1;
    piece.focus();
  }, [pages]);

  const showMore = () => {
    if (pages + 1 >= pageEnds.length) focusPiece.current = shownCount;
    setPages(pages + 1);
  };

  const children = pieces.slice(0, shownCount).map((p, i) => {
    const piece = text.slice(p.start, p.end);
    return p.kind === 'markdown' ? <MarkdownView key={i} text={piece} /> : <PlainPiece key={i} text={piece} />;
  });
  const holderClass = [className, format === 'markdown' ? 'markdown' : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      {plainFallback && (
        <p className="long-text-note">Too long to format ({fmt(text.length)} characters): shown as plain text.</p>
      )}
      {as === 'pre' ? (
        <pre ref={holder} className={holderClass} aria-label={label} {...(label ? { role: 'group', tabIndex: 0 } : {})}>
          {children}
        </pre>
      ) : (
        <div ref={holder} className={holderClass} aria-label={label} role={label ? 'group' : undefined}>
          {children}
        </div>
      )}
      {more && !auto && (
        <div className="long-text-more">
          <span className="hint" id={statusId}>
            Showing {fmt(shownChars)} of {fmt(limit)} characters.
          </span>
          <button type="button" className="link" aria-describedby={statusId} onClick={showMore}>
            Show more
          </button>
        </div>
      )}
      {text.length > limit && (
        <p className="long-text-cut">
          …[{fmt(text.length - limit)} more characters not shown{cutReason ? `: ${cutReason}` : ''}]
        </p>
      )}
    </>
  );
});
