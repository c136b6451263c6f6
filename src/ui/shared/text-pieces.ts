import { markdownBlockRanges } from './markdown/split-blocks';

/**
 * How long text is shown without stalling the page (architecture.md, invariant 6). Text is cut into pieces, each rendered on its own
 * (Markdown blocks, or plain runs of characters), and shown a page of pieces at a time, so one frame never parses,
 * sanitizes or lays out more than a bounded amount. The figures come from measuring Chromium here: sanitized
 * Markdown costs ~3-8 ms per 1,000 characters when it is dense (list items, table rows), plain text ~0.2 ms.
 */

/** Longest plain piece: one block element, laid out on its own even when the text has no line break at all. */
export const PLAIN_PIECE_CHARS = 20_000;
/** Past this the whole text is plain: splitting it into Markdown blocks alone would cost a frame. */
export const MARKDOWN_MAX_CHARS = 200_000;
/** Rendering cost one page may take (see pieceCost), and the most one Markdown block may cost before it is shown plain. */
export const PAGE_COST = 16_000;
/** A Markdown answer up to this long shows whole without a click, one page per frame. */
export const AUTO_SHOW_CHARS = 64_000;

export type PieceKind = 'markdown' | 'plain';
/** `text.slice(start, end)` rendered as `kind`. */
type Piece = { kind: PieceKind; start: number; end: number };

export type Pieces = {
  pieces: Piece[];
  /** Where each page ends, as a count of pieces: page k shows pieces [0, pageEnds[k]). */
  pageEnds: number[];
  /** Markdown was asked for but the text is too long to format, so all of it is plain. */
  plainFallback: boolean;
};

/**
 * A piece's rough rendering cost, in plain characters: a fenced code block is one element whatever its length;
 * other Markdown pays per line (each list item or table row becomes elements) on top of its characters.
 */
export function pieceCost(text: string, p: Piece): number {
  const length = p.end - p.start;
  if (p.kind === 'plain') return length / 4;
  if (isFencedCode(text, p)) return length / 8;
  let lines = 0;
  for (let i = text.indexOf('\n', p.start); i !== -1 && i < p.end; i = text.indexOf('\n', i + 1)) lines++;
  return length + 40 * lines;
}

function isFencedCode(text: string, p: Piece): boolean {
  const head = text.slice(p.start, Math.min(p.end, p.start + 8)).trimStart();
  return head.startsWith('```') || head.startsWith('~~~');
}

/**
 * Cuts [from, to) into plain pieces of at most `max` characters, at a line break in a piece's last fifth when there
 * is one (so lines stay whole), otherwise anywhere but inside a surrogate pair.
 */
export function plainPieces(text: string, from: number, to: number, max = PLAIN_PIECE_CHARS): Piece[] {
  const pieces: Piece[] = [];
  let start = from;
  while (start < to) {
    let end = Math.min(to, start + max);
    if (end < to) {
      const nl = lastLineBreak(text, end - 1, start + Math.floor(max * 0.8));
      if (nl !== -1) end = nl + 1;
      else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    }
    pieces.push({ kind: 'plain', start, end });
    start = end;
  }
  return pieces;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/** The last "\n" in [from, at], or -1. Scans only that far back: lastIndexOf would scan a line-less megabyte whole, per piece. */
function lastLineBreak(text: string, at: number, from: number): number {
  for (let i = at; i >= from; i--) if (text.charCodeAt(i) === 10) return i;
  return -1;
}

/** The pieces of `text` (its first `maxChars` only) and how they fall into pages. */
export function textPieces(text: string, format: PieceKind, maxChars = Number.POSITIVE_INFINITY): Pieces {
  const to = Math.min(text.length, maxChars);
  const plainFallback = format === 'markdown' && to > MARKDOWN_MAX_CHARS;
  const pieces: Piece[] = [];
  if (format === 'plain' || plainFallback) {
    pieces.push(...plainPieces(text, 0, to));
  } else {
    const source = to < text.length ? text.slice(0, to) : text;
    for (const b of markdownBlockRanges(source)) {
      const block: Piece = { kind: 'markdown', start: b.start, end: b.end };
      // One block too dense to render in a frame (a huge table or list) is shown as it was written.
      if (pieceCost(text, block) > PAGE_COST) pieces.push(...plainPieces(text, b.start, b.end));
      else pieces.push(block);
    }
  }
  return { pieces, pageEnds: pageEnds(text, pieces), plainFallback };
}

function pageEnds(text: string, pieces: readonly Piece[]): number[] {
  const ends: number[] = [];
  let cost = 0;
  pieces.forEach((p, i) => {
    const c = pieceCost(text, p);
    if (cost > 0 && cost + c > PAGE_COST) {
      ends.push(i);
      cost = 0;
    }
    cost += c;
  });
  if (pieces.length > 0) ends.push(pieces.length);
  return ends;
}
